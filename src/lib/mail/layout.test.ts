import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../html.ts';
import { mailButton, mailDocument, mailParagraph } from './layout.ts';

describe('the e-mails’ HTML layout', () => {
  it('escapes every text it is given, and only the body is taken as HTML', () => {
    const html = mailDocument({
      locale: 'fr',
      title: 'Pépinières <Northfield> & fils',
      width: 600,
      footer: 'Appelez "nous"',
      body: mailParagraph('1 < 2'),
    });
    expect(html).toContain('<html lang="fr-CA">');
    expect(html).toContain('<title>Pépinières &lt;Northfield&gt; &amp; fils</title>');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('<p style="margin:0 0 16px;line-height:1.5">1 &lt; 2</p>');
    expect(html).toContain('>Appelez &quot;nous&quot;</p>\n</div>');
  });

  it('draws a link as a button, with room beside it when asked', () => {
    const alone = mailButton('https://example.com/?a=1&b="2"', 'Approve');
    expect(alone).toMatch(
      /^<a href="https:\/\/example\.com\/\?a=1&amp;b=&quot;2&quot;" style="[^"]*background:#2f5420;/,
    );
    expect(alone).not.toContain('margin');
    const beside = mailButton('https://example.com', 'Decline', { colour: '#6b3a2a', beside: true });
    expect(beside).toContain('background:#6b3a2a;');
    expect(beside).toContain(';margin:0 8px 8px 0"');
  });

  it('escapes the five characters HTML gives a meaning to', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
