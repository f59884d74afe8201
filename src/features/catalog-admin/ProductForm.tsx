import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { type Control, type FieldError, useWatch } from 'react-hook-form';
import { useIslandForm } from '../../lib/forms/use-island-form.ts';
import { useSubmit } from '../../lib/forms/use-submit.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import type enCatalogAdmin from '../../lib/i18n/locales/en/catalog-admin.json';
import { formatSize, ROOT_BALLS, SIZE_KINDS, SizeSchema, sizeFormSchema } from '../../lib/size.ts';
import { showToast } from '../../lib/toasts.ts';
import { Alert, TextField } from '../accounts/ui.tsx';
import { EXPOSURES } from '../catalog/browse.ts';
import { PUBLISH_REQUESTED_EVENT } from '../publishing/publishing.ts';
import {
  type AdminProduct,
  type ProductEditInput,
  type ProductEditOutput,
  ProductEditSchema,
  type ProductMessages,
  valuesForLocale,
} from './catalog-admin.ts';

interface Props {
  product: AdminProduct;
  categories: { id: number; label: string }[];
  locations: { id: number; name: string }[];
  exposures: Record<(typeof EXPOSURES)[number], string>;
  strings: Pick<typeof enCatalogAdmin, 'edit'>;
  messages: ProductMessages;
  /** The admin URL of a product by its English slug, in the page's language. */
  adminBase: string;
  locale: 'en' | 'fr';
  /** What open quotes hold of a yard's count, by `variantId:locationId` (decision 054). */
  stockHints?: Record<string, string>;
}

type Problem = { kind: 'stale' } | { kind: 'message'; text: string };

/** Edits a product in both languages: one schema with the endpoint, saved over its version only. */
export default function ProductForm({
  product,
  categories,
  locations,
  exposures,
  strings,
  messages,
  adminBase,
  locale,
  stockHints = {},
}: Props) {
  const t = strings.edit;
  const schema = useMemo(() => ProductEditSchema(messages), [messages]);
  const [slugAtOpen, setSlugAtOpen] = useState(product.values.slug_en);
  const {
    field,
    control,
    handleSubmit,
    getValues,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useIslandForm<ProductEditInput, unknown, ProductEditOutput>({
    resolver: zodResolver(schema),
    defaultValues: valuesForLocale(product.values, locale),
  });
  const location = new Map(locations.map((yard) => [yard.id, yard.name]));

  const { problem, setProblem, run } = useSubmit<ProductEditInput, Problem>({
    setError,
    // A refused field also raises the form's message (and 'sku' is the first variant's): below.
    fields: [],
    logMessage: 'Product save failed',
    problemFor: (error) => {
      if (!(error instanceof ApiError)) return { kind: 'message', text: t.saveError };
      // Nothing is reset: the editor's changes stay in the form.
      if (error.code === 'stale') return { kind: 'stale' };
      const fields = Object.entries(error.fields ?? {});
      for (const [field, message] of fields) {
        const name = field === 'sku' ? 'variants.0.sku' : field;
        setError(name as keyof ProductEditInput, { message });
      }
      return { kind: 'message', text: fields.length > 0 ? t.invalid : error.message || t.saveError };
    },
  });

  // Checked here with the same schema, but sent as typed: the server reads the form's own
  // values (a size as "40/50/60", prices as written), never the schema's output.
  const onSubmit = handleSubmit(
    () =>
      run(async () => {
        const saved = await api<AdminProduct>(`/api/admin/products/${product.id}`, {
          method: 'PUT',
          body: getValues(),
        });
        // The form now stands at the saved version.
        reset(valuesForLocale(saved.values, locale));
        if (saved.values.slug_en !== slugAtOpen) {
          history.replaceState(null, '', `${adminBase}/${saved.values.slug_en}`);
          setSlugAtOpen(saved.values.slug_en);
        }
        showToast(t.saved, 'success');
        window.dispatchEvent(new Event(PUBLISH_REQUESTED_EVENT));
      }),
    () => setProblem({ kind: 'message', text: t.invalid }),
  );

  const err = (path: string): FieldError | undefined => {
    let node: unknown = errors;
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return node as FieldError | undefined;
  };
  const text = (
    name: string,
    label: string,
    options: { lang?: 'en' | 'fr'; hint?: string; type?: string; inputMode?: 'numeric' | 'decimal' } = {},
  ) => (
    <TextField
      label={label}
      lang={options.lang}
      hint={options.hint}
      type={options.type ?? 'text'}
      inputMode={options.inputMode}
      registration={field(name as keyof ProductEditInput)}
      error={err(name)}
    />
  );
  const choose = (name: string, label: string, options: [string, string][]) => {
    const error = err(name);
    const id = `pf-${name}`;
    return (
      <div className="field" data-invalid={error?.message ? '' : undefined}>
        <label htmlFor={id}>{label}</label>
        <select id={id} aria-invalid={error?.message ? true : undefined} {...field(name as keyof ProductEditInput)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        {error?.message && <p className="field-error">{error.message}</p>}
      </div>
    );
  };
  const area = (name: string, label: string, lang: 'en' | 'fr', rows = 5) => {
    const error = err(name);
    const id = `pf-${name}`;
    return (
      <div className="field" data-invalid={error?.message ? '' : undefined}>
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          lang={lang}
          rows={rows}
          aria-invalid={error?.message ? true : undefined}
          {...field(name as keyof ProductEditInput)}
        />
        {error?.message && <p className="field-error">{error.message}</p>}
      </div>
    );
  };

  return (
    <form className="form product-form" method="post" onSubmit={onSubmit} noValidate>
      {problem?.kind === 'stale' && (
        <Alert kind="error">
          <p>{t.stale}</p>
          <p>
            <a href={`${adminBase}/${slugAtOpen}`} target="_blank" rel="noopener">
              {t.openLatest}
            </a>
          </p>
        </Alert>
      )}
      {problem?.kind === 'message' && (
        <Alert kind="error">
          <p>{problem.text}</p>
        </Alert>
      )}

      <fieldset className="ca-section">
        <legend>{t.names}</legend>
        <div className="form-row">
          <div className="ca-lang" lang="en">
            <h3>{t.english}</h3>
            {text('name_en', t.name, { lang: 'en' })}
            {text('slug_en', t.slug, { hint: t.slugHelp })}
            {area('description_en', t.description, 'en')}
            {area('disclaimer_en', t.disclaimer, 'en', 2)}
          </div>
          <div className="ca-lang" lang="fr">
            <h3>{t.french}</h3>
            {text('name_fr', t.name, { lang: 'fr' })}
            {text('slug_fr', t.slug, { hint: t.slugHelp })}
            {area('description_fr', t.description, 'fr')}
            {area('disclaimer_fr', t.disclaimer, 'fr', 2)}
          </div>
        </div>
        <div className="form-row">
          {text('botanicalName', t.botanicalName)}
          <div className="field">
            <label htmlFor="pf-category">{t.category}</label>
            <select id="pf-category" {...field('categoryId', { valueAsNumber: true })}>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>

      <fieldset className="ca-section">
        <legend>{t.attributes}</legend>
        <div className="ca-grid">
          {text('hardinessZone', t.hardinessZone, { inputMode: 'numeric' })}
          {text('heightCm', t.heightCm, { inputMode: 'numeric' })}
          {text('spreadCm', t.spreadCm, { inputMode: 'numeric' })}
          {text('bloomFrom', t.bloomFrom, { inputMode: 'numeric' })}
          {text('bloomTo', t.bloomTo, { inputMode: 'numeric' })}
        </div>
        <div className="form-row">
          {text('flowerColour_en', `${t.flowerColour} (${t.english})`, { lang: 'en' })}
          {text('flowerColour_fr', `${t.flowerColour} (${t.french})`, { lang: 'fr' })}
          {text('foliageColour_en', `${t.foliageColour} (${t.english})`, { lang: 'en' })}
          {text('foliageColour_fr', `${t.foliageColour} (${t.french})`, { lang: 'fr' })}
        </div>
        <fieldset className="field ca-choices">
          <legend>{t.exposure}</legend>
          {EXPOSURES.map((exposure) => (
            <label key={exposure} className="choice">
              <input type="checkbox" value={exposure} {...field('exposure', undefined, exposure)} />{' '}
              {exposures[exposure]}
            </label>
          ))}
        </fieldset>
      </fieldset>

      <fieldset className="ca-section">
        <legend>{t.visibility}</legend>
        <label className="choice">
          <input type="checkbox" {...field('isPublished')} /> {t.isPublished}
        </label>
        <label className="choice">
          <input type="checkbox" {...field('isFeatured')} /> {t.isFeatured}
        </label>
      </fieldset>

      <fieldset className="ca-section">
        <legend>{t.variants}</legend>
        {product.values.variants.length === 0 && <p className="muted">{t.noVariants}</p>}
        {product.values.variants.map((variant, index) => (
          <div className="ca-variant" key={variant.id} data-variant-id={variant.id}>
            <div className="ca-grid">
              {choose(
                `variants.${index}.size.kind`,
                t.sizeKind,
                SIZE_KINDS.map((kind) => [kind, t.sizeKinds[kind]]),
              )}
              {text(`variants.${index}.size.values`, t.sizeValues, { inputMode: 'numeric', hint: t.sizeValuesHint })}
              {choose(`variants.${index}.size.rootBall`, t.rootBall, [
                ['', t.rootBalls.none],
                ...ROOT_BALLS.map((rootBall): [string, string] => [rootBall, t.rootBalls[rootBall]]),
              ])}
              <SizePreview control={control} index={index} label={t.sizePreview} locale={locale} />
              {text(`variants.${index}.sku`, t.sku)}
              {text(`variants.${index}.listPrice`, t.listPrice, { inputMode: 'decimal' })}
              {text(`variants.${index}.tradePrice`, t.tradePrice, { inputMode: 'decimal' })}
              <label className="choice ca-variant__active">
                <input type="checkbox" {...field(`variants.${index}.isActive`)} /> {t.isActive}
              </label>
            </div>
            <fieldset className="ca-stock">
              <legend>{t.stock}</legend>
              <div className="ca-grid">
                {variant.stock.map((level, yard) => (
                  <TextField
                    key={level.locationId}
                    label={location.get(level.locationId) ?? String(level.locationId)}
                    inputMode="numeric"
                    hint={stockHints[`${variant.id}:${level.locationId}`]}
                    registration={field(`variants.${index}.stock.${yard}.quantity`)}
                    error={err(`variants.${index}.stock.${yard}.quantity`)}
                  />
                ))}
              </div>
            </fieldset>
          </div>
        ))}
      </fieldset>

      <div className="ca-actions">
        <button type="submit" className="btn" disabled={isSubmitting}>
          {isSubmitting ? t.saving : t.save}
        </button>
      </div>
    </form>
  );
}

const previewSchema = sizeFormSchema({ value: '', order: '', rootBall: '' });

/** The size as the store will show it, in both languages, while it is being edited. */
function SizePreview(props: {
  control: Control<ProductEditInput, unknown, ProductEditOutput>;
  index: number;
  label: string;
  locale: 'en' | 'fr';
}) {
  const form = useWatch({ control: props.control, name: `variants.${props.index}.size` });
  const parsed = previewSchema.safeParse(form);
  const size = parsed.success ? SizeSchema.parse(parsed.data) : null;
  const other = props.locale === 'fr' ? 'en' : 'fr';
  return (
    <p className="ca-size-preview muted small" aria-live="polite">
      {props.label} {size ? `${formatSize(size, props.locale)} · ${formatSize(size, other)}` : '—'}
    </p>
  );
}
