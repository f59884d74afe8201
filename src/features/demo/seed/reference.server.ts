import type { Insertable } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { type PlantCategory, type PlantFile, slugify } from '../plants.ts';
import type { CategoriesFile, ReferenceFile, TopCategory, YardCode } from './data.ts';
import { type Db, insertInChunks, requireId, type SeedCounts } from './util.server.ts';

/** Reference tables, sales yards, categories, settings and redirects. */

export async function seedReferenceData(
  db: Db,
  reference: ReferenceFile,
  counts: SeedCounts,
): Promise<Map<YardCode, number>> {
  await db
    .insertInto('customer_types')
    .values(reference.customer_types)
    // The reference-data migration may have written them already.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('location_types')
    .values(reference.location_types)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const locations = await db
    .insertInto('locations')
    .values(reference.sales_yards.map((yard) => ({ ...yard, location_type_id: 1 })))
    .returning(['id', 'code'])
    .execute();
  counts.customer_types = reference.customer_types.length;
  counts.location_types = reference.location_types.length;
  counts.locations = locations.length;
  return new Map(locations.map((location) => [location.code as YardCode, location.id]));
}

/** The categories and the settings that name them; returns subcategory ids by "category/subcategory". */
export async function seedCategories(
  db: Db,
  categories: CategoriesFile,
  settings: ReferenceFile['app_settings'],
  plantFiles: readonly PlantFile[],
  counts: SeedCounts,
): Promise<Map<string, number>> {
  const topRows = await db
    .insertInto('categories')
    .values(
      categories.categories.map((category, index) => ({
        parent_id: null,
        slug_en: category.key,
        slug_fr: category.slug_fr,
        path_en: category.key,
        path_fr: category.slug_fr,
        name_en: category.name_en,
        name_fr: category.name_fr,
        description_en: category.description_en,
        description_fr: category.description_fr,
        sort_order: index + 1,
      })),
    )
    .returning(['id', 'slug_en'])
    .execute();
  const topIds = new Map(topRows.map((row) => [row.slug_en, row.id]));

  const children: Insertable<Database['categories']>[] = [];
  for (const file of plantFiles) {
    const parent = topCategory(categories, file.category);
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
        path_fr: `${parent.slug_fr}/${slugFr}`,
        name_en: subcategory.name_en,
        name_fr: subcategory.name_fr,
        sort_order: index + 1,
      });
    });
  }
  const childRows = children.length
    ? await db.insertInto('categories').values(children).returning(['id', 'path_en']).execute()
    : [];

  const rows = Object.entries({
    ...settings,
    home_page: { category_ids: topRows.map((row) => row.id), category_slug: 'trees' },
  });
  await db
    .insertInto('app_settings')
    .values(rows.map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
  counts.app_settings = rows.length;
  counts.categories = topRows.length + childRows.length;
  return new Map(childRows.map((row) => [row.path_en, row.id]));
}

export function topCategory(categories: CategoriesFile, key: PlantCategory): TopCategory {
  const category = categories.categories.find((candidate) => candidate.key === key);
  if (!category) throw new Error(`No top-level category "${key}"`);
  return category;
}

export async function seedRedirects(db: Db, reference: ReferenceFile, counts: SeedCounts): Promise<void> {
  await insertInChunks(reference.redirects, (chunk) => db.insertInto('redirects').values(chunk).execute());
  counts.redirects = reference.redirects.length;
}
