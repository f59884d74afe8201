import type { QuoteStatus } from '../../../lib/db/schema.ts';
import type enNegotiation from '../../../lib/i18n/locales/en/negotiation.json';
import type enQuoteDesk from '../../../lib/i18n/locales/en/quoteDesk.json';
import type { PricingTax } from '../taxes/TaxPreview.tsx';

/** What the desk's actions island and its pricing form share: their props, strings and error messages. */

export interface PricingLine {
  line: number;
  /** As the customer asked for it. */
  sku: string;
  offeredSku: string;
  quantity: number;
  offeredQuantity: number;
  unitPrice: string;
  alternatives: { sku: string; unitPrice: string; reason: string }[];
}

export type Strings = Pick<typeof enQuoteDesk, 'actions' | 'pricing' | 'status'> & {
  versions: (typeof enNegotiation)['pricing'];
};

export interface Props {
  quoteId: number;
  status: QuoteStatus;
  customerEmail: string;
  choices: QuoteStatus[];
  canSend: boolean;
  lines: PricingLine[];
  /** The default "valid until" day (YYYY-MM-DD). */
  validUntil: string;
  /** The nursery's today (YYYY-MM-DD): an earlier "valid until" day is refused before sending. */
  today: string;
  /** Where the request is taxed and the rates in force today, or its exemption (decision 051). */
  tax: PricingTax;
  /** The version the form starts from: an unsent draft from an older one is not brought back. */
  draftBasis: string;
  locale: 'en' | 'fr';
  strings: Strings;
}

/** What an error code of the quote-desk endpoints means to the staff member. */
export function messageFor(code: string, strings: Strings): string {
  switch (code) {
    case 'status_changed':
      return strings.actions.statusChanged;
    case 'transition_not_allowed':
      return strings.actions.notAllowed;
    case 'lines_mismatch':
      return strings.pricing.mismatch;
    default:
      return strings.actions.error;
  }
}
