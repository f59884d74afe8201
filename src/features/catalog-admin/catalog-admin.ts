import { z } from 'zod';
import { sameSize, sizeFormSchema } from '../../lib/size.ts';
import { EXPOSURES, PAGE_SIZE_OPTIONS, type SIZE_KINDS } from '../catalog/browse.ts';

/**
 * The product admin's rules (issue 11): the list's query string and the product form's
 * schema, shared by the form island and the endpoint. Safe on both sides.
 */

export const ADMIN_SORTS = ['name', 'code', 'updated', 'images'] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];
export const ADMIN_STATUSES = ['all', 'published', 'unpublished'] as const;
export const ADMIN_PAGE_SIZES = PAGE_SIZE_OPTIONS;
export const DEFAULT_ADMIN_PAGE_SIZE = 25;

const firstOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** /admin/products?q=&category=&status=&sort=&dir=&page=&size= — anything unreadable falls back to its default. */
export const ProductListQuerySchema = z.object({
  q: z.preprocess(firstOf, z.string().trim().max(100).catch('')).default(''),
  category: z.preprocess(firstOf, z.coerce.number().int().positive().nullable().catch(null)).default(null),
  status: z.preprocess(firstOf, z.enum(ADMIN_STATUSES).catch('all')).default('all'),
  sort: z.preprocess(firstOf, z.enum(ADMIN_SORTS).catch('name')).default('name'),
  dir: z.preprocess(firstOf, z.enum(['asc', 'desc']).catch('asc')).default('asc'),
  page: z.preprocess(firstOf, z.coerce.number().int().min(1).max(100_000).catch(1)).default(1),
  size: z
    .preprocess(
      firstOf,
      z.coerce
        .number()
        .int()
        .refine((value) => (ADMIN_PAGE_SIZES as readonly number[]).includes(value))
        .catch(DEFAULT_ADMIN_PAGE_SIZE),
    )
    .default(DEFAULT_ADMIN_PAGE_SIZE),
});
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

export function parseListQuery(params: URLSearchParams): ProductListQuery {
  return ProductListQuerySchema.parse(Object.fromEntries(params));
}

/** The query string of a list state, leaving out defaults. */
export function listQueryString(query: ProductListQuery, change: Partial<ProductListQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.category !== null) params.set('category', String(next.category));
  if (next.status !== 'all') params.set('status', next.status);
  if (next.sort !== 'name') params.set('sort', next.sort);
  if (next.dir !== 'asc') params.set('dir', next.dir);
  if (next.page !== 1) params.set('page', String(next.page));
  if (next.size !== DEFAULT_ADMIN_PAGE_SIZE) params.set('size', String(next.size));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Messages of the product form, in the page's language (catalog-admin:validation). */
export interface ProductMessages {
  required: string;
  slug: string;
  sku: string;
  price: string;
  tradeAboveList: string;
  quantity: string;
  zone: string;
  month: string;
  positive: string;
  /** "Enter whole numbers from {min} to {max}." */
  sizeValue: string;
  sizeOrder: string;
  rootBall: string;
  sizeRepeated: string;
  /** "Use at most {max} characters." */
  tooLong: string;
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/** A price as typed in either language ("24,99" or "24.99"), as the form and the database read it: "24.99". */
const pricePoint = (typed: string) => typed.replace(',', '.');

/** "12.5" → 1250 cents. */
export function priceToCents(price: string): number {
  const [dollars = '0', cents = ''] = price.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

/** 1250 → "12.50" */
export function centsToPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A blank input is null; anything else a whole number. */
const optionalInt = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );

export function ProductEditSchema(m: ProductMessages) {
  const atMost = (max: number) => m.tooLong.replace('{max}', String(max));
  const text = (max: number) => z.string().trim().max(max, atMost(max));
  const required = (max: number) => z.string().trim().min(1, m.required).max(max, atMost(max));
  const optionalText = text(60).transform((value) => (value === '' ? null : value));
  const slug = z.string().trim().toLowerCase().regex(SLUG, m.slug).max(120, m.slug);
  const price = z.string().trim().transform(pricePoint).pipe(z.string().regex(PRICE, m.price));
  const variant = z
    .object({
      id: z.number().int().positive(),
      /** Edited as kind + numbers + root ball; the English label is written from it. */
      size: sizeFormSchema({ value: m.sizeValue, order: m.sizeOrder, rootBall: m.rootBall }),
      sku: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9-]+$/, m.sku)
        .max(40, m.sku),
      listPrice: price,
      tradePrice: price,
      isActive: z.boolean(),
      stock: z.array(
        z.object({
          locationId: z.number().int().positive(),
          quantity: z.preprocess(
            (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
            z.number({ error: m.quantity }).int(m.quantity).min(0, m.quantity).max(1_000_000, m.quantity),
          ),
        }),
      ),
    })
    .refine(
      (value) =>
        !PRICE.test(value.listPrice) ||
        !PRICE.test(value.tradePrice) ||
        priceToCents(value.tradePrice) <= priceToCents(value.listPrice),
      { path: ['tradePrice'], message: m.tradeAboveList },
    );
  return z.object({
    /** The version the form was opened at: a save over a newer one is refused. */
    version: z.number().int().positive(),
    name_en: required(120),
    name_fr: required(120),
    slug_en: slug,
    slug_fr: slug,
    botanicalName: required(160),
    description_en: text(5000),
    description_fr: text(5000),
    disclaimer_en: text(1000),
    disclaimer_fr: text(1000),
    categoryId: z.number().int().positive(),
    hardinessZone: optionalInt(m.zone, 0, 9),
    exposure: z.array(z.enum(EXPOSURES)),
    heightCm: optionalInt(m.positive, 1, 100_000),
    spreadCm: optionalInt(m.positive, 1, 100_000),
    bloomFrom: optionalInt(m.month, 1, 12),
    bloomTo: optionalInt(m.month, 1, 12),
    flowerColour_en: optionalText,
    flowerColour_fr: optionalText,
    foliageColour_en: optionalText,
    foliageColour_fr: optionalText,
    isPublished: z.boolean(),
    isFeatured: z.boolean(),
    variants: z
      .array(variant)
      .max(50)
      .superRefine((variants, ctx) => {
        variants.forEach((variant, index) => {
          if (variants.slice(0, index).some((other) => sameSize(other.size, variant.size))) {
            ctx.addIssue({ code: 'custom', path: [index, 'size', 'values'], message: m.sizeRepeated });
          }
        });
      }),
  });
}
export type ProductEditInput = z.input<ReturnType<typeof ProductEditSchema>>;
export type ProductEditOutput = z.output<ReturnType<typeof ProductEditSchema>>;

/**
 * The form's values with its prices written as the page's language writes them: « 84,99 » on a
 * French page, as the quote desk's prices are (the schema reads either mark).
 */
export function valuesForLocale(values: ProductEditInput, locale: 'en' | 'fr'): ProductEditInput {
  if (locale === 'en') return values;
  const mark = (price: string) => price.replace('.', ',');
  return {
    ...values,
    variants: values.variants.map((variant) => ({
      ...variant,
      listPrice: mark(variant.listPrice),
      tradePrice: mark(variant.tradePrice),
    })),
  };
}

/** A product as the admin form opens it. */
export interface AdminProduct {
  id: number;
  code: string;
  values: ProductEditInput;
  updatedAt: string;
  updatedBy: string | null;
  imageCount: number;
  variantSizeKinds: Record<number, (typeof SIZE_KINDS)[number]>;
}

/** One row of the product list. */
export interface AdminProductRow {
  id: number;
  code: string;
  slug_en: string;
  slug_fr: string;
  name_en: string;
  name_fr: string;
  botanicalName: string;
  categoryName: string;
  isPublished: boolean;
  isFeatured: boolean;
  imageCount: number;
  variantCount: number;
  updatedAt: string;
}

export const PUBLIC_PRODUCT_PATHS = {
  en: (slug: string) => `/products/${slug}`,
  fr: (slug: string) => `/fr/products/${slug}`,
} as const;
