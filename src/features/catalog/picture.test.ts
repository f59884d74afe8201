import { describe, expect, it } from 'vitest';
import type { BrowseItem } from './browse.ts';
import { pictureSources } from './picture.ts';
import { cardPicture } from './product-card.ts';

const image = {
  key: 'products/1/a/1200.jpg',
  width: 1200,
  height: 800,
  variants: [
    { width: 480, height: 320, format: 'webp' as const, key: 'products/1/a/480.webp', bytes: 1 },
    { width: 480, height: 320, format: 'jpeg' as const, key: 'products/1/a/480.jpg', bytes: 1 },
    { width: 1200, height: 800, format: 'jpeg' as const, key: 'products/1/a/1200.jpg', bytes: 1 },
  ],
};

describe('product photos on pages', () => {
  it('writes srcsets from the stored variants and keeps the intrinsic size', () => {
    expect(pictureSources(image, 480)).toEqual({
      webp: '/media/products/1/a/480.webp 480w',
      jpeg: '/media/products/1/a/480.jpg 480w, /media/products/1/a/1200.jpg 1200w',
      src: '/media/products/1/a/480.jpg',
      width: 1200,
      height: 800,
    });
  });

  it('draws the plant when a card has no photo, and loads photos lazily below the fold', () => {
    const item = { i: 7, a: ['tree', '#c8322f', '#6b9c4a'] } as Pick<BrowseItem, 'a' | 'i' | 'm'>;
    expect(cardPicture(item)).toMatch(/^<div class="plant-art"><svg/);
    const withPhoto = { ...item, m: ['a.webp 480w', 'a.jpg 480w', '/media/a.jpg', 1200, 800, 'Red "maple"'] } as Pick<
      BrowseItem,
      'a' | 'i' | 'm'
    >;
    const first = cardPicture(withPhoto, 0);
    expect(first).toContain(
      '<img src="/media/a.jpg" width="1200" height="800" alt="Red &quot;maple&quot;" decoding="async">',
    );
    expect(first).not.toContain('loading="lazy"');
    expect(cardPicture(withPhoto, 9)).toContain('loading="lazy"');
  });
});
