import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Content pages are Markdown written by staff. Rendered at build time, with three rules on
 * top of CommonMark + GFM: raw HTML is shown as text, never passed through; links and
 * images keep only safe targets (site paths, http(s), mailto, tel); headings get stable ids
 * for the table of contents, and a `#` heading becomes `##` because the page title is the h1.
 */

export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
}

/** An id from heading text, the same in every browser: "Où livrez-vous?" → "ou-livrez-vous". */
export function headingId(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'section'
  );
}

/** Site paths, fragments and the few schemes a content page needs; anything else is dropped. */
export function safeHref(href: string): string | undefined {
  const value = href.trim();
  if (/^(\/(?!\/)|#|\.\.?\/)/.test(value)) return value;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return value;
  return undefined;
}

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  const uniqueId = (text: string) => {
    const base = headingId(text);
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };

  const marked = new Marked({
    gfm: true,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(Math.max(depth, 2), 6);
        // Only ordinary white space: French typography's no-break spaces stay.
        const plain = this.parser
          .parseInline(tokens, this.parser.textRenderer)
          .replace(/[ \t\r\n]+/g, ' ')
          .trim();
        const id = uniqueId(plain);
        if (level === 2 || level === 3) toc.push({ id, text: plain, depth: level });
        return `<h${level} id="${id}">${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const label = this.parser.parseInline(tokens);
        const target = safeHref(href);
        if (!target) return label;
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        const rel = isExternal(target) ? ' rel="noopener noreferrer external"' : '';
        return `<a href="${escapeHtml(target)}"${titleAttr}${rel}>${label}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        const target = safeHref(href);
        if (!target || /^(mailto|tel):/i.test(target)) return escapeHtml(text);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        return `<img src="${escapeHtml(target)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy" decoding="async">`;
      },
    },
  });
  const html = marked.parse(source, { async: false });
  return { html, toc };
}

/** A table of contents helps once a page has several sections. */
export const TOC_MIN_ENTRIES = 4;

export function wantsTableOfContents(toc: readonly TocEntry[]): boolean {
  return toc.filter((entry) => entry.depth === 2).length >= TOC_MIN_ENTRIES || toc.length >= TOC_MIN_ENTRIES + 2;
}
