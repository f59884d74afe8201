import { describe, expect, it } from 'vitest';
import { paintFor, plantPaints } from './plant-art.ts';

describe('plant paints', () => {
  it('keeps green leaves green, whatever colour they turn in fall', () => {
    expect(plantPaints('tree', null, 'Blue-green; orange-red in fall').leaf).toBe('#6b9c4a');
    expect(plantPaints('conifer', null, 'Dark green').leaf).toBe('#3d6b3a');
  });

  it('paints foliage named in another colour, and the bloom in its colour', () => {
    expect(plantPaints('shrub', 'White', 'Burgundy').leaf).toBe(paintFor('burgundy'));
    expect(plantPaints('flower', 'Deep pink', null).bloom).toBe(paintFor('pink'));
    expect(plantPaints('fruit', null, null).bloom).toBe('#c8322f');
  });
});
