import type { HoldReleaseReason, LineAnswer, VersionOutcome } from '../../../lib/db/schema.ts';

/**
 * Stock held at the yard while a quote version is open (docs/decisions/054-stock-holds.md):
 * the pure rules, safe on both sides — which yard holds, how much each variant needs, which
 * lines a yard cannot cover, and what the customer's answer does to each line's hold.
 */

/**
 * The yard a version's stock is held at: the pickup yard the customer chose (pickup, or
 * pickup and delivery); for a delivery, the customer's own sales yard ("my sales yard"),
 * else the nursery's main yard (the first active sales yard). Null when there is no yard at all.
 */
export function holdYard(request: {
  pickupLocationId: number | null;
  preferredLocationId: number | null;
  mainYardId: number | null;
}): number | null {
  return request.pickupLocationId ?? request.preferredLocationId ?? request.mainYardId;
}

export interface HeldLine {
  line: number;
  variantId: number | null;
  sku: string;
  quantity: number;
}

export interface VariantNeed {
  variantId: number;
  sku: string;
  quantity: number;
  lines: number[];
}

/** What a version needs per catalogue variant (two lines may offer the same one); lines without a variant hold nothing. */
export function needsByVariant(lines: readonly HeldLine[]): VariantNeed[] {
  const needs = new Map<number, VariantNeed>();
  for (const line of lines) {
    if (line.variantId === null) continue;
    const need = needs.get(line.variantId);
    if (need) {
      need.quantity += line.quantity;
      need.lines.push(line.line);
    } else {
      needs.set(line.variantId, {
        variantId: line.variantId,
        sku: line.sku,
        quantity: line.quantity,
        lines: [line.line],
      });
    }
  }
  return [...needs.values()].sort((a, b) => a.variantId - b.variantId);
}

export interface Shortage {
  sku: string;
  lines: number[];
  wanted: number;
  available: number;
}

/** The variants the yard cannot cover from what is free (`available`: on hand less open holds), in line order. */
export function shortages(needs: readonly VariantNeed[], available: (variantId: number) => number): Shortage[] {
  return needs
    .map((need) => ({ sku: need.sku, lines: need.lines, wanted: need.quantity, available: available(need.variantId) }))
    .filter((entry) => entry.available < entry.wanted)
    .sort((a, b) => (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
}

/** What the customer's answer to a line does to its hold: accepted lines are sold, the others released. */
export function settlementOf(answer: LineAnswer, outcome: VersionOutcome): HoldReleaseReason {
  if (answer === 'accept') return 'sold';
  if (answer === 'alternative') return 'alternative';
  return outcome === 'declined' ? 'declined' : 'refused';
}

/** How the desk reads a line's hold. */
export type HoldState = 'held' | 'sold' | 'released';

export function holdState(releaseReason: HoldReleaseReason | null): HoldState {
  if (releaseReason === null) return 'held';
  return releaseReason === 'sold' ? 'sold' : 'released';
}
