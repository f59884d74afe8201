import { describe, expect, it } from 'vitest';
import {
  createThrottle,
  LIGHTBOX,
  rotate,
  stepIndex,
  swipeDirection,
  zoomByWheel,
  zoomIn,
  zoomOut,
} from './lightbox.ts';

describe('lightbox rules', () => {
  it('zooms by 0.12 between 0.1 and 3', () => {
    expect(LIGHTBOX.zoomStep).toBe(0.12);
    expect(zoomIn(1)).toBe(1.12);
    expect(zoomOut(1)).toBe(0.88);
    expect(zoomIn(2.95)).toBe(3);
    expect(zoomOut(0.15)).toBe(0.1);
    let zoom = 1;
    for (let step = 0; step < 50; step++) zoom = zoomIn(zoom);
    expect(zoom).toBe(3);
    for (let step = 0; step < 50; step++) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.1);
  });

  it('zooms in on wheel up and out on wheel down', () => {
    expect(zoomByWheel(1, -40)).toBe(1.12);
    expect(zoomByWheel(1, 40)).toBe(0.88);
    expect(zoomByWheel(1, 0)).toBe(1);
  });

  it('rotates in quarter turns', () => {
    expect(rotate(0)).toBe(90);
    expect(rotate(270)).toBe(0);
  });

  it('counts a swipe past 50 px that is more across than down', () => {
    expect(swipeDirection(-51, 0)).toBe('next');
    expect(swipeDirection(80, 10)).toBe('previous');
    expect(swipeDirection(-50, 0)).toBeNull();
    expect(swipeDirection(-60, 90)).toBeNull();
  });

  it('wraps around the ends', () => {
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it('lets one wheel step through per 80 ms', () => {
    const allow = createThrottle();
    expect(allow(1000)).toBe(true);
    expect(allow(1050)).toBe(false);
    expect(allow(1079)).toBe(false);
    expect(allow(1080)).toBe(true);
  });
});
