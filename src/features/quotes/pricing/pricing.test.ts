import { describe, expect, it } from 'vitest';
import { moneyToCents, SendQuoteSchema } from './pricing.ts';

describe('priced quote form', () => {
  const schema = SendQuoteSchema({ price: 'bad price', note: 'bad note' });
  it('reads dollars typed in either language as cents', () => {
    expect(['12', '12.5', '12,50', '0.05', '1234567.89'].map(moneyToCents)).toEqual([1200, 1250, 1250, 5, 123456789]);
    expect(schema.parse({ lines: [{ line: 1, unitPrice: '9,99' }], fees: '0' })).toEqual({
      lines: [{ line: 1, unitPrice: 999, alternatives: [] }],
      fees: 0,
      note: '',
    });
  });
  it('reads a version: quantities, a substituted SKU, alternatives with their reasons, the valid-until day', () => {
    const parsed = schema.parse({
      lines: [
        { line: 1, unitPrice: '40', quantity: '4', sku: ' TH-2 ' },
        {
          line: 2,
          unitPrice: '10',
          alternatives: [{ sku: 'HY-3', unitPrice: '12,50', reason: 'Épuisé en pots no 2' }],
        },
      ],
      fees: '0',
      validUntil: '2026-12-03',
    });
    expect(parsed.lines).toEqual([
      { line: 1, unitPrice: 4000, quantity: 4, sku: 'TH-2', alternatives: [] },
      { line: 2, unitPrice: 1000, alternatives: [{ sku: 'HY-3', unitPrice: 1250, reason: 'Épuisé en pots no 2' }] },
    ]);
    expect(parsed.validUntil).toBe('2026-12-03');
    for (const bad of [{ quantity: '1.5' }, { quantity: '-1' }, { sku: '' }]) {
      expect(schema.safeParse({ lines: [{ line: 1, unitPrice: '1', ...bad }], fees: '0' }).success).toBe(false);
    }
    // Every refused quantity says the form's message, never the schema library's own words.
    const worded = SendQuoteSchema({ price: 'bad price', note: 'bad note', quantity: 'bad quantity' });
    for (const quantity of ['2.5', '-3', '12 plants', '', 2.5, -1, 100_001, '1234567']) {
      const parsed = worded.safeParse({ lines: [{ line: 1, unitPrice: '1', quantity }], fees: '0' });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['bad quantity']);
    }
    expect(worded.parse({ lines: [{ line: 1, unitPrice: '1', quantity: ' 0 ' }], fees: '0' }).lines[0]?.quantity).toBe(
      0,
    );
    expect(schema.safeParse({ lines: [{ line: 1, unitPrice: '1' }], fees: '0', validUntil: '3 Dec' }).success).toBe(
      false,
    );
  });

  it("refuses a valid-until day before the form's today, with the form's message; the endpoint's schema leaves it to the database", () => {
    const dated = SendQuoteSchema(
      { price: 'bad price', note: 'bad note', validUntil: 'bad day' },
      { today: '2026-11-28' },
    );
    const withDay = (validUntil: string) =>
      dated.safeParse({ lines: [{ line: 1, unitPrice: '1' }], fees: '0', validUntil });
    expect(withDay('2026-11-27').error?.issues.map((issue) => issue.message)).toEqual(['bad day']);
    expect(withDay('2025-12-31').success).toBe(false);
    expect(withDay('2026-11-28').success).toBe(true);
    expect(withDay('2027-01-02').success).toBe(true);
    expect(
      schema.safeParse({ lines: [{ line: 1, unitPrice: '1' }], fees: '0', validUntil: '2020-01-01' }).success,
    ).toBe(true);
  });

  it('refuses amounts that are not money', () => {
    for (const price of ['', '-1', '1.234', 'abc', '12 $']) {
      const result = schema.safeParse({ lines: [{ line: 1, unitPrice: price }], fees: '0' });
      expect(result.success, price).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('bad price');
    }
  });
});
