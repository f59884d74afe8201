import { z } from 'zod';
import { PLANT_CATEGORIES } from '../plants.ts';
import { loadSeedFile, SEED_DIR } from './files.ts';

/**
 * The schemas of the demo store's data files in supabase/seed/ (the plants have their own, in
 * plants.ts). Every file is validated when it is loaded; the seeders only read these objects.
 */

const text = z.string().trim().min(1);
const bilingual = z.object({ en: text, fr: text });
const locale = z.enum(['en', 'fr']);
const phone = z.string().regex(/^[0-9]{3}-[0-9]{3}-[0-9]{4}$/, 'must look like 905-555-0100');
const postalCode = z.string().regex(/^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$/, 'must look like L9T 2X3');
const accountNumber = z.string().regex(/^TA-[0-9]{6}$/, 'must look like TA-100200');
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug');
const perLocale = <T extends z.ZodType>(item: T) => z.object({ en: z.array(item).min(1), fr: z.array(item).min(1) });

export const YARD_CODES = ['milton', 'ottawa', 'barrie', 'laval'] as const;
export type YardCode = (typeof YARD_CODES)[number];
const yard = z.enum(YARD_CODES);
const perYard = <T extends z.ZodType>(item: T) =>
  z.object({
    milton: z.array(item).min(1),
    ottawa: z.array(item).min(1),
    barrie: z.array(item).min(1),
    laval: z.array(item).min(1),
  });

const referenceRow = z.object({
  id: z.int().positive(),
  code: slug.or(z.string().regex(/^[a-z_]+$/)),
  name_en: text,
  name_fr: text,
});

export const ReferenceFileSchema = z.object({
  customer_types: z.array(referenceRow).min(1),
  location_types: z.array(referenceRow).min(1),
  sales_yards: z
    .array(
      z.object({
        code: yard,
        name_en: text,
        name_fr: text,
        street_address: text,
        city: text,
        province: z.enum(['ON', 'QC']),
        postal_code: postalCode,
        phone,
        hours_en: text,
        hours_fr: text,
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        sort_order: z.int().positive(),
      }),
    )
    .min(1),
  app_settings: z.record(z.string().regex(/^[a-z_]+$/, 'must be a snake_case key'), z.json()),
  redirects: z.array(
    z.object({
      from_path: z.string().regex(/^\//, 'must start with /'),
      to_location: z.string().regex(/^(\/|https?:\/\/)/, 'must start with / or http(s)://'),
      status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
    }),
  ),
});

export const CategoriesFileSchema = z.object({
  /** In display order: the order of the home page and the browse menu. */
  categories: z
    .array(
      z.object({
        key: z.enum(PLANT_CATEGORIES),
        code_prefix: z.string().regex(/^[A-Z]{3}$/, 'must be three capital letters'),
        slug_fr: slug,
        name_en: text,
        name_fr: text,
        description_en: text,
        description_fr: text,
      }),
    )
    .length(PLANT_CATEGORIES.length)
    .refine((list) => new Set(list.map((category) => category.key)).size === list.length, 'keys must not repeat'),
  /** Sentences of a product's disclaimer; `{zone}` in `zone` becomes its hardiness zone. */
  disclaimers: z.object({
    every_plant: bilingual,
    caliper: bilingual,
    height: bilingual,
    by_category: z.partialRecord(z.enum(PLANT_CATEGORIES), bilingual),
    zone: z.object({
      en: text.includes('{zone}', { message: 'must contain {zone}' }),
      fr: text.includes('{zone}', { message: 'must contain {zone}' }),
    }),
  }),
});

const person = z.object({ first: text, last: text, locale, yard, trade: z.boolean() });

export const AccountsFileSchema = z.object({
  in_house_accounts: z
    .array(z.object({ number: accountNumber, phone, company: text, yard, invoices: z.int().min(0).max(100) }))
    .min(1),
  /** The demo accounts' people; their e-mails and passwords are DEMO_ACCOUNTS (seed.server.ts). */
  demo_users: z
    .array(
      z.object({
        account: z.enum(['admin', 'customer', 'trade']),
        role: z.enum(['admin', 'customer']),
        first_name: text,
        last_name: text,
        phone,
        locale,
        customer_type_id: z.int().positive(),
        in_house_account: accountNumber.nullable(),
        yard,
        trade: z.boolean(),
        joined_days_ago: z.int().min(0),
      }),
    )
    .length(3),
  /** Customers who exist for history (quotes); they cannot sign in. */
  history_customers: z.array(person).min(1),
  area_codes: perYard(z.string().regex(/^[2-9][0-9]{2}$/, 'must be a three-digit area code')),
});

const address = z.object({ street: text, city: text, postal_code: postalCode });

const quantityRange = z
  .tuple([z.int().min(1), z.int().max(9999)])
  .refine(([low, high]) => low <= high, 'must be [lowest, highest]');

export const ActivityFileSchema = z.object({
  /** The demo accounts' wish lists: `from` is "featured" or a list of categories. */
  wishlists: z.array(
    z.object({
      owner: z.enum(['customer', 'trade']),
      name: text.max(100),
      description: z.string().max(500),
      is_default: z.boolean(),
      from: z.literal('featured').or(z.array(z.enum(PLANT_CATEGORIES)).min(1)),
      items: z.int().min(1).max(50),
      quantity: quantityRange,
    }),
  ),
  /** How many of the store's first quote requests each demo account made; `others` come from anyone. */
  quote_requests: z.object({ customer: z.int().min(0), trade: z.int().min(0), others: z.int().min(0) }),
  delivery_addresses: perYard(address.extend({ province: z.enum(['ON', 'QC']) })),
  job_names: perLocale(text),
  comments: perLocale(text.max(2000)),
});

export const QuoteDeskFileSchema = z.object({
  super_admin: z.object({ first_name: text, last_name: text, phone, joined_days_ago: z.int().min(0) }),
  customers: z
    .array(
      z.object({
        first: text,
        last: text,
        locale,
        province: z.enum(['ON', 'QC']),
        professional: z.boolean(),
        /** An in-house trade account of their own. */
        account: z.object({ number: accountNumber, company: text, phone }).optional(),
      }),
    )
    .min(1),
  addresses: z.object({ ON: z.array(address).min(1), QC: z.array(address).min(1) }),
  staff_notes: perLocale(text),
  user_agents: z.array(text.max(500)).min(1),
});

export type ReferenceFile = z.infer<typeof ReferenceFileSchema>;
export type CategoriesFile = z.infer<typeof CategoriesFileSchema>;
export type TopCategory = CategoriesFile['categories'][number];
export type AccountsFile = z.infer<typeof AccountsFileSchema>;
export type PersonSeed = z.infer<typeof person>;
export type ActivityFile = z.infer<typeof ActivityFileSchema>;
export type QuoteDeskFile = z.infer<typeof QuoteDeskFileSchema>;

export const SEED_FILES = {
  reference: { name: 'reference.json', schema: ReferenceFileSchema },
  categories: { name: 'categories.json', schema: CategoriesFileSchema },
  accounts: { name: 'accounts.json', schema: AccountsFileSchema },
  activity: { name: 'activity.json', schema: ActivityFileSchema },
  quoteDesk: { name: 'quote-desk.json', schema: QuoteDeskFileSchema },
} as const;

export interface DemoData {
  reference: ReferenceFile;
  categories: CategoriesFile;
  accounts: AccountsFile;
  activity: ActivityFile;
  quoteDesk: QuoteDeskFile;
}

/** Reads and validates every data file of the demo store (not the plants) from `dir`. */
export async function loadDemoData(dir: string = SEED_DIR): Promise<DemoData> {
  const { reference, categories, accounts, activity, quoteDesk } = SEED_FILES;
  return {
    reference: await loadSeedFile(reference.name, reference.schema, dir),
    categories: await loadSeedFile(categories.name, categories.schema, dir),
    accounts: await loadSeedFile(accounts.name, accounts.schema, dir),
    activity: await loadSeedFile(activity.name, activity.schema, dir),
    quoteDesk: await loadSeedFile(quoteDesk.name, quoteDesk.schema, dir),
  };
}
