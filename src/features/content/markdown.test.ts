import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SEED_PATH } from './content-seed.server.ts';
import { headingId, renderMarkdown, safeHref, wantsTableOfContents } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders CommonMark and GFM', () => {
    const { html } = renderMarkdown('Some **bold** text.\n\n- one\n- two\n\nMail info@example.com');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="mailto:info@example.com">info@example.com</a>');
  });

  it('shows raw HTML as text, never as markup', () => {
    const { html } = renderMarkdown('<script>alert(1)</script>\n\nHello <img src=x onerror=alert(1)> there');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('drops unsafe link and image targets but keeps the text', () => {
    const { html } = renderMarkdown('[click](javascript:alert(1)) and ![pic](data:image/png;base64,AAAA)');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:');
    expect(html).toContain('click');
    expect(html).toContain('pic');
  });

  it('marks external links and keeps site links plain', () => {
    const { html } = renderMarkdown('[Contact](/content/contact) and [Maps](https://maps.example.com/?q=a&b=c)');
    expect(html).toContain('<a href="/content/contact">Contact</a>');
    expect(html).toContain('href="https://maps.example.com/?q=a&amp;b=c" rel="noopener noreferrer external"');
  });

  it('gives headings unique ids and lists sections for the table of contents', () => {
    const { html, toc } = renderMarkdown(
      '# Title\n\n## Où livrez-vous?\n\ntext\n\n### *Milton*\n\n## Où livrez-vous?\n',
    );
    expect(html).toContain('<h2 id="title">Title</h2>');
    expect(html).toContain('<h2 id="ou-livrez-vous">Où livrez-vous?</h2>');
    expect(html).toContain('<h3 id="milton"><em>Milton</em></h3>');
    expect(html).toContain('<h2 id="ou-livrez-vous-2">');
    expect(toc).toEqual([
      { id: 'title', text: 'Title', depth: 2 },
      { id: 'ou-livrez-vous', text: 'Où livrez-vous?', depth: 2 },
      { id: 'milton', text: 'Milton', depth: 3 },
      { id: 'ou-livrez-vous-2', text: 'Où livrez-vous?', depth: 2 },
    ]);
  });

  it('makes ids from text without accents or punctuation', () => {
    expect(headingId("Qu'est-ce qu'une soumission?")).toBe('qu-est-ce-qu-une-soumission');
    expect(headingId('???')).toBe('section');
  });

  it('accepts only safe link targets', () => {
    expect(safeHref('/search?q=erable')).toBe('/search?q=erable');
    expect(safeHref('#top')).toBe('#top');
    expect(safeHref('tel:+18005550123')).toBe('tel:+18005550123');
    expect(safeHref('//evil.example.com')).toBeUndefined();
    expect(safeHref(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeHref('vbscript:x')).toBeUndefined();
  });

  it('wants a table of contents only on long pages', () => {
    const entry = (id: string) => ({ id, text: id, depth: 2 as const });
    expect(wantsTableOfContents([entry('a'), entry('b'), entry('c')])).toBe(false);
    expect(wantsTableOfContents([entry('a'), entry('b'), entry('c'), entry('d')])).toBe(true);
  });
});

describe('the seeded content pages', () => {
  const { pages } = JSON.parse(readFileSync(CONTENT_SEED_PATH, 'utf8')) as {
    pages: { key: string; slug_en: string; slug_fr: string; body_en: string; body_fr: string }[];
  };

  it('hold no raw HTML', () => {
    for (const page of pages) {
      for (const body of [page.body_en, page.body_fr]) expect(renderMarkdown(body).html).not.toMatch(/&lt;[a-z]/i);
    }
  });

  it('link only to content pages that exist, in their own language', () => {
    const slugs = { en: new Set(pages.map((p) => p.slug_en)), fr: new Set(pages.map((p) => p.slug_fr)) };
    for (const page of pages) {
      for (const locale of ['en', 'fr'] as const) {
        const html = renderMarkdown(locale === 'en' ? page.body_en : page.body_fr).html;
        for (const [, href] of html.matchAll(/href="([^"]+)"/g)) {
          if (!href?.startsWith('/')) continue;
          expect(href.startsWith('/fr/') || href === '/fr', `${page.key} (${locale}) links to ${href}`).toBe(
            locale === 'fr',
          );
          const content = href.match(/^(?:\/fr)?\/content\/([^/?#]+)/);
          if (content?.[1]) expect(slugs[locale].has(content[1]), `${href} exists`).toBe(true);
        }
      }
    }
  });
});

describe('French typography in headings', () => {
  it('keeps the no-break spaces in the heading and its table-of-contents entry', () => {
    const { html, toc } = renderMarkdown('## Où livrez-vous\u202f?');
    expect(toc[0]?.text).toBe('Où livrez-vous\u202f?');
    expect(toc[0]?.id).toBe('ou-livrez-vous');
    expect(html).toContain('Où livrez-vous\u202f?');
  });
});
