import { describe, expect, it } from 'vitest';
import { isCrawler } from './crawlers.ts';

describe('isCrawler', () => {
  it('knows the common crawlers', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(true);
    expect(isCrawler('facebookexternalhit/1.1')).toBe(true);
  });

  it('lets browsers through', () => {
    expect(
      isCrawler(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(isCrawler(null)).toBe(false);
  });
});
