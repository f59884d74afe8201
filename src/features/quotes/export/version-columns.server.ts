import type { Kysely } from 'kysely';
import type { Database } from '../../../lib/db/schema.ts';
import { isoDateOf } from '../model/quote.server.ts';
import { isPastValidity } from '../versions/versions.ts';
import type { LineSubstitution, VersionColumns } from './csv.ts';

/**
 * The CSV's version columns for a batch of requests (decision 052): the current version (the
 * latest number), its last day, its state, and per line the SKU offered and the alternatives.
 * Three queries a batch, whatever its size.
 */

type Db = Kysely<Database>;

export async function currentVersionColumns(
  db: Db,
  quoteIds: readonly number[],
  now: Date,
): Promise<Map<number, VersionColumns>> {
  const columns = new Map<number, VersionColumns>();
  if (quoteIds.length === 0) return columns;
  const versions = await db
    .selectFrom('quote_versions')
    .distinctOn('quote_request_id')
    .select(['id', 'quote_request_id', 'number', 'valid_until', 'outcome', 'superseded_at'])
    .where('quote_request_id', 'in', quoteIds)
    .orderBy('quote_request_id')
    .orderBy('number', 'desc')
    .execute();
  if (versions.length === 0) return columns;
  const versionIds = versions.map((version) => version.id);
  const [lines, alternatives] = await Promise.all([
    db
      .selectFrom('quote_version_lines as vl')
      .innerJoin('quote_versions as v', 'v.id', 'vl.version_id')
      .innerJoin('quote_request_items as i', (join) =>
        join.onRef('i.quote_request_id', '=', 'v.quote_request_id').onRef('i.line', '=', 'vl.line'),
      )
      .select(['vl.version_id', 'vl.line', 'vl.sku', 'i.sku as requested_sku'])
      .where('vl.version_id', 'in', versionIds)
      .orderBy('vl.version_id')
      .orderBy('vl.line')
      .execute(),
    db
      .selectFrom('quote_version_alternatives')
      .select(['version_id', 'line', 'sku'])
      .where('version_id', 'in', versionIds)
      .orderBy('version_id')
      .orderBy('line')
      .orderBy('position')
      .execute(),
  ]);
  const byVersion = new Map<number, LineSubstitution[]>();
  for (const line of lines) {
    const list = byVersion.get(line.version_id) ?? [];
    list.push({ line: line.line, requestedSku: line.requested_sku, offeredSku: line.sku, alternatives: [] });
    byVersion.set(line.version_id, list);
  }
  for (const alternative of alternatives) {
    byVersion
      .get(alternative.version_id)
      ?.find((line) => line.line === alternative.line)
      ?.alternatives.push(alternative.sku);
  }
  for (const version of versions) {
    const validUntil = isoDateOf(version.valid_until);
    const state =
      version.outcome ?? (version.superseded_at ? 'superseded' : isPastValidity(validUntil, now) ? 'expired' : 'open');
    columns.set(version.quote_request_id, {
      number: version.number,
      validUntil,
      state,
      lines: byVersion.get(version.id) ?? [],
    });
  }
  return columns;
}
