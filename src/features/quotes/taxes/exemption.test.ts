import { describe, expect, it } from 'vitest';
import { TaxExemptionSchema } from './exemption.ts';

describe('the desk’s tax exemption', () => {
  const schema = TaxExemptionSchema({ required: 'Give the reason' });

  it('needs a reason of 1 to 200 characters to exempt, and nothing to remove it', () => {
    expect(schema.parse({ exempt: true, reason: '  Resale certificate R-4411 ' })).toEqual({
      exempt: true,
      reason: 'Resale certificate R-4411',
    });
    expect(schema.parse({ exempt: false })).toEqual({ exempt: false });
    for (const bad of [{ exempt: true }, { exempt: true, reason: '   ' }, { exempt: true, reason: 'x'.repeat(201) }]) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Give the reason');
    }
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ exempt: 'yes', reason: 'x' }).success).toBe(false);
  });
});
