import { describe, expect, it } from 'vitest';
import { readPricingDraft, writePricingDraft } from './pricing-draft.ts';

const values = {
  lines: [
    { line: 1, unitPrice: '72,50', quantity: '3', sku: 'SHR-1021-C5', alternatives: [] },
    {
      line: 2,
      unitPrice: '10,00',
      quantity: '0',
      sku: 'PER-1004-C1',
      alternatives: [{ sku: 'PER-1005-C1', unitPrice: '9,00', reason: 'Plus robuste' }],
    },
  ],
  fees: '85,00',
  note: 'Livraison mardi.',
  validUntil: '2026-12-05',
};

describe('the pricing draft', () => {
  it('comes back as it was typed for the same version and lines', () => {
    expect(readPricingDraft(writePricingDraft('v3', values), 'v3', [1, 2])).toEqual(values);
  });

  it('is dropped once another version was sent, or when the lines differ', () => {
    const raw = writePricingDraft('v3', values);
    expect(readPricingDraft(raw, 'v4', [1, 2])).toBeNull();
    expect(readPricingDraft(raw, 'v3', [1])).toBeNull();
    expect(readPricingDraft(raw, 'v3', [2, 1])).toBeNull();
  });

  it('ignores nothing saved and anything that is not a draft', () => {
    expect(readPricingDraft(null, 'v3', [1, 2])).toBeNull();
    expect(readPricingDraft('{not json', 'v3', [1, 2])).toBeNull();
    expect(readPricingDraft(JSON.stringify({ basis: 'v3', values: { lines: 'x' } }), 'v3', [1, 2])).toBeNull();
  });
});
