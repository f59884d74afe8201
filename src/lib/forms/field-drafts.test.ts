import { describe, expect, it } from 'vitest';
import { changedFields, parseDraft } from './field-drafts.ts';

describe('a plain form’s draft', () => {
  it('keeps only the fields that differ from the server’s HTML', () => {
    expect(
      changedFields([
        { name: 'body', value: 'Bonjour, la ligne 2…', server: '' },
        { name: 'line', value: '', server: '' },
        { name: 'internal', value: true, server: false },
      ]),
    ).toEqual({ body: 'Bonjour, la ligne 2…', internal: true });
    expect(changedFields([{ name: 'body', value: '', server: '' }])).toEqual({});
  });

  it('reads back a saved draft, and nothing from what is not one', () => {
    expect(parseDraft('{"body":"Hello","internal":true}')).toEqual({ body: 'Hello', internal: true });
    expect(parseDraft('{"body":3,"line":"2"}')).toEqual({ line: '2' });
    for (const raw of [null, '', 'not json', '[1,2]', 'null', '"text"']) expect(parseDraft(raw)).toEqual({});
  });
});
