// Search and social crawlers: they get a bare status for errors, never an error page.
const CRAWLER =
  /bot\b|crawler|spider|crawling|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|lighthouse/i;

export function isCrawler(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && CRAWLER.test(userAgent) && !/chrome-lighthouse/i.test(userAgent));
}
