import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { QuoteDetail } from '../model/quote.ts';
import type { QuoteVersion } from '../versions/versions.ts';
import { renderOpf, versionOffersText } from './opf.server.ts';

function quote(lineCount: number): QuoteDetail {
  return {
    id: 7,
    reference: 'Q-100041',
    status: 'in_review',
    locale: 'fr',
    submittedAt: new Date('2026-10-01T14:00:00Z'),
    updatedAt: new Date('2026-10-01T14:00:00Z'),
    fulfilment: 'pickup_and_delivery',
    preferredDate: '2026-10-15',
    paymentPreference: 'charge_account',
    comments: 'Livraison par la barrière arrière, s’il vous plaît.',
    priceKind: 'trade',
    taxExemptReason: null,
    subtotalCents: Array.from({ length: lineCount }, (_, i) => (i + 1) * 1250 * 3).reduce((a, b) => a + b, 0),
    itemCount: lineCount * 3,
    customer: {
      userId: 'u',
      firstName: 'Étienne',
      lastName: 'Pelletier',
      email: 'etienne.pelletier@example.com',
      phone: '450-555-0101',
      customerTypeId: 2,
      customerTypeEn: 'Landscape Professional',
      customerTypeFr: 'Professionnel de l’aménagement paysager',
    },
    tradeAccount: {
      id: 1,
      accountNumber: 'TA-100200',
      companyName: 'Paysagiste Lavoie inc.',
      accountPhone: '450-555-0199',
    },
    delivery: {
      jobName: 'Résidence Dubois – façade',
      poNumber: 'PO-4821',
      streetAddress: '1520 rue des Érables',
      city: 'Laval',
      province: 'QC',
      postalCode: 'H7M 3B6',
      siteContactFirstName: 'Julie',
      siteContactLastName: 'Bouchard',
      phone: '450-555-0123',
    },
    pickup: {
      locationId: 3,
      nameEn: 'Laval Sales Yard',
      nameFr: 'Centre de vente de Laval',
      streetAddress: '1 boul. Test',
      city: 'Laval',
      province: 'QC',
      postalCode: 'H7M 1A1',
      phone: '450-555-0100',
    },
    lines: Array.from({ length: lineCount }, (_, i) => ({
      line: i + 1,
      variantId: null,
      sku: `TRE-${1000 + i}-B`,
      productCode: `TRE-${1000 + i}`,
      nameEn: `Sugar maple ${i + 1}`,
      nameFr: `Érable à sucre ${i + 1}`,
      botanicalName: 'Acer saccharum',
      sizeLabel: '45 mm',
      size: null,
      quantity: 3,
      unitPriceCents: (i + 1) * 1250,
      quotedUnitPriceCents: null,
    })),
    pricing: null,
    answerBy: null,
    decision: null,
    history: [],
    versions: [],
  };
}

/** A catalogue item a version offers, as the read model gives it. */
function offered(sku: string, unitPriceCents: number) {
  return {
    variantId: null,
    sku,
    nameEn: 'Sugar maple',
    nameFr: 'Érable à sucre',
    sizeLabel: '45 mm',
    size: null,
    unitPriceCents,
    chosenAlternative: null,
  };
}

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('Order Processing Form', () => {
  it('holds the request: reference, customer, trade account, fulfilment, lines in the customer’s language, total', async () => {
    const pdf = await renderOpf(quote(3), 'en');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await textOf(pdf);
    for (const expected of [
      'Northfield Nurseries',
      'Order Processing Form',
      'Q-100041',
      'Étienne Pelletier',
      'etienne.pelletier@example.com',
      'TA-100200',
      'Paysagiste Lavoie inc.',
      '1520 rue des Érables, Laval QC H7M 3B6',
      'Pick up at: Laval Sales Yard',
      'Érable à sucre 1',
      'Acer saccharum',
      'TRE-1002-B',
      '$37.50',
      'Estimated total before taxes: $225.00',
      'Charge account',
      'Livraison par la barrière arrière',
      'Final unit',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('labels a French form in French, with French money', async () => {
    const { text } = await textOf(await renderOpf(quote(2), 'fr'));
    expect(text).toContain('Formulaire de traitement de commande');
    expect(text).toMatch(/Total estimé avant taxes\s*:\s*112,50\s\$/);
  });

  it('puts a non-breaking space before every colon of a French form', async () => {
    const { text } = await textOf(await renderOpf(quote(2), 'fr'));
    for (const label of [
      'Statut',
      'Livrer à',
      'Personne-ressource sur le chantier',
      'Chantier',
      'Bon de commande',
      'Lieu de cueillette',
      'Total estimé avant taxes',
    ]) {
      // The text layer gives the non-breaking space back as a space: what matters is that there is one.
      expect(text).toContain(`${label} : `);
    }
    expect(text).not.toMatch(/\S: /);
  });

  it('runs over as many pages as 100 lines need, each numbered', async () => {
    const { text, pages } = await textOf(await renderOpf(quote(100), 'en'));
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain('TRE-1099-B');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('names the current version, its last day and the customer’s answer with the new total', async () => {
    const version = {
      id: 9,
      number: 2,
      validUntil: '2026-12-03',
      note: '',
      itemsCents: 20000,
      feesCents: 0,
      taxesCents: 2600,
      totalCents: 22600,
      createdAt: new Date('2026-11-26T15:00:00Z'),
      createdBy: null,
      supersededAt: null,
      outcome: 'partial' as const,
      answeredAt: new Date('2026-11-27T15:00:00Z'),
      acceptedItemsCents: 12500,
      acceptedTaxesCents: 1625,
      acceptedTotalCents: 14125,
      renewalRequestedAt: null,
      lines: [
        { ...offered('TRE-1000-B', 5000), line: 1, quantity: 3, alternatives: [], answer: 'accept' as const },
        // Another size offered instead of the one asked, and refused.
        { ...offered('TRE-1001-C', 7500), line: 2, quantity: 3, alternatives: [], answer: 'refuse' as const },
      ],
      taxProvince: 'ON' as const,
      taxExemptReason: null,
      taxes: [
        {
          position: 1,
          code: 'hst' as const,
          province: 'ON' as const,
          rate: 13000,
          registration: '123456789 RT0001',
          cents: 2600,
          acceptedCents: 1625,
        },
      ],
    };
    const { text } = await textOf(await renderOpf({ ...quote(2), versions: [version] }, 'en'));
    expect(text).toContain('Version 2');
    expect(text).toContain('Valid until Dec 3, 2026');
    expect(text).toContain('Partly accepted');
    expect(text).toContain('New total (lines taken): $141.25');
    expect(text).toContain('Taxed in Ontario');
    expect(text).toContain('line 2: TRE-1001-B -> TRE-1001-C');
    expect(text).toContain('Line 1: Accepted');
    expect(text).toContain('Line 2: Refused');
    expect(text).toMatch(/HST \(13%\), registration no\. 123456789 RT0001: \$26\.00 -> \$16\.25/);
  });

  it('names what the version offers instead of what was asked, and each line’s answer, in the form’s language', async () => {
    const lines = [
      { ...offered('TRE-1000-B', 5000), line: 1, quantity: 3, alternatives: [], answer: null },
      {
        ...offered('TRE-1001-B', 7500),
        line: 2,
        quantity: 3,
        alternatives: [{ ...offered('TRE-1001-D', 9900), position: 1, reason: 'épuisé en pots no 2' }],
        answer: 'alternative' as const,
        chosenAlternative: 1,
      },
      { ...offered('TRE-9999-A', 4000), line: 3, quantity: 1, alternatives: [], answer: 'refuse' as const },
    ];
    const request = { lines: [...quote(2).lines, { ...quote(1).lines[0], line: 3, sku: 'TRE-1002-B' }] };
    // Only its lines are read.
    const version = { number: 1, lines } as unknown as QuoteVersion;
    expect(versionOffersText(request as QuoteDetail, version, 'en')).toEqual([
      'line 2 alternatives: TRE-1001-D',
      'line 3: TRE-1002-B → TRE-9999-A',
      'Line 2: Alternative 1 taken (TRE-1001-D)',
      'Line 3: Refused',
    ]);
    expect(versionOffersText(request as QuoteDetail, version, 'fr')).toEqual([
      'ligne 2, solutions de rechange\u00a0: TRE-1001-D',
      'ligne 3\u00a0: TRE-1002-B → TRE-9999-A',
      'Ligne 2\u00a0: Solution de rechange 1 retenue (TRE-1001-D)',
      'Ligne 3\u00a0: Refusée',
    ]);
  });
});
