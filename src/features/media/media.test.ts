import { describe, expect, it } from 'vitest';
import { type ImageVariant, MAX_IMAGE_BYTES, precheckFile, sniffImageType, srcsetOf, variantFor } from './media.ts';

describe('image checks', () => {
  it('knows JPEG and PNG by their first bytes, and nothing else', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('just text'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('checks names and sizes in the browser before sending', () => {
    expect(precheckFile({ name: 'a.JPG', size: 10 })).toBeNull();
    expect(precheckFile({ name: 'a.jpeg', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(precheckFile({ name: 'a.png', size: MAX_IMAGE_BYTES + 1 })).toBe('size');
    expect(precheckFile({ name: 'a.gif', size: 10 })).toBe('type');
    expect(precheckFile({ name: 'a.png', size: 0 })).toBe('empty');
  });
});

describe('srcset from stored variants', () => {
  const variants: ImageVariant[] = [
    { width: 1200, height: 900, format: 'jpeg', key: 'p/1/x/1200.jpg', bytes: 1 },
    { width: 160, height: 120, format: 'webp', key: 'p/1/x/160.webp', bytes: 1 },
    { width: 480, height: 360, format: 'webp', key: 'p/1/x/480.webp', bytes: 1 },
    { width: 160, height: 120, format: 'jpeg', key: 'p/1/x/160.jpg', bytes: 1 },
  ];
  it('lists each width of a format once, smallest first', () => {
    expect(srcsetOf(variants, 'webp', (key) => `/media/${key}`)).toBe(
      '/media/p/1/x/160.webp 160w, /media/p/1/x/480.webp 480w',
    );
    expect(srcsetOf(variants, 'jpeg', (key) => key)).toBe('p/1/x/160.jpg 160w, p/1/x/1200.jpg 1200w');
  });
  it('picks the smallest variant at least as wide as wanted, else the largest', () => {
    expect(variantFor(variants, 'jpeg', 480)?.width).toBe(1200);
    expect(variantFor(variants, 'webp', 2000)?.width).toBe(480);
    expect(variantFor([], 'webp', 100)).toBeUndefined();
  });
});
