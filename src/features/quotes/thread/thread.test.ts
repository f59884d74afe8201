import { describe, expect, it } from 'vitest';
import { getT } from '../../../lib/i18n/index.ts';
import type { QuoteLine } from '../model/quote.ts';
import {
  anchorText,
  authorLabel,
  MESSAGE_MAX_LENGTH,
  messageTime,
  type ThreadMessage,
  ThreadPostSchema,
  threadErrorMessages,
  threadFormFields,
  threadOpen,
  visibleTo,
} from './thread.ts';

const schema = (locale: 'en' | 'fr') => ThreadPostSchema(threadErrorMessages(getT(locale, 'thread')));
const firstError = (locale: 'en' | 'fr', input: Record<string, unknown>) => {
  const result = schema(locale).safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('the thread form', () => {
  it('trims the body and reads the line and the internal box', () => {
    expect(schema('en').parse({ body: '  Is the 2 gal in stock?\n', line: '2', internal: 'on' })).toEqual({
      body: 'Is the 2 gal in stock?',
      line: 2,
      internal: true,
    });
    expect(schema('en').parse({ body: 'Hello', line: '' })).toEqual({ body: 'Hello', line: null, internal: false });
  });

  it('takes 1 to 2,000 characters after trimming, and says why not in the language of the page', () => {
    expect(schema('en').safeParse({ body: 'x'.repeat(MESSAGE_MAX_LENGTH), line: '' }).success).toBe(true);
    expect(firstError('en', { body: `  ${'x'.repeat(MESSAGE_MAX_LENGTH)}  `, line: '' })).toBeUndefined();
    expect(firstError('en', { body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1), line: '' })).toBe(
      'A message is at most 2,000 characters.',
    );
    expect(firstError('fr', { body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1), line: '' })).toBe(
      'Un message compte au plus 2\u00a0000 caractères.',
    );
    expect(firstError('en', { body: ' \n\t ', line: '' })).toBe('Write a message before sending it.');
    expect(firstError('fr', { line: '' })).toBe("Écrivez un message avant de l'envoyer.");
  });

  it('refuses a line that is not a line number', () => {
    for (const line of ['0', '-1', '1.5', 'two', '99999']) {
      expect(firstError('fr', { body: 'Bonjour', line })).toBe(
        'Choisissez une ligne de cette demande, ou toute la demande.',
      );
    }
  });

  it("counts a browser's CRLF line breaks as the one character typed", () => {
    const form = new FormData();
    const typed = `${'a'.repeat(999)}\n${'b'.repeat(1000)}`;
    form.set('body', typed.replace('\n', '\r\n'));
    form.set('line', '');
    const fields = threadFormFields(form);
    expect(fields.body).toBe(typed);
    expect(schema('en').parse(fields).body).toHaveLength(MESSAGE_MAX_LENGTH);
  });
});

const message = (overrides: Partial<ThreadMessage>): ThreadMessage => ({
  id: 1,
  authorRole: 'customer',
  author: { firstName: 'Ada', lastName: 'Byron' },
  internal: false,
  line: null,
  body: 'Hello',
  createdAt: new Date('2026-11-26T15:00:00Z'),
  ...overrides,
});

describe('who reads what', () => {
  it('keeps internal notes from the customer, and shows them to staff', () => {
    const messages = [message({ id: 1 }), message({ id: 2, authorRole: 'staff', internal: true }), message({ id: 3 })];
    expect(visibleTo(messages, 'customer').map((m) => m.id)).toEqual([1, 3]);
    expect(visibleTo(messages, 'staff').map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("names the author as the reader sees them: 'You' and the desk's first name for the customer", () => {
    const customerT = getT('fr', 'thread');
    expect(authorLabel(message({}), 'customer', customerT)).toBe('Vous');
    const desk = message({ authorRole: 'staff', author: { firstName: 'Marie', lastName: 'Tremblay' } });
    expect(authorLabel(desk, 'customer', customerT)).toBe('Marie, service des ventes');
    expect(authorLabel(desk, 'staff', getT('en', 'thread'))).toBe('Marie Tremblay (staff)');
    expect(authorLabel(message({}), 'staff', getT('en', 'thread'))).toBe('Ada Byron (customer)');
    expect(authorLabel(message({ author: null }), 'staff', getT('en', 'thread'))).toBe('Former account');
  });

  it('keeps a cancelled request read-only, and every other status open', () => {
    expect(threadOpen('cancelled')).toBe(false);
    for (const status of ['submitted', 'in_review', 'quoted', 'approved'] as const)
      expect(threadOpen(status)).toBe(true);
  });
});

describe('the line a message is about', () => {
  const line: QuoteLine = {
    line: 1,
    variantId: null,
    sku: 'ACE-SAC-2G',
    productCode: 'ACE-SAC',
    nameEn: 'Sugar maple',
    nameFr: 'Érable à sucre',
    botanicalName: 'Acer saccharum',
    sizeLabel: '#2 pot',
    size: { kind: 'container', values: [2], rootBall: null },
    quantity: 3,
    unitPriceCents: 4500,
    quotedUnitPriceCents: null,
  };
  it('is named in the reader\'s language, with its size, and labelled "About" / « À propos de »', () => {
    const en = anchorText(line, 'en');
    const fr = anchorText(line, 'fr');
    expect(en.startsWith('Sugar maple, ')).toBe(true);
    expect(fr.startsWith('Érable à sucre, ')).toBe(true);
    expect(getT('en', 'thread')('about', { item: en })).toBe(`About: ${en}`);
    expect(getT('fr', 'thread')('about', { item: fr })).toBe(`À propos de\u00a0: ${fr}`);
  });
});

describe('messageTime', () => {
  it('dates a message at the nursery’s time, « 1er » and « 9 h 05 » in French', () => {
    const at = new Date('2026-03-01T14:05:00Z');
    expect(messageTime(at, 'fr')).toBe('1er mars 2026, 9\u00a0h\u00a005');
    expect(messageTime(at, 'en')).toBe('Mar 1, 2026, 9:05 a.m.');
  });
});
