import { ANALYTICS_CONFIG } from './analytics.ts';

// Loaded only when the layout found a key; posthog-js itself is fetched when the browser is idle.
const meta = document.querySelector<HTMLMetaElement>('meta[name="analytics-key"]');
const key = meta?.content;
const host = document.querySelector<HTMLMetaElement>('meta[name="analytics-host"]')?.content;
if (key) {
  const start = async () => {
    const { default: posthog } = await import('posthog-js');
    posthog.init(key, { ...ANALYTICS_CONFIG, ...(host ? { api_host: host } : {}) });
  };
  if ('requestIdleCallback' in window) requestIdleCallback(() => void start());
  else setTimeout(() => void start(), 2000);
}
