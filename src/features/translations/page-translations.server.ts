import { readFile } from 'node:fs/promises';
import {
  NO_PAGE_TRANSLATIONS,
  type PageTranslations,
  PageTranslationsFileSchema,
  pageTranslations,
} from './page-translations.ts';

/** The map the build wrote (dist/page-translations.json); none yet means the prefix rules alone. */
export async function readPageTranslationsFile(path: string): Promise<PageTranslations> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_PAGE_TRANSLATIONS;
    throw error;
  }
  return pageTranslations(PageTranslationsFileSchema.parse(JSON.parse(text)));
}
