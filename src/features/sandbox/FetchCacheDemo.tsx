import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { fetchCache, fetchJson, type QueryState, useCachedFetch } from '../../lib/http/fetch-cache.ts';
import { fill, intlLocale } from '../../lib/i18n/locale.ts';
import type { ClientAppSettings } from '../settings/settings.ts';

type Strings = { statusValues: Record<QueryState<unknown>['status'], string> } & Record<
  | 'panel'
  | 'status'
  | 'fetching'
  | 'yes'
  | 'no'
  | 'updated'
  | 'never'
  | 'failures'
  | 'observers'
  | 'collectedIn'
  | 'requests'
  | 'refetch'
  | 'showThird'
  | 'hideThird'
  | 'hideAll'
  | 'showAll'
  | 'failTitle'
  | 'failIntro'
  | 'failRun'
  | 'cacheTitle'
  | 'empty'
  | 'appEnv'
  | 'version'
  | 'passwordMin',
  string
>;

export interface FetchCacheDemoProps {
  locale: 'en' | 'fr';
  strings: Strings;
}

const SETTINGS_KEY = 'app_settings';
const FLAKY_KEY = 'sandbox:flaky';

// Counts what actually goes over the network, to show that components share requests.
let requestsSent = 0;
const requestListeners = new Set<() => void>();
function fetchSettings(signal: AbortSignal): Promise<ClientAppSettings> {
  requestsSent += 1;
  for (const listener of requestListeners) listener();
  return fetchJson<ClientAppSettings>('/api/app_settings', { signal });
}

function useRequestsSent(): number {
  return useSyncExternalStore(
    (listener) => {
      requestListeners.add(listener);
      return () => requestListeners.delete(listener);
    },
    () => requestsSent,
    () => 0,
  );
}

/** Re-renders every second, for the garbage-collection countdown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const t = fill;

export default function FetchCacheDemo({ locale, strings: s }: FetchCacheDemoProps) {
  const [showPair, setShowPair] = useState(true);
  const [showThird, setShowThird] = useState(false);
  const requests = useRequestsSent();
  return (
    <div className="fetch-demo">
      <div className="toolbar">
        <button type="button" className="btn btn--outline" onClick={() => setShowPair((value) => !value)}>
          {showPair ? s.hideAll : s.showAll}
        </button>
        <button type="button" className="btn btn--outline" onClick={() => setShowThird((value) => !value)}>
          {showThird ? s.hideThird : s.showThird}
        </button>
        <p className="requests" role="status" data-requests={requests}>
          {t(s.requests, { count: requests })}
        </p>
      </div>
      <div className="panels">
        {showPair && <SettingsPanel name="A" locale={locale} strings={s} />}
        {showPair && <SettingsPanel name="B" locale={locale} strings={s} />}
        {showThird && <SettingsPanel name="C" locale={locale} strings={s} />}
      </div>
      <FlakyRequest locale={locale} strings={s} />
      <CacheEntries locale={locale} strings={s} />
    </div>
  );
}

function SettingsPanel({ name, locale, strings: s }: { name: string } & FetchCacheDemoProps) {
  const query = useCachedFetch(SETTINGS_KEY, fetchSettings);
  return (
    <section className="card panel" aria-label={t(s.panel, { name })} data-panel={name}>
      <h3>{t(s.panel, { name })}</h3>
      <StateList state={query} locale={locale} strings={s} />
      {query.data && (
        <dl className="data">
          <dt>{s.appEnv}</dt>
          <dd>
            <code>{query.data.app_env}</code>
          </dd>
          <dt>{s.version}</dt>
          <dd>{query.data.frontend_version}</dd>
          <dt>{s.passwordMin}</dt>
          <dd>{query.data.password_min_length}</dd>
        </dl>
      )}
      <button type="button" className="btn" onClick={() => void query.refetch().catch(() => undefined)}>
        {s.refetch}
      </button>
    </section>
  );
}

function StateList({ state, locale, strings: s }: { state: QueryState<unknown> } & FetchCacheDemoProps) {
  const now = useNow();
  const time = new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'medium' });
  return (
    <dl className="state">
      <dt>{s.status}</dt>
      <dd data-status={state.status}>{s.statusValues[state.status]}</dd>
      <dt>{s.fetching}</dt>
      <dd>{state.fetching ? s.yes : s.no}</dd>
      <dt>{s.updated}</dt>
      <dd>{state.dataUpdatedAt ? time.format(state.dataUpdatedAt) : s.never}</dd>
      <dt>{s.failures}</dt>
      <dd>{state.failureCount}</dd>
      <dt>{s.observers}</dt>
      <dd>
        {state.observers}
        {state.gcAt !== undefined && (
          <span className="gc">
            {' '}
            · {t(s.collectedIn, { seconds: Math.max(0, Math.ceil((state.gcAt - now) / 1000)) })}
          </span>
        )}
      </dd>
    </dl>
  );
}

function useEntry(key: string): QueryState<unknown> | undefined {
  const subscribe = useCallback((listener: () => void) => fetchCache.onChange(listener), []);
  return useSyncExternalStore(
    subscribe,
    () => fetchCache.getState(key),
    () => undefined,
  );
}

function FlakyRequest({ locale, strings: s }: FetchCacheDemoProps) {
  const state = useEntry(FLAKY_KEY);
  const run = () => {
    let attempts = 0;
    fetchCache.invalidate(FLAKY_KEY);
    void fetchCache
      .fetch(FLAKY_KEY, (signal) => {
        attempts += 1;
        if (attempts <= 2) return Promise.reject(new TypeError('Simulated network failure'));
        return fetchSettings(signal);
      })
      // The outcome shows in the entry's state below.
      .catch(() => undefined);
  };
  return (
    <section className="card panel flaky" aria-labelledby="flaky-title">
      <h3 id="flaky-title">{s.failTitle}</h3>
      <p>{s.failIntro}</p>
      <button type="button" className="btn" onClick={run} disabled={state?.fetching}>
        {s.failRun}
      </button>
      {state && <StateList state={state} locale={locale} strings={s} />}
    </section>
  );
}

function CacheEntries({ strings: s }: FetchCacheDemoProps) {
  const subscribe = useCallback((listener: () => void) => fetchCache.onChange(listener), []);
  const keys = useSyncExternalStore(
    subscribe,
    () => fetchCache.keys().join('\n'),
    () => '',
  );
  return (
    <section className="entries" aria-labelledby="entries-title">
      <h3 id="entries-title">{s.cacheTitle}</h3>
      {keys ? (
        <ul>
          {keys.split('\n').map((key) => (
            <li key={key}>
              <code>{key}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p>{s.empty}</p>
      )}
    </section>
  );
}
