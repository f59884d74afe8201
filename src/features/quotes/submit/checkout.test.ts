import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from '../../../lib/http/api.ts';
import { getT } from '../../../lib/i18n/index.ts';
import {
  CheckoutSchema,
  checkoutMessages,
  DeliverySchema,
  isoDateIn,
  normalizePostalCode,
  type QuoteDraft,
  quoteDraftProblems,
} from './checkout.ts';

const KEY = '0b6f1f7e-2f6e-4f7a-9a55-6c3f8f1b2d10';
const blankDelivery = {
  jobName: '',
  poNumber: '',
  streetAddress: ' ',
  city: '',
  province: '',
  postalCode: '12345',
  siteContactFirstName: '',
  siteContactLastName: '',
  phone: '555-12',
};

function errorsFor(locale: 'en' | 'fr', values: Record<string, unknown>) {
  const schema = CheckoutSchema({ messages: checkoutMessages(getT(locale, 'checkout')), earliestDate: '2026-11-25' });
  const result = z.safeParse(schema, {
    idempotencyKey: KEY,
    fulfilment: 'delivery',
    delivery: blankDelivery,
    pickup: { locationId: '' },
    preferredDate: '',
    paymentPreference: 'cash',
    comments: '',
    ...values,
  });
  return result.success ? {} : fieldErrors(result.error);
}

describe('checkout schema', () => {
  it('gives every delivery message of spec §5, word for word', () => {
    expect(errorsFor('en', {})).toEqual({
      'delivery.streetAddress': 'Street address cannot be blank.',
      'delivery.city': 'City/Town cannot be blank.',
      'delivery.province': 'Please select a province.',
      'delivery.postalCode': 'Please specify a valid postal code.',
      'delivery.siteContactFirstName': 'Name cannot be blank.',
      'delivery.siteContactLastName': 'Last name cannot be blank.',
      'delivery.phone': 'Please specify a valid phone number.',
    });
  });

  it('gives them in French under /fr', () => {
    const errors = errorsFor('fr', { fulfilment: 'pickup_and_delivery' });
    expect(errors['delivery.province']).toBe('Veuillez sélectionner une province.');
    expect(errors['delivery.siteContactFirstName']).toBe('Le prénom ne peut pas être vide.');
    expect(errors['pickup.locationId']).toBe('Veuillez sélectionner un emplacement.');
  });

  it('names the limit of a delivery field typed too long, in both languages', () => {
    const long = { ...blankDelivery, jobName: 'x'.repeat(121), poNumber: 'x'.repeat(61), city: 'x'.repeat(101) };
    const en = errorsFor('en', { delivery: long });
    expect(en['delivery.jobName']).toBe('Use at most 120 characters.');
    expect(en['delivery.poNumber']).toBe('Use at most 60 characters.');
    expect(en['delivery.city']).toBe('Use at most 100 characters.');
    const fr = errorsFor('fr', { delivery: long });
    expect(fr['delivery.jobName']).toBe('Utilisez au plus 120 caractères.');
  });

  it('checks only the details the fulfilment needs', () => {
    expect(errorsFor('en', { fulfilment: 'pickup' })).toEqual({ 'pickup.locationId': 'Please select a location.' });
    const schema = CheckoutSchema({ messages: checkoutMessages(getT('en', 'checkout')), earliestDate: '2026-11-25' });
    const parsed = schema.parse({
      idempotencyKey: KEY,
      fulfilment: 'pickup',
      delivery: blankDelivery,
      pickup: { locationId: '3' },
      preferredDate: '2026-11-25',
      paymentPreference: 'credit_card',
      comments: '  Call first.  ',
    });
    expect(parsed).toMatchObject({ delivery: null, pickup: { locationId: 3 }, comments: 'Call first.' });
  });

  it('normalizes the postal code and the phone number', () => {
    const schema = CheckoutSchema({ messages: checkoutMessages(getT('en', 'checkout')), earliestDate: '2026-11-25' });
    const parsed = schema.parse({
      idempotencyKey: KEY,
      fulfilment: 'delivery',
      delivery: {
        ...blankDelivery,
        streetAddress: '1 Main St',
        city: 'Laval',
        province: 'QC',
        postalCode: 'h7r1l8',
        siteContactFirstName: 'Léa',
        siteContactLastName: 'Roy',
        phone: '450 555 0199',
      },
      pickup: {},
      preferredDate: '',
      paymentPreference: 'cash',
    });
    expect(parsed.delivery).toMatchObject({ postalCode: 'H7R 1L8', phone: '450-555-0199', jobName: '' });
    expect(parsed.preferredDate).toBeNull();
  });

  it('accepts a phone number with its North American country code, as the mask does', () => {
    const schema = DeliverySchema(checkoutMessages(getT('fr', 'checkout')));
    for (const phone of ['+1 613 555 0177', '16135550177', '1-613-555-0177', '+1 (613) 555-0177', '613-555-0177']) {
      const parsed = z.safeParse(schema, {
        ...blankDelivery,
        streetAddress: '1 rue Principale',
        city: 'Ottawa',
        province: 'ON',
        postalCode: 'K1A 0B1',
        siteContactFirstName: 'Léa',
        siteContactLastName: 'Roy',
        phone,
      });
      expect(parsed.data?.phone).toBe('613-555-0177');
    }
  });

  it('refuses a date before today, an impossible date, no payment preference and long comments', () => {
    const errors = errorsFor('en', {
      fulfilment: 'pickup',
      pickup: { locationId: '1' },
      preferredDate: '2026-11-24',
      paymentPreference: null,
      comments: 'x'.repeat(2001),
    });
    expect(errors).toEqual({
      preferredDate: 'Please choose today or a later date.',
      paymentPreference: 'Please choose a payment preference.',
      comments: 'Comments can be at most 2,000 characters.',
    });
    expect(errorsFor('en', { fulfilment: 'pickup', pickup: { locationId: '1' }, preferredDate: '2027-02-30' })).toEqual(
      { preferredDate: 'Please choose today or a later date.' },
    );
  });

  it('knows Canadian postal codes', () => {
    expect(normalizePostalCode('k1a 0b1')).toBe('K1A 0B1');
    expect(normalizePostalCode('D1A 0B1')).toBeNull();
    expect(normalizePostalCode('W1A 0B1')).toBeNull();
    expect(normalizePostalCode('K1A0B')).toBeNull();
  });

  it('gives dates as YYYY-MM-DD in a time zone', () => {
    const lateEvening = new Date('2026-11-26T06:30:00Z');
    expect(isoDateIn('America/Vancouver', lateEvening)).toBe('2026-11-25');
    expect(isoDateIn('America/Toronto', lateEvening)).toBe('2026-11-26');
  });
});

describe('quoteDraftProblems', () => {
  const sound: QuoteDraft = {
    fulfilment: 'pickup',
    lines: [
      { quantity: 2, unitPriceCents: 1500 },
      { quantity: 1, unitPriceCents: 999 },
    ],
    subtotalCents: 3999,
    delivery: null,
    pickup: { locationId: 1 },
  };

  it('accepts a sound draft', () => {
    expect(quoteDraftProblems(sound)).toEqual([]);
  });

  it('finds every rule the database cannot check', () => {
    expect(quoteDraftProblems({ ...sound, lines: [], subtotalCents: 0 })).toEqual(['no lines']);
    expect(quoteDraftProblems({ ...sound, subtotalCents: 4000 })).toEqual([
      'subtotal 4000 is not the sum of the lines 3999',
    ]);
    expect(quoteDraftProblems({ ...sound, fulfilment: 'delivery' })).toEqual([
      'delivery lacks delivery details',
      'delivery has a pickup location',
    ]);
    expect(quoteDraftProblems({ ...sound, fulfilment: 'pickup_and_delivery' })).toEqual([
      'pickup_and_delivery lacks delivery details',
    ]);
    expect(quoteDraftProblems({ ...sound, pickup: null })).toEqual(['pickup lacks a pickup location']);
  });
});

describe('checkout schema, all at once', () => {
  it('shows the delivery messages together with a missing payment preference and a bad date', () => {
    const errors = errorsFor('en', { paymentPreference: null, preferredDate: '2020-01-01' });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'delivery.city',
        'delivery.phone',
        'delivery.postalCode',
        'delivery.province',
        'delivery.siteContactFirstName',
        'delivery.siteContactLastName',
        'delivery.streetAddress',
        'paymentPreference',
        'preferredDate',
      ].sort(),
    );
  });
});
