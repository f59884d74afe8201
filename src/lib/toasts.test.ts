import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, showToast, TOAST_DURATION_MS } from './toasts.ts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    $toasts.set([]);
  });

  it('show for 2000 ms, each on its own timer', () => {
    expect(TOAST_DURATION_MS).toBe(2000);
    showToast('Added to cart', 'success');
    vi.advanceTimersByTime(1000);
    showToast('Saved');
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Added to cart', 'Saved']);
    vi.advanceTimersByTime(1000);
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Saved']);
    vi.advanceTimersByTime(1000);
    expect($toasts.get()).toEqual([]);
  });
});
