import { escapeHtml } from '../html.ts';
import type { Locale } from '../i18n/index.ts';
import { intlLocale } from '../i18n/locale.ts';

/**
 * The HTML of the store's e-mails: one card on the nursery's paper colour, the store's name at
 * its head and the footer at its foot, with inline styles only (mail clients drop style
 * sheets). Each e-mail writes its own body from these pieces; its plain-text part says the same.
 */

/** A paragraph of text. */
export function mailParagraph(text: string): string {
  return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
}

/** A link drawn as a button; `beside` leaves room for another button next to it. */
export function mailButton(href: string, label: string, options: { colour?: string; beside?: boolean } = {}): string {
  const margin = options.beside ? ';margin:0 8px 8px 0' : '';
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:${options.colour ?? '#2f5420'};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px${margin}">${escapeHtml(label)}</a>`;
}

/** The whole document: `body` is HTML already, `title` and `footer` are text. */
export function mailDocument(input: {
  locale: Locale;
  title: string;
  body: string;
  footer: string;
  /** The card's width in CSS pixels (wider for an e-mail with a table). */
  width: number;
}): string {
  const title = escapeHtml(input.title);
  return `<!doctype html>
<html lang="${intlLocale(input.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#fbfaf6;color:#1d2418;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<div style="max-width:${input.width}px;margin:0 auto;background:#ffffff;border:1px solid #d9d6cb;border-radius:10px;padding:28px">
<p style="margin:0 0 20px;font:700 20px Georgia,serif;color:#2c431d">${title}</p>
${input.body}
<p style="margin:24px 0 0;font-size:12px;color:#535b4c">${escapeHtml(input.footer)}</p>
</div>
</body>
</html>`;
}
