import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DatabaseHandle } from '../../lib/db/connect.server.ts';
import type { Database, Fulfilment, Locale, PaymentPreference, QuoteStatus, SizeKind } from '../../lib/db/schema.ts';
import { hashPassword } from '../accounts/password.server.ts';
import {
  loadPlantFiles,
  PLANTS_DIR,
  type Plant,
  type PlantCategory,
  type PlantFile,
  parseSize,
  slugify,
} from './plants.ts';
import { SUPER_ADMIN, seedQuoteDesk } from './quote-desk-seed.server.ts';

/**
 * Demo data for Northfield Nurseries / Pépinières Northfield: a family nursery founded in
 * 1921 with sales yards in Ontario and Québec. Everything but the password salts comes from
 * one seeded PRNG, so two seeds on the same day give the same catalog, stock and history.
 */

export type SeedCounts = Record<string, number>;

export interface SeedOptions {
  log?: (line: string) => void;
  /** Histories (purchases, quotes) are placed relative to this moment; defaults to now. */
  now?: Date;
  /** Where the `<category>.json` plant files are; defaults to supabase/seed/plants. */
  plantsDir?: string;
}

export class DemoSeedError extends Error {
  override name = 'DemoSeedError';
}

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'Admin-pass-2026' },
  customer: { email: 'customer@example.com', password: 'Customer-pass-2026' },
  trade: { email: 'trade@example.com', password: 'Trade-pass-2026' },
} as const;

export const MAX_SCALE_PRODUCTS = 20_000;

const PRNG_SEED = 1921;
const BATCH_SIZE = 1000;
const DAY_MS = 86_400_000;
const NBSP = '\u00a0';

type Db = Kysely<Database>;

// ---------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------

/** mulberry32: tiny, fast and good enough to make demo data look unplanned. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** `count` distinct items (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, count);
  }

  /** A version 4 UUID drawn from this generator. */
  uuid(): string {
    const bytes = Array.from({ length: 16 }, () => this.int(0, 255));
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------

interface TopCategory {
  key: PlantCategory;
  codePrefix: string;
  slugFr: string;
  nameEn: string;
  nameFr: string;
  descriptionEn: string;
  descriptionFr: string;
}

/** In display order: the order of the home page and the browse menu. */
const TOP_CATEGORIES: readonly TopCategory[] = [
  {
    key: 'trees',
    codePrefix: 'TRE',
    slugFr: 'arbres',
    nameEn: 'Trees',
    nameFr: 'Arbres',
    descriptionEn:
      'Shade, flowering and street trees grown in our own fields and sold by caliper in wire baskets. Chosen for hardiness and a strong central leader.',
    descriptionFr:
      "Arbres d'ombrage, arbres à fleurs et arbres de rue cultivés dans nos propres champs et vendus selon le calibre du tronc, en panier métallique. Choisis pour leur rusticité et leur tige bien droite.",
  },
  {
    key: 'evergreens',
    codePrefix: 'EVG',
    slugFr: 'coniferes',
    nameEn: 'Evergreens',
    nameFr: 'Conifères',
    descriptionEn:
      'Spruces, pines, cedars and junipers for hedges, screens and year-round structure, in containers or balled and burlapped.',
    descriptionFr:
      'Épinettes, pins, cèdres et genévriers pour les haies, les écrans et une structure en toute saison, en contenant ou en motte de jute.',
  },
  {
    key: 'shrubs',
    codePrefix: 'SHR',
    slugFr: 'arbustes',
    nameEn: 'Shrubs',
    nameFr: 'Arbustes',
    descriptionEn:
      'Flowering and foliage shrubs for borders, foundation plantings and hedges: hydrangeas, lilacs, dogwoods, spireas and more.',
    descriptionFr: `Arbustes à fleurs et à feuillage décoratif pour les plates-bandes, le pourtour des fondations et les haies${NBSP}: hydrangées, lilas, cornouillers, spirées et plus encore.`,
  },
  {
    key: 'broadleafs',
    codePrefix: 'BRD',
    slugFr: 'feuillus-persistants',
    nameEn: 'Broadleaf Evergreens',
    nameFr: 'Feuillus persistants',
    descriptionEn:
      'Rhododendrons, boxwoods, hollies and other broadleaf evergreens that keep their leaves through our winters when they are sheltered from drying winds.',
    descriptionFr:
      "Rhododendrons, buis, houx et autres feuillus persistants qui gardent leurs feuilles tout l'hiver lorsqu'ils sont à l'abri des vents desséchants.",
  },
  {
    key: 'perennials',
    codePrefix: 'PER',
    slugFr: 'vivaces',
    nameEn: 'Perennials',
    nameFr: 'Vivaces',
    descriptionEn:
      'Hardy perennials that come back every spring, from sun-loving coneflowers to hostas for the shade garden.',
    descriptionFr:
      "Des vivaces rustiques qui reviennent chaque printemps, des échinacées qui adorent le soleil aux hostas du jardin d'ombre.",
  },
  {
    key: 'roses',
    codePrefix: 'ROS',
    slugFr: 'rosiers',
    nameEn: 'Roses',
    nameFr: 'Rosiers',
    descriptionEn:
      'Hardy shrub roses, climbers and hybrid teas, with many own-root varieties bred to come through Canadian winters.',
    descriptionFr:
      'Rosiers arbustifs rustiques, grimpants et hybrides de thé, dont plusieurs variétés sur leurs propres racines sélectionnées pour traverser les hivers canadiens.',
  },
  {
    key: 'grasses',
    codePrefix: 'GRA',
    slugFr: 'graminees',
    nameEn: 'Ornamental Grasses',
    nameFr: 'Graminées ornementales',
    descriptionEn:
      'Ornamental grasses for movement, texture and winter interest, from compact fescues to tall switchgrass.',
    descriptionFr:
      "Graminées ornementales pour le mouvement, la texture et l'intérêt hivernal, des fétuques compactes aux grands panics érigés.",
  },
  {
    key: 'groundcovers',
    codePrefix: 'GRC',
    slugFr: 'couvre-sols',
    nameEn: 'Groundcovers',
    nameFr: 'Couvre-sols',
    descriptionEn:
      'Low, spreading plants that cover bare soil, keep weeds down and soften the edges of paths and walls.',
    descriptionFr:
      'Plantes basses et tapissantes qui couvrent le sol, limitent les mauvaises herbes et adoucissent le bord des sentiers et des murets.',
  },
  {
    key: 'vines',
    codePrefix: 'VIN',
    slugFr: 'grimpantes',
    nameEn: 'Vines',
    nameFr: 'Plantes grimpantes',
    descriptionEn:
      'Climbers for fences, arbours and walls: clematis, honeysuckle, climbing hydrangea and Virginia creeper.',
    descriptionFr: `Plantes grimpantes pour les clôtures, les pergolas et les murs${NBSP}: clématites, chèvrefeuilles, hydrangée grimpante et vigne vierge.`,
  },
  {
    key: 'fruits',
    codePrefix: 'FRU',
    slugFr: 'fruitiers',
    nameEn: 'Fruits',
    nameFr: 'Arbres et arbustes fruitiers',
    descriptionEn:
      'Apples, pears, plums, cherries and berry bushes chosen for Canadian gardens, with notes on which varieties need a pollinator.',
    descriptionFr:
      "Pommiers, poiriers, pruniers, cerisiers et petits fruits choisis pour les jardins canadiens, avec des conseils sur les variétés qui ont besoin d'un pollinisateur.",
  },
];

type YardCode = 'milton' | 'ottawa' | 'barrie' | 'laval';

const SALES_YARDS: readonly (Omit<Insertable<Database['locations']>, 'location_type_id'> & { code: YardCode })[] = [
  {
    code: 'milton',
    name_en: 'Milton Sales Yard',
    name_fr: 'Centre de vente de Milton',
    street_address: '8155 Tremaine Road',
    city: 'Milton',
    province: 'ON',
    postal_code: 'L9T 2X3',
    phone: '905-555-0101',
    hours_en: 'Mon. to Fri. 7 a.m. to 6 p.m.; Sat. 8 a.m. to 5 p.m.; Sun. 10 a.m. to 4 p.m.',
    hours_fr: 'Lun. au ven. 7 h à 18 h; sam. 8 h à 17 h; dim. 10 h à 16 h',
    latitude: 43.5183,
    longitude: -79.912,
    sort_order: 1,
  },
  {
    code: 'ottawa',
    name_en: 'Ottawa Sales Yard',
    name_fr: "Centre de vente d'Ottawa",
    street_address: '4480 Bank Street',
    city: 'Ottawa',
    province: 'ON',
    postal_code: 'K1T 3W7',
    phone: '613-555-0102',
    hours_en: 'Mon. to Fri. 7 a.m. to 5 p.m.; Sat. 8 a.m. to 4 p.m.; closed Sunday',
    hours_fr: 'Lun. au ven. 7 h à 17 h; sam. 8 h à 16 h; fermé le dimanche',
    latitude: 45.354,
    longitude: -75.629,
    sort_order: 2,
  },
  {
    code: 'barrie',
    name_en: 'Barrie Sales Yard',
    name_fr: 'Centre de vente de Barrie',
    street_address: '1123 Essa Road',
    city: 'Barrie',
    province: 'ON',
    postal_code: 'L9J 0H4',
    phone: '705-555-0103',
    hours_en: 'Mon. to Sat. 8 a.m. to 5 p.m.; Sun. 10 a.m. to 3 p.m.',
    hours_fr: 'Lun. au sam. 8 h à 17 h; dim. 10 h à 15 h',
    latitude: 44.338,
    longitude: -79.738,
    sort_order: 3,
  },
  {
    code: 'laval',
    name_en: 'Laval Sales Yard',
    name_fr: 'Centre de vente de Laval',
    street_address: '3850 boulevard Dagenais Ouest',
    city: 'Laval',
    province: 'QC',
    postal_code: 'H7R 1L8',
    phone: '450-555-0104',
    hours_en: 'Mon. to Fri. 7 a.m. to 5 p.m.; Sat. 8 a.m. to 4 p.m.; closed Sunday',
    hours_fr: 'Lun. au ven. 7 h à 17 h; sam. 8 h à 16 h; fermé le dimanche',
    latitude: 45.557,
    longitude: -73.826,
    sort_order: 4,
  },
];

interface InHouseAccountSeed {
  number: string;
  phone: string;
  company: string;
  yard: YardCode;
  invoices: number;
}

const IN_HOUSE_ACCOUNTS: readonly InHouseAccountSeed[] = [
  { number: 'TA-100200', phone: '905-555-0142', company: 'Greenway Landscaping Ltd.', yard: 'milton', invoices: 16 },
  { number: 'TA-100300', phone: '905-555-0199', company: 'Rideau Landscape Design Inc.', yard: 'ottawa', invoices: 4 },
  {
    number: 'TA-100410',
    phone: '416-555-0175',
    company: 'Maple Ridge Grounds Maintenance Inc.',
    yard: 'milton',
    invoices: 3,
  },
  {
    number: 'TA-100520',
    phone: '450-555-0163',
    company: 'Aménagement paysager Boisé-Laval inc.',
    yard: 'laval',
    invoices: 5,
  },
  { number: 'TA-100630', phone: '705-555-0121', company: 'Georgian Bay Landscapes Ltd.', yard: 'barrie', invoices: 2 },
  {
    number: 'TA-100740',
    phone: '613-555-0188',
    company: 'Capital Hardscape & Gardens Inc.',
    yard: 'ottawa',
    invoices: 3,
  },
];
const TRADE_ACCOUNT = 'TA-100200';

interface PersonSeed {
  first: string;
  last: string;
  locale: Locale;
  yard: YardCode;
  trade: boolean;
}

/** Customers who exist for history (quotes); they cannot sign in. */
const HISTORY_CUSTOMERS: readonly PersonSeed[] = [
  { first: 'Sarah', last: 'Thompson', locale: 'en', yard: 'milton', trade: false },
  { first: 'James', last: 'Wilson', locale: 'en', yard: 'milton', trade: true },
  { first: 'Priya', last: 'Patel', locale: 'en', yard: 'milton', trade: false },
  { first: 'Liam', last: "O'Brien", locale: 'en', yard: 'barrie', trade: false },
  { first: 'Michael', last: 'Roberts', locale: 'en', yard: 'barrie', trade: true },
  { first: 'Jessica', last: 'Campbell', locale: 'en', yard: 'ottawa', trade: false },
  { first: 'David', last: 'Kim', locale: 'en', yard: 'milton', trade: false },
  { first: 'Hannah', last: 'MacDonald', locale: 'en', yard: 'ottawa', trade: false },
  { first: 'Ryan', last: 'Stewart', locale: 'en', yard: 'barrie', trade: true },
  { first: 'Aisha', last: 'Mohamed', locale: 'en', yard: 'milton', trade: false },
  { first: 'Daniel', last: 'Murphy', locale: 'en', yard: 'ottawa', trade: true },
  { first: 'Laura', last: 'Bennett', locale: 'en', yard: 'milton', trade: false },
  { first: 'Kevin', last: 'Singh', locale: 'en', yard: 'milton', trade: true },
  { first: 'Rachel', last: 'Anderson', locale: 'en', yard: 'ottawa', trade: false },
  { first: 'Tyler', last: 'Morrison', locale: 'en', yard: 'barrie', trade: false },
  { first: 'Megan', last: 'Fraser', locale: 'en', yard: 'milton', trade: false },
  { first: 'Julie', last: 'Bouchard', locale: 'fr', yard: 'laval', trade: false },
  { first: 'Mathieu', last: 'Lavoie', locale: 'fr', yard: 'laval', trade: true },
  { first: 'Isabelle', last: 'Côté', locale: 'fr', yard: 'laval', trade: false },
  { first: 'Étienne', last: 'Pelletier', locale: 'fr', yard: 'ottawa', trade: false },
  { first: 'Geneviève', last: 'Roy', locale: 'fr', yard: 'laval', trade: false },
  { first: 'François', last: 'Gauthier', locale: 'fr', yard: 'laval', trade: true },
  { first: 'Catherine', last: 'Bélanger', locale: 'fr', yard: 'ottawa', trade: false },
  { first: 'Simon', last: 'Lévesque', locale: 'fr', yard: 'laval', trade: false },
  { first: 'Véronique', last: 'Morin', locale: 'fr', yard: 'laval', trade: false },
  { first: 'Alexandre', last: 'Fortin', locale: 'fr', yard: 'laval', trade: true },
  { first: 'Chloé', last: 'Bergeron', locale: 'en', yard: 'ottawa', trade: false },
  { first: 'Louis-Philippe', last: 'Girard', locale: 'fr', yard: 'laval', trade: false },
  { first: 'Annie', last: 'Ouellet', locale: 'fr', yard: 'ottawa', trade: false },
  { first: 'Maxime', last: 'Poirier', locale: 'fr', yard: 'laval', trade: false },
];

const AREA_CODES: Record<YardCode, readonly string[]> = {
  milton: ['905', '289', '416', '647'],
  ottawa: ['613', '343'],
  barrie: ['705', '249'],
  laval: ['450', '514', '579'],
};

interface Address {
  street: string;
  city: string;
  province: 'ON' | 'QC';
  postalCode: string;
}

const DELIVERY_ADDRESSES: Record<YardCode, readonly Address[]> = {
  milton: [
    { street: '27 Maple Grove Drive', city: 'Oakville', province: 'ON', postalCode: 'L6J 4V1' },
    { street: '1185 Lakeshore Road West', city: 'Mississauga', province: 'ON', postalCode: 'L5H 1G2' },
    { street: '342 Appleby Line', city: 'Burlington', province: 'ON', postalCode: 'L7L 2X9' },
    { street: '61 Bronte Street South', city: 'Milton', province: 'ON', postalCode: 'L9T 1Y8' },
  ],
  ottawa: [
    { street: '55 Fairway Heights Crescent', city: 'Ottawa', province: 'ON', postalCode: 'K2M 2C7' },
    { street: '118 Riverbend Court', city: 'Ottawa', province: 'ON', postalCode: 'K1V 1E4' },
    { street: '19 rue des Pins', city: 'Gatineau', province: 'QC', postalCode: 'J9A 1K5' },
  ],
  barrie: [
    { street: '18 Kempview Lane', city: 'Barrie', province: 'ON', postalCode: 'L4N 6K2' },
    { street: '210 Shore Acres Road', city: 'Orillia', province: 'ON', postalCode: 'L3V 7N4' },
    { street: '7 Birchwood Trail', city: 'Innisfil', province: 'ON', postalCode: 'L9S 2G3' },
  ],
  laval: [
    { street: '1520 rue des Érables', city: 'Laval', province: 'QC', postalCode: 'H7M 3B6' },
    { street: '84 chemin du Lac-Écho', city: 'Prévost', province: 'QC', postalCode: 'J0R 1T0' },
    { street: '2375 boulevard du Curé-Labelle', city: 'Blainville', province: 'QC', postalCode: 'J7C 2J1' },
    { street: '412 rue Principale', city: 'Saint-Sauveur', province: 'QC', postalCode: 'J0R 1R0' },
  ],
};

const JOB_NAMES: Record<Locale, readonly string[]> = {
  en: [
    'Henderson residence – backyard',
    'Maple Court condominiums – phase 2',
    'Lakeview Park entrance beds',
    'Bronte Road townhouses',
    'Whitfield residence – front yard',
  ],
  fr: [
    'Résidence Lavoie – cour arrière',
    'Condos du Boisé – phase 2',
    'Parc des Érables – entrée',
    'Copropriété Saint-Martin',
    'Résidence Dubois – façade',
  ],
};

const QUOTE_COMMENTS: Record<Locale, readonly string[]> = {
  en: [
    'Please call the site contact 30 minutes before delivery; the driveway is narrow.',
    'Can you hold these for pickup until the end of the month?',
    'Looking for well-matched specimens: they will be planted in a row.',
    'Flexible on sizes if the larger ones are not available.',
    'Please deliver to the back gate; there is a trailer in the driveway.',
  ],
  fr: [
    "Merci d'appeler le responsable du chantier 30 minutes avant la livraison.",
    "Pourriez-vous réserver ces plants jusqu'à la fin du mois?",
    'Je cherche des sujets bien assortis pour une plantation en rangée.',
    'Les formats sont flexibles si les plus gros ne sont pas disponibles.',
    "Livraison par la barrière arrière, s'il vous plaît.",
  ],
};

const REDIRECTS: readonly Insertable<Database['redirects']>[] = [
  { from_path: '/shop', to_location: '/browse/trees', status: 301 },
  { from_path: '/fr/boutique', to_location: '/fr/browse/arbres', status: 301 },
  { from_path: '/catalogue', to_location: '/search', status: 302 },
  { from_path: '/fr/catalogue', to_location: '/fr/search', status: 302 },
  { from_path: '/perennials', to_location: '/browse/perennials', status: 301 },
];

// ---------------------------------------------------------------------------------------
// The demo seed
// ---------------------------------------------------------------------------------------

/** What the later steps need to know about a variant they did not insert themselves. */
interface VariantInfo {
  id: number;
  sku: string;
  productCode: string;
  categoryKey: PlantCategory;
  nameEn: string;
  nameFr: string;
  botanical: string;
  sizeLabel: string;
  sizeKind: SizeKind;
  listCents: number;
  tradeCents: number;
  featured: boolean;
}

interface SeededUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  locale: Locale;
  customerTypeId: number;
  inHouseAccountId: number | null;
  yard: YardCode;
  trade: boolean;
}

/**
 * Fills an empty, migrated database with the demo store. Refuses a database that already has
 * categories. Everything after the password hashes runs in one transaction.
 */
export async function seedDemoData(handle: DatabaseHandle, options: SeedOptions = {}): Promise<SeedCounts> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();

  await requireEmptyCatalog(handle.db);
  const plantFiles = await loadPlantFiles(options.plantsDir);
  if (plantFiles.length === 0) {
    throw new DemoSeedError(
      `No plant files in ${options.plantsDir ?? PLANTS_DIR}: the demo catalog needs at least one.`,
    );
  }
  const plantCount = plantFiles.reduce((sum, file) => sum + file.plants.length, 0);
  log(`Loaded ${plantCount} plants from ${plantFiles.length} of ${TOP_CATEGORIES.length} category files`);

  // scrypt is deliberately slow, so the hashes are made once, before the transaction.
  const passwordHashes = {
    admin: await hashPassword(DEMO_ACCOUNTS.admin.password),
    customer: await hashPassword(DEMO_ACCOUNTS.customer.password),
    trade: await hashPassword(DEMO_ACCOUNTS.trade.password),
    superAdmin: await hashPassword(SUPER_ADMIN.password),
    // The history customers share one hash of a password nobody knows.
    nobody: await hashPassword(randomBytes(32).toString('base64url')),
  };
  log(`Hashed passwords in ${seconds(started)} s`);

  const counts: SeedCounts = {};
  const random = new Random(PRNG_SEED);
  await handle.db.transaction().execute(async (trx) => {
    await requireEmptyCatalog(trx);
    const step = performance.now();
    const yards = await seedReferenceData(trx, counts);
    const categoryIds = await seedCategories(trx, plantFiles, counts);
    const variants = await seedCatalog(trx, random, plantFiles, categoryIds, yards, counts);
    log(`Catalog: ${counts.products} products, ${counts.variants} variants in ${seconds(step)} s`);
    const accounts = await seedInHouseAccounts(trx, random, now, variants, yards, counts);
    const users = await seedUsers(trx, random, now, passwordHashes, accounts, yards, counts);
    await seedWishlists(trx, random, users, variants, counts);
    await seedQuoteRequests(trx, random, now, users, variants, yards, counts);
    // The admin quote desk's year of history, from a generator of its own: all of the above stays as it was.
    await seedQuoteDesk(trx, {
      now,
      hashes: { superAdmin: passwordHashes.superAdmin, nobody: passwordHashes.nobody },
      counts,
    });
    await insertInChunks(REDIRECTS, (chunk) => trx.insertInto('redirects').values(chunk).execute());
    counts.redirects = REDIRECTS.length;
  });
  log(`Seeded demo data in ${seconds(started)} s`);
  return counts;
}

async function requireEmptyCatalog(db: Db): Promise<void> {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) {
    throw new DemoSeedError('The database already has categories: demo data is only seeded into an empty database.');
  }
}

async function seedReferenceData(db: Db, counts: SeedCounts): Promise<Map<YardCode, number>> {
  await db
    .insertInto('customer_types')
    .values([
      { id: 1, code: 'list', name_en: 'Retail', name_fr: 'Particulier' },
      {
        id: 2,
        code: 'landscape_professional',
        name_en: 'Landscape Professional',
        name_fr: "Professionnel de l'aménagement paysager",
      },
    ])
    // The reference-data migration may have written them already.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('location_types')
    .values([
      { id: 1, code: 'sales_yard', name_en: 'Sales Yard', name_fr: 'Centre de vente' },
      { id: 2, code: 'distribution_centre', name_en: 'Distribution Centre', name_fr: 'Centre de distribution' },
    ])
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const locations = await db
    .insertInto('locations')
    .values(SALES_YARDS.map((yard) => ({ ...yard, location_type_id: 1 })))
    .returning(['id', 'code'])
    .execute();
  counts.customer_types = 2;
  counts.location_types = 2;
  counts.locations = locations.length;
  return new Map(locations.map((location) => [location.code as YardCode, location.id]));
}

/** The categories and the settings that name them; returns subcategory ids by "category/subcategory". */
async function seedCategories(
  db: Db,
  plantFiles: readonly PlantFile[],
  counts: SeedCounts,
): Promise<Map<string, number>> {
  const topRows = await db
    .insertInto('categories')
    .values(
      TOP_CATEGORIES.map((category, index) => ({
        parent_id: null,
        slug_en: category.key,
        slug_fr: category.slugFr,
        path_en: category.key,
        path_fr: category.slugFr,
        name_en: category.nameEn,
        name_fr: category.nameFr,
        description_en: category.descriptionEn,
        description_fr: category.descriptionFr,
        sort_order: index + 1,
      })),
    )
    .returning(['id', 'slug_en'])
    .execute();
  const topIds = new Map(topRows.map((row) => [row.slug_en, row.id]));

  const children: Insertable<Database['categories']>[] = [];
  for (const file of plantFiles) {
    const parent = topCategory(file.category);
    const usedFr = new Set<string>();
    file.subcategories.forEach((subcategory, index) => {
      let slugFr = slugify(subcategory.name_fr) || subcategory.slug;
      if (usedFr.has(slugFr)) slugFr = `${slugFr}-${index + 1}`;
      usedFr.add(slugFr);
      children.push({
        parent_id: requireId(topIds, parent.key),
        slug_en: subcategory.slug,
        slug_fr: slugFr,
        path_en: `${parent.key}/${subcategory.slug}`,
        path_fr: `${parent.slugFr}/${slugFr}`,
        name_en: subcategory.name_en,
        name_fr: subcategory.name_fr,
        sort_order: index + 1,
      });
    });
  }
  const childRows = children.length
    ? await db.insertInto('categories').values(children).returning(['id', 'path_en']).execute()
    : [];

  const settings = Object.entries({
    backend_version: '1.0.0',
    password_min_length: 8,
    default_customer_type_id: 1,
    home_page: { category_ids: topRows.map((row) => row.id), category_slug: 'trees' },
    locations: { primary_location_type_ids_for_product_page: [1] },
    low_stock_threshold: 5,
  });
  await db
    .insertInto('app_settings')
    .values(settings.map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
  counts.app_settings = settings.length;
  counts.categories = topRows.length + childRows.length;
  return new Map(childRows.map((row) => [row.path_en, row.id]));
}

function topCategory(key: PlantCategory): TopCategory {
  const category = TOP_CATEGORIES.find((candidate) => candidate.key === key);
  if (!category) throw new Error(`No top-level category "${key}"`);
  return category;
}

async function seedCatalog(
  db: Db,
  random: Random,
  plantFiles: readonly PlantFile[],
  categoryIds: ReadonlyMap<string, number>,
  yards: ReadonlyMap<YardCode, number>,
  counts: SeedCounts,
): Promise<VariantInfo[]> {
  interface Draft {
    category: TopCategory;
    plant: Plant;
    code: string;
  }
  const drafts: Draft[] = plantFiles.flatMap((file) => {
    const category = topCategory(file.category);
    return file.plants.map((plant, index) => ({ category, plant, code: `${category.codePrefix}-${1001 + index}` }));
  });

  const featured = pickFeatured(random, drafts);
  const usedSlugsEn = new Set<string>();
  const usedSlugsFr = new Set<string>();
  const uniqueSlug = (name: string, code: string, used: Set<string>) => {
    const base = slugify(name) || code.toLowerCase();
    const slug = used.has(base) ? `${base}-${code.slice(4)}` : base;
    used.add(slug);
    return slug;
  };

  const productRows: Insertable<Database['products']>[] = drafts.map(({ category, plant, code }) => {
    const categoryId = categoryIds.get(`${category.key}/${plant.subcategory}`);
    if (categoryId === undefined) throw new Error(`${code}: no subcategory ${category.key}/${plant.subcategory}`);
    const disclaimer = disclaimerFor(category.key, plant);
    return {
      code,
      category_id: categoryId,
      slug_en: uniqueSlug(plant.name_en, code, usedSlugsEn),
      slug_fr: uniqueSlug(plant.name_fr, code, usedSlugsFr),
      name_en: plant.name_en,
      name_fr: plant.name_fr,
      botanical_name: plant.botanical,
      description_en: plant.description_en,
      description_fr: plant.description_fr,
      disclaimer_en: disclaimer.en,
      disclaimer_fr: disclaimer.fr,
      hardiness_zone: plant.zone,
      exposure: plant.exposure,
      height_cm: plant.height_cm,
      spread_cm: plant.spread_cm,
      bloom_from: plant.bloom?.from ?? null,
      bloom_to: plant.bloom?.to ?? null,
      flower_colour_en: plant.flower_colour?.en ?? null,
      flower_colour_fr: plant.flower_colour?.fr ?? null,
      foliage_colour_en: plant.foliage_colour?.en ?? null,
      foliage_colour_fr: plant.foliage_colour?.fr ?? null,
      is_featured: featured.has(code),
    };
  });
  const products = await insertInChunks(productRows, (chunk) =>
    db.insertInto('products').values(chunk).returning(['id', 'code']).execute(),
  );
  const productIds = new Map(products.map((row) => [row.code, row.id]));

  const variantRows: Insertable<Database['variants']>[] = [];
  const infoBySku = new Map<string, Omit<VariantInfo, 'id'>>();
  for (const { category, plant, code } of drafts) {
    const productId = requireId(productIds, code);
    plant.sizes.forEach((size, index) => {
      const { code: sizeCode, kind } = parseSize(size.size);
      const sku = `${code}-${sizeCode}`;
      const tradeCents = tradePrice(random, size.list_cents);
      variantRows.push({
        product_id: productId,
        sku,
        size_label: size.size,
        size_kind: kind,
        sort_order: index + 1,
        list_price_cents: size.list_cents,
        trade_price_cents: tradeCents,
      });
      infoBySku.set(sku, {
        sku,
        productCode: code,
        categoryKey: category.key,
        nameEn: plant.name_en,
        nameFr: plant.name_fr,
        botanical: plant.botanical,
        sizeLabel: size.size,
        sizeKind: kind,
        listCents: size.list_cents,
        tradeCents,
        featured: featured.has(code),
      });
    });
  }
  const variants = await insertInChunks(variantRows, (chunk) =>
    db.insertInto('variants').values(chunk).returning(['id', 'sku']).execute(),
  );
  const infos = variants.map((row) => {
    const info = infoBySku.get(row.sku);
    if (!info) throw new Error(`Unexpected variant ${row.sku}`);
    return { ...info, id: row.id };
  });

  const stockRows = stockLevelsFor(random, infos, [...yards.values()]);
  await insertInChunks(stockRows, (chunk) => db.insertInto('stock_levels').values(chunk).execute());
  counts.products = products.length;
  counts.variants = variants.length;
  counts.stock_levels = stockRows.length;
  return infos;
}

/** About a dozen: one from each category, then a couple more from anywhere. */
function pickFeatured(random: Random, drafts: readonly { category: TopCategory; code: string }[]): Set<string> {
  const featured = new Set<string>();
  for (const category of TOP_CATEGORIES) {
    const inCategory = drafts.filter((draft) => draft.category.key === category.key);
    if (inCategory.length > 0) featured.add(random.pick(inCategory).code);
  }
  for (const draft of random.sample(drafts, drafts.length)) {
    if (featured.size >= 12) break;
    featured.add(draft.code);
  }
  return featured;
}

/** 75–80 % of list, rounded to 5 cents, never above list. */
function tradePrice(random: Random, listCents: number): number {
  const rate = 0.75 + random.int(0, 5) / 100;
  return Math.min(listCents, Math.round((listCents * rate) / 5) * 5);
}

/** About 20 % sold out, 15 % low (1–5), the rest in stock; large stock is kept in smaller numbers. */
function stockLevelsFor(
  random: Random,
  variants: readonly Pick<VariantInfo, 'id' | 'sizeKind' | 'sizeLabel'>[],
  locationIds: readonly number[],
): Insertable<Database['stock_levels']>[] {
  const rows: Insertable<Database['stock_levels']>[] = [];
  for (const variant of variants) {
    const ceiling = stockCeiling(variant.sizeKind, variant.sizeLabel);
    for (const locationId of locationIds) {
      const draw = random.next();
      const quantity = draw < 0.2 ? 0 : draw < 0.35 ? random.int(1, 5) : random.int(6, ceiling);
      rows.push({ variant_id: variant.id, location_id: locationId, quantity });
    }
  }
  return rows;
}

function stockCeiling(kind: SizeKind, label: string): number {
  if (kind === 'caliper' || kind === 'balled_burlapped') return 24;
  if (kind === 'height') return 60;
  const containerSize = kind === 'container' ? Number(label.slice(1)) : 0;
  return containerSize >= 7 ? 45 : 150;
}

function disclaimerFor(category: PlantCategory, plant: Plant): { en: string; fr: string } {
  const kinds = new Set(plant.sizes.map((size) => parseSize(size.size).kind));
  const en = ['Sizes and colours are approximate: every plant is a living thing and no two are exactly alike.'];
  const fr = [
    `Les formats et les couleurs sont approximatifs${NBSP}: chaque plante est un être vivant et il n'y en a pas deux pareilles.`,
  ];
  if (kinds.has('caliper')) {
    en.push('Caliper is measured 15 cm above the root flare; height and branching vary from tree to tree.');
    fr.push("Le calibre est mesuré à 15 cm au-dessus du collet; la hauteur et la ramure varient d'un arbre à l'autre.");
  } else if (kinds.has('height') || kinds.has('balled_burlapped')) {
    en.push('Heights are measured from the soil line to the tip of the leader, to within about 10 cm.');
    fr.push('La hauteur est mesurée du sol à la pointe de la flèche, à une dizaine de centimètres près.');
  }
  if (category === 'roses') {
    en.push('Bloom colour shifts with heat, light and soil.');
    fr.push('La couleur des fleurs varie selon la chaleur, la lumière et le sol.');
  } else if (category === 'fruits') {
    en.push('Fruit set depends on age, weather and pollination; some varieties need a second variety nearby.');
    fr.push(
      "La production de fruits dépend de l'âge du plant, de la météo et de la pollinisation; certaines variétés ont besoin d'une autre variété à proximité.",
    );
  } else if (category === 'perennials' || category === 'grasses' || category === 'groundcovers') {
    en.push('Perennials are sold as they grow: in early spring or late fall a pot may show little above the soil.');
    fr.push(
      `Les vivaces sont vendues au stade où elles se trouvent${NBSP}: tôt au printemps ou tard à l'automne, le pot peut sembler presque vide.`,
    );
  }
  en.push(`Mature size and hardiness (zone ${plant.zone}) depend on soil, exposure, snow cover and care at your site.`);
  fr.push(
    `La taille à maturité et la rusticité (zone${NBSP}${plant.zone}) dépendent du sol, de l'exposition, de l'enneigement et de l'entretien sur votre terrain.`,
  );
  return { en: en.join(' '), fr: fr.join(' ') };
}

async function seedInHouseAccounts(
  db: Db,
  random: Random,
  now: Date,
  variants: readonly VariantInfo[],
  yards: ReadonlyMap<YardCode, number>,
  counts: SeedCounts,
): Promise<Map<string, number>> {
  const accounts = await db
    .insertInto('in_house_accounts')
    .values(
      IN_HOUSE_ACCOUNTS.map((account, index) => ({
        account_number: account.number,
        account_phone: account.phone,
        company_name: account.company,
        created_at: daysBefore(now, 2900 - index * 310).toISOString(),
      })),
    )
    .returning(['id', 'account_number'])
    .execute();
  const accountIds = new Map(accounts.map((row) => [row.account_number, row.id]));

  interface PurchaseDraft {
    invoiceNumber: string;
    accountId: number;
    locationId: number | null;
    purchasedAt: Date;
    lines: { variant: VariantInfo; quantity: number }[];
  }
  const drafts: PurchaseDraft[] = [];
  const yardIds = [...yards.values()];
  for (const account of IN_HOUSE_ACCOUNTS) {
    const accountId = requireId(accountIds, account.number);
    for (let invoice = 0; invoice < account.invoices; invoice++) {
      const lines = random.sample(variants, random.int(1, 6)).map((variant) => ({
        variant,
        quantity: isLargeStock(variant.sizeKind) ? random.int(1, 6) : random.int(2, 25),
      }));
      drafts.push({
        invoiceNumber: '',
        accountId,
        locationId: random.chance(0.75) ? requireId(yards, account.yard) : random.pick(yardIds),
        purchasedAt: businessHour(random, daysBefore(now, random.int(3, 545))),
        lines,
      });
    }
  }
  drafts.sort((a, b) => a.purchasedAt.getTime() - b.purchasedAt.getTime());
  // Invoice numbers rise with the date, with gaps for the nursery's other customers.
  let invoiceNumber = 204_310;
  for (const draft of drafts) {
    invoiceNumber += random.int(3, 60);
    draft.invoiceNumber = `NF-${invoiceNumber}`;
  }

  const purchaseRows = drafts.map((draft) => ({
    in_house_account_id: draft.accountId,
    invoice_number: draft.invoiceNumber,
    location_id: draft.locationId,
    purchased_at: draft.purchasedAt.toISOString(),
    total_cents: draft.lines.reduce((sum, line) => sum + line.quantity * line.variant.tradeCents, 0),
  }));
  const purchases = await insertInChunks(purchaseRows, (chunk) =>
    db.insertInto('in_house_purchases').values(chunk).returning(['id', 'invoice_number']).execute(),
  );
  const purchaseIds = new Map(purchases.map((row) => [row.invoice_number, row.id]));
  const lineRows: Insertable<Database['in_house_purchase_lines']>[] = drafts.flatMap((draft) => {
    const purchaseId = requireId(purchaseIds, draft.invoiceNumber);
    return draft.lines.map((line, lineIndex) => ({
      purchase_id: purchaseId,
      line: lineIndex + 1,
      sku: line.variant.sku,
      description_en: `${line.variant.nameEn}, ${line.variant.sizeLabel}`,
      description_fr: `${line.variant.nameFr}, ${line.variant.sizeLabel}`,
      quantity: line.quantity,
      unit_price_cents: line.variant.tradeCents,
    }));
  });
  await insertInChunks(lineRows, (chunk) => db.insertInto('in_house_purchase_lines').values(chunk).execute());
  counts.in_house_accounts = accounts.length;
  counts.in_house_purchases = purchases.length;
  counts.in_house_purchase_lines = lineRows.length;
  return accountIds;
}

async function seedUsers(
  db: Db,
  random: Random,
  now: Date,
  hashes: { admin: string; customer: string; trade: string; nobody: string },
  accountIds: ReadonlyMap<string, number>,
  yards: ReadonlyMap<YardCode, number>,
  counts: SeedCounts,
): Promise<SeededUser[]> {
  interface UserDraft {
    user: Omit<SeededUser, 'id'>;
    role: 'customer' | 'admin';
    passwordHash: string;
    createdAt: Date;
  }
  const drafts: UserDraft[] = [
    {
      user: {
        email: DEMO_ACCOUNTS.admin.email,
        firstName: 'Nadia',
        lastName: 'Tremblay',
        phone: '905-555-0110',
        locale: 'en',
        customerTypeId: 1,
        inHouseAccountId: null,
        yard: 'milton',
        trade: false,
      },
      role: 'admin',
      passwordHash: hashes.admin,
      createdAt: daysBefore(now, 820),
    },
    {
      user: {
        email: DEMO_ACCOUNTS.customer.email,
        firstName: 'Emily',
        lastName: 'Chen',
        phone: '905-555-0134',
        locale: 'en',
        customerTypeId: 1,
        inHouseAccountId: null,
        yard: 'milton',
        trade: false,
      },
      role: 'customer',
      passwordHash: hashes.customer,
      createdAt: daysBefore(now, 640),
    },
    {
      user: {
        email: DEMO_ACCOUNTS.trade.email,
        firstName: 'Marc',
        lastName: 'Gagnon',
        phone: '905-555-0142',
        locale: 'fr',
        customerTypeId: 2,
        inHouseAccountId: requireId(accountIds, TRADE_ACCOUNT),
        yard: 'milton',
        trade: true,
      },
      role: 'customer',
      passwordHash: hashes.trade,
      createdAt: daysBefore(now, 700),
    },
  ];
  const emails = new Set(drafts.map((draft) => draft.user.email));
  for (const person of HISTORY_CUSTOMERS) {
    let email = `${slugify(person.first)}.${slugify(person.last).replace(/-/g, '')}@example.com`;
    if (emails.has(email)) email = email.replace('@', `${emails.size}@`);
    emails.add(email);
    drafts.push({
      user: {
        email,
        firstName: person.first,
        lastName: person.last,
        phone: random.chance(0.85) ? fictionalPhone(random, person.yard) : null,
        locale: person.locale,
        customerTypeId: person.trade ? 2 : 1,
        inHouseAccountId: null,
        yard: person.yard,
        trade: person.trade,
      },
      role: 'customer',
      passwordHash: hashes.nobody,
      createdAt: businessHour(random, daysBefore(now, random.int(200, 900))),
    });
  }

  const rows: Insertable<Database['users']>[] = drafts.map(({ user, role, passwordHash, createdAt }) => ({
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    role,
    customer_type_id: user.customerTypeId,
    is_landscape_professional: user.trade,
    password_hash: passwordHash,
    email_verified_at: new Date(createdAt.getTime() + random.int(2, 90) * 60_000).toISOString(),
    locale: user.locale,
    default_location_id: requireId(yards, user.yard),
    in_house_account_id: user.inHouseAccountId,
    created_at: createdAt.toISOString(),
    updated_at: createdAt.toISOString(),
  }));
  const inserted = await insertInChunks(rows, (chunk) =>
    db.insertInto('users').values(chunk).returning(['id', 'email']).execute(),
  );
  const ids = new Map(inserted.map((row) => [row.email, row.id]));
  counts.users = inserted.length;
  return drafts.map(({ user }) => {
    return { ...user, id: requireId(ids, user.email) };
  });
}

async function seedWishlists(
  db: Db,
  random: Random,
  users: readonly SeededUser[],
  variants: readonly VariantInfo[],
  counts: SeedCounts,
): Promise<void> {
  const customer = requireSeededUser(users, DEMO_ACCOUNTS.customer.email);
  const trade = requireSeededUser(users, DEMO_ACCOUNTS.trade.email);
  const featured = variants.filter((variant) => variant.featured);
  const gardenPlants = variants.filter((variant) =>
    ['shrubs', 'perennials', 'grasses', 'groundcovers'].includes(variant.categoryKey),
  );
  const landscapeStock = variants.filter((variant) =>
    ['trees', 'evergreens', 'shrubs', 'grasses'].includes(variant.categoryKey),
  );
  const lists = [
    { user: customer, name: 'My List', description: '', isDefault: true, from: featured, items: 4, quantity: [1, 2] },
    {
      user: customer,
      name: 'Front Yard Ideas',
      description: 'Shrubs and perennials for the new bed along the front walk.',
      isDefault: false,
      from: gardenPlants,
      items: 3,
      quantity: [1, 5],
    },
    {
      user: trade,
      name: 'Ma liste',
      description: '',
      isDefault: true,
      from: landscapeStock,
      items: 5,
      quantity: [3, 20],
    },
  ] as const;

  const inserted = await db
    .insertInto('wishlists')
    .values(
      lists.map((list) => ({
        user_id: list.user.id,
        name: list.name,
        description: list.description,
        is_default: list.isDefault,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const items = lists.flatMap((list) => {
    const wishlistId = inserted.find((row) => row.name === list.name)?.id;
    if (wishlistId === undefined) throw new Error(`Wish list "${list.name}" was not inserted`);
    return random.sample(distinctProducts(list.from), list.items).map((variant) => ({
      wishlist_id: wishlistId,
      variant_id: variant.id,
      quantity: random.int(list.quantity[0], list.quantity[1]),
    }));
  });
  if (items.length > 0) await db.insertInto('wishlist_items').values(items).execute();
  counts.wishlists = inserted.length;
  counts.wishlist_items = items.length;
}

/** The smallest size of each product, so that a list does not hold two sizes of one plant. */
function distinctProducts(variants: readonly VariantInfo[]): VariantInfo[] {
  const byProduct = new Map<string, VariantInfo>();
  for (const variant of variants) if (!byProduct.has(variant.productCode)) byProduct.set(variant.productCode, variant);
  return [...byProduct.values()];
}

async function seedQuoteRequests(
  db: Db,
  random: Random,
  now: Date,
  users: readonly SeededUser[],
  variants: readonly VariantInfo[],
  yards: ReadonlyMap<YardCode, number>,
  counts: SeedCounts,
): Promise<void> {
  const customers = users.filter((user) => user.email !== DEMO_ACCOUNTS.admin.email);
  const askers = [
    ...Array.from({ length: 4 }, () => requireSeededUser(users, DEMO_ACCOUNTS.customer.email)),
    ...Array.from({ length: 6 }, () => requireSeededUser(users, DEMO_ACCOUNTS.trade.email)),
    ...Array.from({ length: 30 }, () => random.pick(customers)),
  ];

  interface QuoteDraft {
    key: string;
    user: SeededUser;
    submittedAt: Date;
    fulfilment: Fulfilment;
    lines: { variant: VariantInfo; quantity: number; unitCents: number }[];
  }
  const drafts: QuoteDraft[] = askers.map((user) => {
    const tradePrices = user.inHouseAccountId !== null;
    // Skewed towards recent weeks, as a store's open requests are.
    const submittedAt = businessHour(random, daysBefore(now, Math.floor(180 * random.next() ** 1.5)));
    if (submittedAt.getTime() > now.getTime()) submittedAt.setTime(now.getTime() - random.int(10, 300) * 60_000);
    const lines = random.sample(variants, user.trade ? random.int(2, 9) : random.int(1, 5)).map((variant) => ({
      variant,
      quantity: user.trade ? (isLargeStock(variant.sizeKind) ? random.int(1, 8) : random.int(3, 40)) : random.int(1, 4),
      unitCents: tradePrices ? variant.tradeCents : variant.listCents,
    }));
    const draw = random.next();
    const fulfilment: Fulfilment = draw < 0.45 ? 'pickup' : draw < 0.8 ? 'delivery' : 'pickup_and_delivery';
    return { key: random.uuid(), user, submittedAt, fulfilment, lines };
  });
  // Oldest first, so that the references the column default hands out follow the dates.
  drafts.sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());

  const quoteRows: Insertable<Database['quote_requests']>[] = drafts.map((draft) => {
    const ageDays = (now.getTime() - draft.submittedAt.getTime()) / DAY_MS;
    const status = quoteStatus(random, ageDays);
    const updatedAt =
      status === 'submitted'
        ? draft.submittedAt
        : new Date(Math.min(now.getTime(), draft.submittedAt.getTime() + random.int(2, 96) * 3_600_000));
    return {
      idempotency_key: draft.key,
      user_id: draft.user.id,
      status,
      locale: draft.user.locale,
      fulfilment: draft.fulfilment,
      preferred_date: random.chance(0.7) ? isoDate(daysAfter(draft.submittedAt, random.int(5, 30))) : null,
      payment_preference: paymentPreference(random, draft.user),
      comments: random.chance(0.3) ? random.pick(QUOTE_COMMENTS[draft.user.locale]) : '',
      customer_first_name: draft.user.firstName,
      customer_last_name: draft.user.lastName,
      customer_email: draft.user.email,
      customer_phone: draft.user.phone,
      customer_type_id: draft.user.customerTypeId,
      in_house_account_id: draft.user.inHouseAccountId,
      price_kind: draft.user.inHouseAccountId !== null ? 'trade' : 'list',
      subtotal_cents: draft.lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0),
      submitted_at: draft.submittedAt.toISOString(),
      updated_at: updatedAt.toISOString(),
    };
  });
  const quotes = await insertInChunks(quoteRows, (chunk) =>
    db.insertInto('quote_requests').values(chunk).returning(['id', 'idempotency_key']).execute(),
  );
  const quoteIds = new Map(quotes.map((row) => [row.idempotency_key, row.id]));

  const itemRows: Insertable<Database['quote_request_items']>[] = [];
  const deliveryRows: Insertable<Database['quote_request_deliveries']>[] = [];
  const pickupRows: Insertable<Database['quote_request_pickups']>[] = [];
  for (const draft of drafts) {
    const quoteId = requireId(quoteIds, draft.key);
    draft.lines.forEach((line, index) => {
      itemRows.push({
        quote_request_id: quoteId,
        line: index + 1,
        variant_id: line.variant.id,
        product_code: line.variant.productCode,
        sku: line.variant.sku,
        product_name_en: line.variant.nameEn,
        product_name_fr: line.variant.nameFr,
        botanical_name: line.variant.botanical,
        size_label: line.variant.sizeLabel,
        quantity: line.quantity,
        unit_price_cents: line.unitCents,
      });
    });
    if (draft.fulfilment !== 'delivery') {
      pickupRows.push({ quote_request_id: quoteId, location_id: requireId(yards, draft.user.yard) });
    }
    if (draft.fulfilment !== 'pickup') {
      const address = random.pick(DELIVERY_ADDRESSES[draft.user.yard]);
      const onSite = draft.user.trade ? random.pick(HISTORY_CUSTOMERS) : null;
      deliveryRows.push({
        quote_request_id: quoteId,
        job_name: draft.user.trade ? random.pick(JOB_NAMES[draft.user.locale]) : '',
        po_number: draft.user.trade && random.chance(0.7) ? `PO-${random.int(1000, 9999)}` : '',
        street_address: address.street,
        city: address.city,
        province: address.province,
        postal_code: address.postalCode,
        site_contact_first_name: onSite?.first ?? draft.user.firstName,
        site_contact_last_name: onSite?.last ?? draft.user.lastName,
        phone: onSite || !draft.user.phone ? fictionalPhone(random, draft.user.yard) : draft.user.phone,
      });
    }
  }
  await insertInChunks(itemRows, (chunk) => db.insertInto('quote_request_items').values(chunk).execute());
  await insertInChunks(deliveryRows, (chunk) => db.insertInto('quote_request_deliveries').values(chunk).execute());
  await insertInChunks(pickupRows, (chunk) => db.insertInto('quote_request_pickups').values(chunk).execute());
  counts.quote_requests = quotes.length;
  counts.quote_request_items = itemRows.length;
  counts.quote_request_deliveries = deliveryRows.length;
  counts.quote_request_pickups = pickupRows.length;
}

/** Recent requests are still waiting; older ones have mostly been quoted or approved. */
function quoteStatus(random: Random, ageDays: number): QuoteStatus {
  const draw = random.next();
  if (ageDays < 10) return draw < 0.6 ? 'submitted' : 'in_review';
  if (ageDays < 45) return draw < 0.15 ? 'submitted' : draw < 0.45 ? 'in_review' : draw < 0.8 ? 'quoted' : 'approved';
  return draw < 0.4 ? 'quoted' : draw < 0.92 ? 'approved' : 'cancelled';
}

function paymentPreference(random: Random, user: SeededUser): PaymentPreference {
  if (user.inHouseAccountId !== null) return random.chance(0.8) ? 'charge_account' : 'credit_card';
  return random.chance(0.65) ? 'credit_card' : 'cash';
}

function requireSeededUser(users: readonly SeededUser[], email: string): SeededUser {
  const user = users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`Demo user ${email} was not seeded`);
  return user;
}

// ---------------------------------------------------------------------------------------
// Scale products for benchmarks
// ---------------------------------------------------------------------------------------

/**
 * Adds synthetic products, cloned from the real plants, until the catalog holds `count`
 * products: each clone gets its own code (6 digits, so it never meets a real one), slugs,
 * variants and stock at every location. Returns how many were added.
 */
export async function seedScaleProducts(
  handle: DatabaseHandle,
  count: number,
  options: Pick<SeedOptions, 'log'> = {},
): Promise<number> {
  const log = options.log ?? (() => {});
  if (!Number.isInteger(count) || count < 1 || count > MAX_SCALE_PRODUCTS) {
    throw new RangeError(`count must be an integer from 1 to ${MAX_SCALE_PRODUCTS}, got ${count}`);
  }
  const db = handle.db;
  const { total } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const missing = count - Number(total);
  if (missing <= 0) return 0;

  const sources = await db
    .selectFrom('products')
    .selectAll()
    .where('code', '~', '^[A-Z]{3}-[0-9]{4}$')
    .orderBy('id')
    .execute();
  if (sources.length === 0) throw new DemoSeedError('No products to clone: seed the demo data first.');
  const sourceVariants = await db
    .selectFrom('variants')
    .select(['product_id', 'sku', 'size_label', 'size_kind', 'sort_order', 'list_price_cents', 'trade_price_cents'])
    .where(
      'product_id',
      'in',
      sources.map((source) => source.id),
    )
    .orderBy('product_id')
    .orderBy('sort_order')
    .execute();
  const variantsByProduct = new Map<number, typeof sourceVariants>();
  for (const variant of sourceVariants) {
    const list = variantsByProduct.get(variant.product_id);
    if (list) list.push(variant);
    else variantsByProduct.set(variant.product_id, [variant]);
  }
  const locationIds = (await db.selectFrom('locations').select('id').orderBy('id').execute()).map((row) => row.id);
  const clones = await db.selectFrom('products').select('code').where('code', '~', '^[A-Z]{3}-[0-9]{6}$').execute();
  // One number across all prefixes keeps the " Selection N" names and slugs unique as well.
  let number = Math.max(100_000, ...clones.map((row) => Number(row.code.slice(4))));

  const random = new Random(PRNG_SEED + Number(total));
  const started = performance.now();
  let added = 0;
  while (added < missing) {
    const batch = Math.min(BATCH_SIZE, missing - added);
    const drafts = Array.from({ length: batch }, (_, index) => {
      const source = sources[(Number(total) + added + index) % sources.length];
      if (!source) throw new Error('No source product');
      number += 1;
      return { source, number, code: `${source.code.slice(0, 3)}-${number}` };
    });
    await db.transaction().execute(async (trx) => {
      const productRows: Insertable<Database['products']>[] = drafts.map(({ source, number, code }) => ({
        code,
        category_id: source.category_id,
        slug_en: `${source.slug_en}-selection-${number}`,
        slug_fr: `${source.slug_fr}-selection-${number}`,
        name_en: `${source.name_en} Selection ${number}`,
        name_fr: `${source.name_fr} sélection ${number}`,
        botanical_name: source.botanical_name,
        description_en: source.description_en,
        description_fr: source.description_fr,
        disclaimer_en: source.disclaimer_en,
        disclaimer_fr: source.disclaimer_fr,
        hardiness_zone: source.hardiness_zone,
        exposure: source.exposure,
        height_cm: source.height_cm,
        spread_cm: source.spread_cm,
        bloom_from: source.bloom_from,
        bloom_to: source.bloom_to,
        flower_colour_en: source.flower_colour_en,
        flower_colour_fr: source.flower_colour_fr,
        foliage_colour_en: source.foliage_colour_en,
        foliage_colour_fr: source.foliage_colour_fr,
        is_published: source.is_published,
        is_featured: false,
      }));
      const products = await insertInChunks(productRows, (chunk) =>
        trx.insertInto('products').values(chunk).returning(['id', 'code']).execute(),
      );
      const productIds = new Map(products.map((row) => [row.code, row.id]));
      const variantRows: Insertable<Database['variants']>[] = drafts.flatMap(({ source, code }) =>
        (variantsByProduct.get(source.id) ?? []).map((variant) => ({
          product_id: requireId(productIds, code),
          sku: `${code}${variant.sku.slice(source.code.length)}`,
          size_label: variant.size_label,
          size_kind: variant.size_kind,
          sort_order: variant.sort_order,
          list_price_cents: variant.list_price_cents,
          trade_price_cents: variant.trade_price_cents,
        })),
      );
      const variants = await insertInChunks(variantRows, (chunk) =>
        trx.insertInto('variants').values(chunk).returning(['id', 'size_kind', 'size_label']).execute(),
      );
      const stockRows = stockLevelsFor(
        random,
        variants.map((row) => ({ id: row.id, sizeKind: row.size_kind, sizeLabel: row.size_label })),
        locationIds,
      );
      await insertInChunks(stockRows, (chunk) => trx.insertInto('stock_levels').values(chunk).execute());
    });
    added += batch;
    log(`Added ${added} of ${missing} products (${seconds(started)} s)`);
  }
  return added;
}

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/** Inserts in statements of at most BATCH_SIZE rows (Postgres allows 65,535 parameters). */
async function insertInChunks<Row, Result>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<Result[]>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    results.push(...(await insert(rows.slice(start, start + BATCH_SIZE))));
  }
  return results;
}

/** The id the database gave a row we just inserted, by the key we know it by. */
function requireId<Key, Id>(ids: ReadonlyMap<Key, Id>, key: Key): Id {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`${String(key)} was not inserted`);
  return id;
}

/** In the 555-0100 to 555-0199 range, which is reserved for fiction. */
function fictionalPhone(random: Random, yard: YardCode): string {
  return `${random.pick(AREA_CODES[yard])}-555-01${String(random.int(0, 99)).padStart(2, '0')}`;
}

function isLargeStock(kind: SizeKind): boolean {
  return kind === 'caliper' || kind === 'balled_burlapped';
}

function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

/** The same day, at a random time between 8:00 and 17:59 Eastern (13:00–22:59 UTC). */
function businessHour(random: Random, day: Date): Date {
  const result = new Date(day);
  result.setUTCHours(random.int(13, 22), random.int(0, 59), random.int(0, 59), 0);
  return result;
}

function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2);
}
