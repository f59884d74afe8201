import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n/index.ts';
import Lightbox from './Lightbox.tsx';

// The islands' server-rendered states: what the static page shows before any script runs.

describe('picture viewer', () => {
  const strings = resources.en.catalog.lightbox;

  it('shows its no-pictures state', () => {
    const html = renderToStaticMarkup(createElement(Lightbox, { items: [], strings, onClose: () => {} }));
    expect(html).toContain('There are no pictures to show.');
    expect(html).toContain('<dialog class="lightbox" aria-label="Picture viewer"');
  });

  it('shows the chosen picture with its count', () => {
    const items = [
      { src: '/media/a.jpg', title: 'Spring', alt: 'Maple in spring' },
      { src: '/media/b.jpg', title: 'Fall', alt: 'Maple in fall' },
    ];
    const html = renderToStaticMarkup(createElement(Lightbox, { items, startIndex: 1, strings, onClose: () => {} }));
    expect(html).toContain('2 of 2');
    expect(html).toContain('alt="Maple in fall"');
    expect(html).toContain('aria-label="Next picture"');
  });
});
