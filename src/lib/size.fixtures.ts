import type { Size } from './size.ts';

/** Sizes and label shapes for the tests of size.ts and of the migration's SQL reader. */

export const container = (...values: number[]): Size => ({ kind: 'container', values, rootBall: null });
export const pot = (...values: number[]): Size => ({ kind: 'pot', values, rootBall: null });
export const height = (...values: number[]): Size => ({ kind: 'height', values, rootBall: null });
export const wireBasket = (...values: number[]): Size => ({ kind: 'caliper', values, rootBall: 'wire_basket' });
export const burlapCaliper = (...values: number[]): Size => ({ kind: 'caliper', values, rootBall: 'burlap' });
export const ballAndBurlap = (...values: number[]): Size => ({ kind: 'balled_burlapped', values, rootBall: 'burlap' });

/** Every label shape found in the seed data, the quote history and the issue. */
export const LABEL_SHAPES: [string, Size | null][] = [
  ['#1', container(1)],
  ['#5', container(5)],
  ['#15', container(15)],
  ['15cm pot', pot(15)],
  ['15 cm pot', pot(15)],
  ['80cm', height(80)],
  ['100cm', height(100)],
  ['200 cm', height(200)],
  ['50mm WB', wireBasket(50)],
  ['40/50/60mm WB', wireBasket(40, 50, 60)],
  ['60 mm WB', wireBasket(60)],
  ['50mm B&B', burlapCaliper(50)],
  ['B&B 150cm', ballAndBurlap(150)],
  ['B&B 150/200cm', ballAndBurlap(150, 200)],
  ['  B&B  200cm ', ballAndBurlap(200)],
  ['5 gal', null],
  ['#0', null],
  ['large', null],
  ['15cm', height(15)],
  ['', null],
];
