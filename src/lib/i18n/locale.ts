/**
 * The Intl locale of each language, in a module of its own so that browser code can format
 * money and dates without loading the translation resources.
 */
export const INTL_LOCALE = { en: 'en-CA', fr: 'fr-CA' } as const;
