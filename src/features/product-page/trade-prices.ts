import { atom } from 'nanostores';

/**
 * What a shopper with trade pricing pays for each size of the product on the page (variant id
 * → cents), once the live availability has said so; null for everyone else, who pay the list
 * price the page was built with. Shared by the page's script and its purchase panel.
 */
export const $tradePrices = atom<ReadonlyMap<number, number> | null>(null);
