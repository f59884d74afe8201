/** The picture viewer's rules (spec §9), apart from React so that they can be tested alone. */
export const LIGHTBOX = {
  zoomStep: 0.12,
  maxZoom: 3,
  minZoom: 0.1,
  swipeTolerancePx: 50,
  rotationStepDeg: 90,
  wheelThrottleMs: 80,
} as const;

/** A picture as the viewer gets it (spec §3: src, title, alt). */
export interface LightboxItem {
  src: string;
  title: string;
  alt: string;
  /** Larger and smaller renditions of the same picture, when the photo has them. */
  srcset?: string;
}

const round = (value: number) => Math.round(value * 100) / 100;

export function zoomIn(zoom: number): number {
  return Math.min(LIGHTBOX.maxZoom, round(zoom + LIGHTBOX.zoomStep));
}

export function zoomOut(zoom: number): number {
  return Math.max(LIGHTBOX.minZoom, round(zoom - LIGHTBOX.zoomStep));
}

/** Wheel up zooms in, wheel down zooms out. */
export function zoomByWheel(zoom: number, deltaY: number): number {
  if (deltaY === 0) return zoom;
  return deltaY < 0 ? zoomIn(zoom) : zoomOut(zoom);
}

/** A quarter turn clockwise, kept within 0–359°. */
export function rotate(degrees: number): number {
  return (degrees + LIGHTBOX.rotationStepDeg) % 360;
}

/**
 * What a finished touch gesture means: a mostly horizontal move longer than the tolerance
 * goes to the next picture (leftwards) or the previous one (rightwards).
 */
export function swipeDirection(deltaX: number, deltaY: number): 'next' | 'previous' | null {
  if (Math.abs(deltaX) <= LIGHTBOX.swipeTolerancePx || Math.abs(deltaX) <= Math.abs(deltaY)) return null;
  return deltaX < 0 ? 'next' : 'previous';
}

/** The index after a step, wrapping around both ends. */
export function stepIndex(index: number, step: 1 | -1, count: number): number {
  if (count === 0) return 0;
  return (index + step + count) % count;
}

/** A gate that lets one call through per interval: the wheel zooms one step per 80 ms. */
export function createThrottle(intervalMs: number = LIGHTBOX.wheelThrottleMs): (now: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (now) => {
    if (now - last < intervalMs) return false;
    last = now;
    return true;
  };
}
