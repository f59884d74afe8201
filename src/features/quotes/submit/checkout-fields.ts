import type { Fulfilment, PaymentPreference } from '../../../lib/db/schema.ts';

/**
 * What the checkout island needs besides its schema: the choices, the messages' shape and
 * the form's values. Free of zod, so the page loads the schema only when the shopper starts
 * filling the form (page budget, decision 019); checkout.ts re-exports all of it.
 */

export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

export const FULFILMENTS = ['pickup', 'delivery', 'pickup_and_delivery'] as const satisfies readonly Fulfilment[];
export const PAYMENT_PREFERENCES = [
  'cash',
  'charge_account',
  'credit_card',
] as const satisfies readonly PaymentPreference[];

export const COMMENTS_MAX_LENGTH = 2000;

export const needsDelivery = (fulfilment: Fulfilment) => fulfilment !== 'pickup';
export const needsPickup = (fulfilment: Fulfilment) => fulfilment !== 'delivery';

/** The messages the schema shows, from the `checkout` namespace of the page's language. */
export interface CheckoutMessages {
  firstNameRequired: string;
  lastNameRequired: string;
  streetRequired: string;
  cityRequired: string;
  provinceRequired: string;
  phoneInvalid: string;
  postalCodeInvalid: string;
  locationRequired: string;
  fulfilmentRequired: string;
  paymentRequired: string;
  dateInvalid: string;
  commentsTooLong: string;
  tooLong: string;
}

/** What the form holds: every field as text, the way the inputs give it. */
export interface CheckoutFormValues {
  idempotencyKey: string;
  fulfilment: Fulfilment;
  delivery: {
    jobName: string;
    poNumber: string;
    streetAddress: string;
    city: string;
    province: string;
    postalCode: string;
    siteContactFirstName: string;
    siteContactLastName: string;
    phone: string;
  };
  pickup: { locationId: string };
  preferredDate: string;
  paymentPreference: PaymentPreference | null;
  comments: string;
}

/** The answer of POST /api/checkout, the same for every retry of one checkout. */
export interface CheckoutResult {
  id: number;
  reference: string;
}

/** The browser's key for the checkout in progress, shared by the tabs of one user (localStorage). */
export const checkoutKeyStorageName = (userId: string) => `nursery:checkout-key:${userId}`;

/** What this tab's checkout form holds until its request is made (sessionStorage, field-drafts). */
export const checkoutDraftStorageName = (userId: string) => `nursery:checkout-draft:${userId}`;
