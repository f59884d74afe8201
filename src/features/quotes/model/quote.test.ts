import { describe, expect, it } from 'vitest';
import { lineName, lineSize, parseQuoteId, pickupName, siteContactName } from './quote.ts';

describe('the quote read model', () => {
  it('takes only positive whole ids from a path', () => {
    expect(parseQuoteId('41')).toBe(41);
    for (const bad of ['abc', '1.5', '-1', '0', '99999999999', '', null, undefined])
      expect(parseQuoteId(bad), String(bad)).toBeNull();
  });

  it('reads a line, a yard and a site contact in the language of the reader', () => {
    const line = {
      nameEn: 'Sugar maple',
      nameFr: 'Érable à sucre',
      sizeLabel: '40/50/60 mm WB',
      size: { kind: 'caliper' as const, values: [40, 50, 60], rootBall: 'wire_basket' as const },
    };
    expect([lineName(line, 'en'), lineName(line, 'fr')]).toEqual(['Sugar maple', 'Érable à sucre']);
    expect(lineSize(line, 'fr')).toBe('Calibre 40/50/60\u00a0mm (panier de broche)');
    expect(lineSize({ size: null, sizeLabel: '5 gal' }, 'fr')).toBe('5 gal');
    const yard = {
      locationId: 1,
      nameEn: 'Laval Sales Yard',
      nameFr: 'Centre de vente de Laval',
      streetAddress: '1 boul. Test',
      city: 'Laval',
      province: 'QC',
      postalCode: 'H7M 1A1',
      phone: '450-555-0100',
    };
    expect(pickupName(yard, 'fr')).toBe('Centre de vente de Laval');
    const delivery = {
      jobName: '',
      poNumber: '',
      streetAddress: '1 rue Test',
      city: 'Laval',
      province: 'QC',
      postalCode: 'H7M 1A1',
      siteContactFirstName: 'Julie',
      siteContactLastName: 'Bouchard',
      phone: '450-555-0123',
    };
    expect(siteContactName(delivery)).toBe('Julie Bouchard');
  });
});
