import PDFDocument from 'pdfkit';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { SITE } from '../../../lib/site.ts';
import { sizeText } from '../../../lib/size.ts';
import { type QuoteDetail, siteContactName } from '../model/quote.ts';
import { taxedInText, versionTaxLines } from '../taxes/tax-text.ts';
import type { QuoteVersion } from '../versions/versions.ts';
import { substitutionsText } from './csv.ts';

/**
 * The Order Processing Form (docs/decisions/024-order-processing-form.md): the one-page (or
 * more) sheet the sales desk works from to turn a quote request into an order — who asked,
 * how it leaves the yard, every line at the price the customer saw, and blank columns where
 * the desk writes the final prices. Labels are in the staff member's language; product
 * names in the customer's, as the customer will read them on the quote.
 */

const PAGE = { size: 'LETTER' as const, margin: 36 };
const WIDTH = 612 - PAGE.margin * 2;
const GREEN = '#2c431d';
const MUTED = '#535b4c';
const RULE = '#c9c5b8';

interface Column {
  key: 'sku' | 'name' | 'size' | 'qty' | 'unit' | 'line' | 'finalUnit' | 'finalLine';
  width: number;
  align: 'left' | 'right';
}
const COLUMNS: Column[] = [
  { key: 'sku', width: 74, align: 'left' },
  { key: 'name', width: 150, align: 'left' },
  { key: 'size', width: 56, align: 'left' },
  { key: 'qty', width: 32, align: 'right' },
  { key: 'unit', width: 56, align: 'right' },
  { key: 'line', width: 60, align: 'right' },
  { key: 'finalUnit', width: 52, align: 'right' },
  { key: 'finalLine', width: 60, align: 'right' },
];

/**
 * The standard PDF fonts cover Windows-1252 only; Intl's French formats use narrow spaces that
 * it lacks, so they become ordinary non-breaking spaces.
 */
export function pdfText(value: string): string {
  return value.replace(/[\u202f\u2009]/g, '\u00a0').replace(/\u2192/g, '->');
}

export async function renderOpf(quote: QuoteDetail, locale: Locale, printedAt = new Date()): Promise<Buffer> {
  const t = getT(locale, 'quoteDesk');
  const tq = (key: string, options?: Record<string, unknown>) => pdfText(t(key, options));
  const money = (cents: number) => pdfText(formatMoney(cents, locale));
  const date = (value: Date | string) => pdfText(formatDate(value, locale, 'medium'));
  // French puts a non-breaking space before a colon (« Statut : Envoyée »).
  const colon = locale === 'fr' ? '\u00a0:' : ':';
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${t('opf.title')} ${quote.reference}`,
      Author: t('opf.company'),
      Subject: quote.reference,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: the company, the form's name, the reference in large type.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(GREEN).text(tq('opf.company'), PAGE.margin, top);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(tq('opf.companyLine', { phone: SITE.supportPhone }));
  doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(tq('opf.title'));
  doc.font('Helvetica-Bold').fontSize(20).text(quote.reference, PAGE.margin, top, { width: WIDTH, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${tq('opf.status')}${colon} ${tq(`status.${quote.status}`)}`, { width: WIDTH, align: 'right' });
  doc.fillColor('black');
  doc.y = Math.max(doc.y, top + 52);
  rule(doc);

  // Facts in two columns.
  const left: [string, string][] = [
    [tq('opf.submitted'), date(quote.submittedAt)],
    [tq('opf.preferredDate'), quote.preferredDate ? date(`${quote.preferredDate}T12:00:00Z`) : tq('opf.none')],
    [tq('opf.printed'), date(printedAt)],
    [tq('opf.payment'), tq(`payment.${quote.paymentPreference}`)],
    [tq('opf.priceKind'), tq(`priceKind.${quote.priceKind}`)],
  ];
  const customer = quote.customer;
  const right: [string, string][] = [
    [
      tq('opf.customer'),
      pdfText(
        [
          `${customer.firstName} ${customer.lastName}`,
          customer.email,
          customer.phone ?? '',
          locale === 'fr' ? customer.customerTypeFr : customer.customerTypeEn,
        ]
          .filter(Boolean)
          .join('\n'),
      ),
    ],
    [
      tq('opf.tradeAccount'),
      quote.tradeAccount
        ? pdfText(
            `${quote.tradeAccount.accountNumber}\n${quote.tradeAccount.companyName}\n${quote.tradeAccount.accountPhone}`,
          )
        : tq('opf.none'),
    ],
  ];
  const factsTop = doc.y;
  const half = WIDTH / 2 - 8;
  let y = factsTop;
  for (const [label, value] of left) y = fact(doc, label, value, PAGE.margin, y, half);
  let yRight = factsTop;
  for (const [label, value] of right) yRight = fact(doc, label, value, PAGE.margin + WIDTH / 2 + 8, yRight, half);
  doc.y = Math.max(y, yRight) + 4;
  rule(doc);

  // Fulfilment.
  const fulfilmentLines: string[] = [tq(`fulfilment.${quote.fulfilment}`)];
  if (quote.delivery) {
    const d = quote.delivery;
    fulfilmentLines.push(
      `${tq('opf.deliveryTo')}${colon} ${pdfText(`${d.streetAddress}, ${d.city} ${d.province} ${d.postalCode}`)}`,
      `${tq('opf.siteContact')}${colon} ${pdfText(`${siteContactName(d)}, ${d.phone}`)}`,
    );
    if (d.jobName) fulfilmentLines.push(`${tq('opf.job')}${colon} ${pdfText(d.jobName)}`);
    if (d.poNumber) fulfilmentLines.push(`${tq('opf.po')}${colon} ${pdfText(d.poNumber)}`);
  }
  if (quote.pickup) {
    const p = quote.pickup;
    fulfilmentLines.push(
      `${tq('opf.pickupAt')}${colon} ${pdfText(`${locale === 'fr' ? p.nameFr : p.nameEn}, ${p.streetAddress}, ${p.city} ${p.province} ${p.postalCode}`)}`,
    );
  }
  doc.y = fact(doc, tq('opf.fulfilment'), fulfilmentLines.join('\n'), PAGE.margin, doc.y, WIDTH) + 4;
  rule(doc);

  // Lines.
  doc.font('Helvetica-Bold').fontSize(11).text(tq('opf.lines'), PAGE.margin, doc.y);
  doc.moveDown(0.3);
  tableHeader(doc, tq);
  for (const line of quote.lines) {
    const name = pdfText(quote.locale === 'fr' ? line.nameFr : line.nameEn);
    const cells: Record<Column['key'], string> = {
      sku: pdfText(line.sku),
      name: `${name}\n${pdfText(line.botanicalName)}`,
      size: pdfText(sizeText(line.size, line.sizeLabel, quote.locale)),
      qty: pdfText(formatNumber(line.quantity, locale)),
      unit: money(line.unitPriceCents),
      line: money(line.unitPriceCents * line.quantity),
      finalUnit: '',
      finalLine: '',
    };
    doc.font('Helvetica').fontSize(8.5);
    const height =
      Math.max(...COLUMNS.map((column) => doc.heightOfString(cells[column.key], { width: column.width - 6 }))) + 8;
    if (doc.y + height > doc.page.height - PAGE.margin - 40) {
      doc.addPage();
      tableHeader(doc, tq);
    }
    const rowTop = doc.y;
    let x = PAGE.margin;
    for (const column of COLUMNS) {
      if (column.key === 'name') {
        doc
          .font('Helvetica')
          .fontSize(8.5)
          .fillColor('black')
          .text(name, x + 3, rowTop + 4, { width: column.width - 6 });
        doc
          .font('Helvetica-Oblique')
          .fontSize(8)
          .fillColor(MUTED)
          .text(pdfText(line.botanicalName), { width: column.width - 6 });
        doc.fillColor('black');
      } else if (column.key === 'finalUnit' || column.key === 'finalLine') {
        // Blank boxes where the sales desk writes the final price.
        doc
          .rect(x + 3, rowTop + 3, column.width - 6, height - 6)
          .strokeColor(RULE)
          .lineWidth(0.5)
          .stroke();
      } else {
        doc
          .font('Helvetica')
          .fontSize(8.5)
          .text(cells[column.key], x + 3, rowTop + 4, { width: column.width - 6, align: column.align });
      }
      x += column.width;
    }
    doc
      .moveTo(PAGE.margin, rowTop + height)
      .lineTo(PAGE.margin + WIDTH, rowTop + height)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.x = PAGE.margin;
    doc.y = rowTop + height;
  }

  // Totals: the estimate the customer saw, and blank lines for the final figures.
  if (doc.y + 150 > doc.page.height - PAGE.margin) doc.addPage();
  doc.moveDown(0.6);
  const totalsTop = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('black')
    .text(`${tq('opf.estimatedTotal')}${colon} ${money(quote.subtotalCents)}`, PAGE.margin, totalsTop, { width: half });
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(tq('detail.estimatedNote'), { width: half });
  doc.fillColor('black');
  const boxX = PAGE.margin + WIDTH / 2 + 8;
  doc.font('Helvetica-Bold').fontSize(10).text(tq('opf.finalTotals'), boxX, totalsTop, { width: half });
  let boxY = doc.y + 4;
  for (const label of [tq('opf.fees'), tq('opf.taxes'), tq('opf.total')]) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(label, boxX, boxY + 6, { width: 80 });
    doc
      .moveTo(boxX + 90, boxY + 16)
      .lineTo(boxX + half, boxY + 16)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    boxY += 22;
  }
  doc.x = PAGE.margin;
  doc.y = Math.max(doc.y, boxY) + 10;
  // The current version (decision 049): its number, its last day and, once answered, the outcome.
  const current = quote.versions.at(-1);
  if (current) {
    const n = getT(locale, 'negotiation');
    const parts = [
      n('version', { number: current.number }),
      n('validUntil', { date: formatDate(`${current.validUntil}T12:00:00Z`, locale, 'medium') }),
      `${n('totals.total')}${colon} ${formatMoney(current.totalCents, locale)}`,
      ...(current.outcome ? [n(`outcome.${current.outcome}`)] : []),
      ...(current.acceptedTotalCents !== null
        ? [`${n('totals.acceptedTotal')}${colon} ${formatMoney(current.acceptedTotalCents, locale)}`]
        : []),
    ];
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('black')
      .text(pdfText(parts.join(' · ')), PAGE.margin, doc.y, { width: WIDTH });
    // What it offers instead of what was asked, and the customer's answer to each line (item 8).
    const offers = versionOffersText(quote, current, locale);
    if (offers.length > 0) {
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .text(pdfText(offers.join('\n')), PAGE.margin, doc.y, { width: WIDTH });
    }
    // Its taxes (decision 051): where it is taxed, each tax with the nursery's number, or the exemption.
    if (current.taxProvince) {
      const offered = versionTaxLines(current, locale);
      const accepted = current.outcome ? versionTaxLines(current, locale, 'accepted') : [];
      const rows = offered.map((row, index) => {
        const taken = accepted[index];
        return `${row.label}${colon} ${formatMoney(row.cents, locale)}${taken ? ` → ${formatMoney(taken.cents, locale)}` : ''}`;
      });
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .text(pdfText([taxedInText(current.taxProvince, locale), ...rows].join('\n')), PAGE.margin, doc.y, {
          width: WIDTH,
        });
    }
    doc.moveDown(0.5);
  }
  doc.font('Helvetica-Bold').fontSize(10).text(tq('opf.comments'), PAGE.margin, doc.y, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(quote.comments ? pdfText(quote.comments) : tq('opf.noComments'), { width: WIDTH });

  // Page numbers, once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${quote.reference} · ${tq('opf.page', { page: index + 1, pages: range.count })}`,
        PAGE.margin,
        doc.page.height - PAGE.margin + 12,
        { width: WIDTH, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return finished;
}

/**
 * The version's substitutions and alternatives, one per row ("line 2: A-2 → B-2"), then, once
 * answered, each line's answer ("Line 1: Accepted").
 */
export function versionOffersText(quote: Pick<QuoteDetail, 'lines'>, version: QuoteVersion, locale: Locale): string[] {
  const asked = new Map(quote.lines.map((line) => [line.line, line.sku]));
  const offers = substitutionsText(
    version.lines.map((line) => ({
      line: line.line,
      requestedSku: asked.get(line.line) ?? line.sku,
      offeredSku: line.sku,
      alternatives: line.alternatives.map((alternative) => alternative.sku),
    })),
    locale,
  );
  const n = getT(locale, 'negotiation');
  const colon = locale === 'fr' ? '\u00a0:' : ':';
  const answers = version.lines.flatMap((line) => {
    if (!line.answer) return [];
    const chosen = line.alternatives.find((alternative) => alternative.position === line.chosenAlternative);
    const answer =
      line.answer === 'alternative'
        ? `${n('lineAnswer.alternative', { position: line.chosenAlternative })} (${chosen?.sku ?? ''})`
        : n(`lineAnswer.${line.answer}`);
    return [`${n('columns.line')} ${line.line}${colon} ${answer}`];
  });
  return [...(offers ? offers.split(' | ') : []), ...answers];
}

function rule(doc: PDFKit.PDFDocument): void {
  doc.moveDown(0.4);
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.margin + WIDTH, doc.y)
    .strokeColor(RULE)
    .lineWidth(0.75)
    .stroke();
  doc.moveDown(0.5);
}

function fact(doc: PDFKit.PDFDocument, label: string, value: string, x: number, y: number, width: number): number {
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, y, { width });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor('black')
    .text(value, x, doc.y + 1, { width });
  return doc.y + 5;
}

function tableHeader(doc: PDFKit.PDFDocument, tq: (key: string) => string): void {
  const top = doc.y;
  doc.rect(PAGE.margin, top, WIDTH, 16).fill('#eef3e8');
  let x = PAGE.margin;
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(7.5);
  for (const column of COLUMNS) {
    doc.text(tq(`opf.${column.key}`), x + 3, top + 4, {
      width: column.width - 6,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  doc.fillColor('black');
  doc.x = PAGE.margin;
  doc.y = top + 18;
}
