/**
 * Text as searches compare it: lower case, without accents, trimmed ("Cèdres" is found by
 * "cedres"), as the database's `immutable_unaccent` folds names. Safe on both sides.
 */
export function searchKey(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}
