import { Fragment } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { computeTaxes, type Province, type TaxLine } from './taxes.ts';

/**
 * The pricing form's taxes (decision 051): computed as the desk types, read-only, from the
 * rates in force today where the request is taxed; the server computes them again on send.
 */

export interface PricingTax {
  province: Province | null;
  /** "Taxed in Ontario", in the desk's language. */
  provinceText: string | null;
  /** "Tax exempt: {reason}" when the request is exempt. */
  exempt: string | null;
  rates: (Pick<TaxLine, 'code' | 'province' | 'rate' | 'registration'> & { label: string })[];
  heading: string;
  computedNote: string;
  noProvince: string;
}

/** The taxes on a taxable subtotal, as the form shows them (none when exempt). */
export function previewTaxes(taxableCents: number, tax: PricingTax) {
  if (tax.exempt !== null) return [];
  return computeTaxes(taxableCents, tax.rates).map((line, index) => ({
    ...line,
    label: tax.rates[index]?.label ?? line.code,
  }));
}

export default function TaxPreview({
  taxableCents,
  tax,
  locale,
}: {
  taxableCents: number;
  tax: PricingTax;
  locale: 'en' | 'fr';
}) {
  const lines = previewTaxes(taxableCents, tax);
  return (
    <section className="qd-taxes" aria-labelledby="qd-taxes-heading" data-tax-preview={tax.province ?? ''}>
      <h4 id="qd-taxes-heading">{tax.heading}</h4>
      {tax.province === null && tax.exempt === null ? (
        <p className="field-error">{tax.noProvince}</p>
      ) : (
        <>
          {tax.provinceText && <p className="muted">{tax.provinceText}</p>}
          <dl className="qd-facts">
            {lines.map((line) => (
              <Fragment key={line.code}>
                <dt data-tax-line={line.code}>{line.label}</dt>
                <dd>{formatMoney(line.cents, locale)}</dd>
              </Fragment>
            ))}
            {tax.exempt && (
              <>
                <dt data-tax-exempt>{tax.exempt}</dt>
                <dd>{formatMoney(0, locale)}</dd>
              </>
            )}
          </dl>
          <p className="field-hint muted">{tax.computedNote}</p>
        </>
      )}
    </section>
  );
}
