/**
 * Stock labels, free of any dependency so that browser scripts can use them too.
 * The threshold is the `low_stock_threshold` app setting (docs/decisions/011-stock-labels.md).
 */
export type StockLabel = 'in_stock' | 'low_stock' | 'out_of_stock';

/**
 * The shelf label of a quantity: nothing is out of stock, up to the threshold (inclusive) is
 * low, more is in stock. The threshold is the `low_stock_threshold` app setting.
 */
export function stockLabel(quantity: number, lowStockThreshold: number): StockLabel {
  if (quantity <= 0) return 'out_of_stock';
  return quantity <= lowStockThreshold ? 'low_stock' : 'in_stock';
}

/** The badge class of a label (src/styles/global.css). */
export const STOCK_BADGE: Record<StockLabel, string> = {
  in_stock: 'badge badge--in',
  low_stock: 'badge badge--low',
  out_of_stock: 'badge badge--out',
};
