import { describe, expect, it } from 'vitest';
import { answerCountsText, notOfferedText } from './describe.ts';
import type { VersionLine } from './versions.ts';

const answered = (...answers: NonNullable<VersionLine['answer']>[]) => answers.map((answer) => ({ answer }));

describe('answerCountsText', () => {
  it('counts the lines taken (accepted or an alternative) and refused, in words, singular or plural', () => {
    expect(answerCountsText(answered('accept'), 'fr')).toEqual({ taken: '1 ligne retenue', refused: '0 refusée' });
    expect(answerCountsText(answered('accept', 'alternative', 'refuse', 'refuse'), 'fr')).toEqual({
      taken: '2 lignes retenues',
      refused: '2 refusées',
    });
    expect(answerCountsText(answered('accept', 'refuse'), 'en')).toEqual({
      taken: '1 line taken',
      refused: '1 refused',
    });
    expect(answerCountsText(answered('alternative', 'accept'), 'en')).toEqual({
      taken: '2 lines taken',
      refused: '0 refused',
    });
  });

  it('leaves out a line not answered yet', () => {
    expect(answerCountsText([{ answer: null }, { answer: 'accept' }], 'fr').taken).toBe('1 ligne retenue');
  });
});

describe('notOfferedText', () => {
  const line = {
    line: 3,
    quantity: 1500,
    sku: 'EVG-1019-H100',
    nameEn: "Emerald Cedar 'Smaragd'",
    nameFr: "Thuya occidental 'Smaragd'",
    sizeLabel: '100 cm',
    size: null,
  };
  it("names a request's line a version leaves out, with its quantity, in the reader's language", () => {
    expect(notOfferedText(line, 'fr')).toBe(
      "Ligne 3\u00a0: 1\u00a0500 × Thuya occidental 'Smaragd' · 100 cm · EVG-1019-H100",
    );
    expect(notOfferedText(line, 'en')).toBe("Line 3: 1,500 × Emerald Cedar 'Smaragd' · 100 cm · EVG-1019-H100");
  });
});
