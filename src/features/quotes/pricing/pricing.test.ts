import { describe, expect, it } from 'vitest';
import { moneyToCents, SendQuoteSchema } from './pricing.ts';

describe('priced quote form', () => {
  const schema = SendQuoteSchema({ price: 'bad price', note: 'bad note' });
  it('reads dollars typed in either language as cents', () => {
    expect(['12', '12.5', '12,50', '0.05', '1234567.89'].map(moneyToCents)).toEqual([1200, 1250, 1250, 5, 123456789]);
    expect(schema.parse({ lines: [{ line: 1, unitPrice: '9,99' }], fees: '0', taxes: '1.30' })).toEqual({
      lines: [{ line: 1, unitPrice: 999 }],
      fees: 0,
      taxes: 130,
      note: '',
    });
  });
  it('refuses amounts that are not money', () => {
    for (const price of ['', '-1', '1.234', 'abc', '12 $']) {
      const result = schema.safeParse({ lines: [{ line: 1, unitPrice: price }], fees: '0', taxes: '0' });
      expect(result.success, price).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('bad price');
    }
  });
});
