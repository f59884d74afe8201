import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n/index.ts';
import { storeMailComposers } from './worker.server.ts';

describe('the mail outbox page', () => {
  it('names every kind of e-mail the store sends, in both languages', () => {
    const kinds = Object.keys(storeMailComposers({ siteUrl: 'https://shop.example', salesDesk: 'desk@example.com' }));
    expect(kinds.length).toBeGreaterThan(10);
    for (const locale of ['en', 'fr'] as const) {
      const labels: Record<string, string> = resources[locale].mail.kinds;
      expect(
        kinds.filter((kind) => !labels[kind]),
        locale,
      ).toEqual([]);
    }
  });
});
