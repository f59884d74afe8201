import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../lib/db/schema.ts';

export const CONTENT_SEED_PATH = join(import.meta.dirname, '../../../supabase/seed/content.json');

const ContentSeedSchema = z.object({
  pages: z.array(
    z.object({
      key: z.string().regex(/^[a-z0-9-]+$/),
      slug_en: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      slug_fr: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      title_en: z.string().min(1),
      title_fr: z.string().min(1),
      summary_en: z.string(),
      summary_fr: z.string(),
      body_en: z.string().min(1),
      body_fr: z.string().min(1),
    }),
  ),
});

/**
 * The store's content pages (About, FAQs, policies...). They are the nursery's real text,
 * not demo data, so they are written in production too; pages already there are kept.
 */
export async function seedContentPages(db: Kysely<Database>, path = CONTENT_SEED_PATH): Promise<number> {
  const { pages } = ContentSeedSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  if (pages.length === 0) return 0;
  const inserted = await db
    .insertInto('content_pages')
    .values(pages)
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}
