import type { resources } from '../../lib/i18n/index.ts';

/** The cart page's messages in one language (the `cart` namespace). */
export type CartStrings = (typeof resources)['en']['cart'];
