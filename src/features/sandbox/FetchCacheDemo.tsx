import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { api } from '../../lib/http/client.ts';
import { createFetcherStore, type FetcherStore, queryEntries } from '../../lib/http/query.ts';
import { fill, intlLocale } from '../../lib/i18n/locale.ts';
import type { ClientAppSettings } from '../settings/settings.ts';

type Status = 'pending' | 'success' | 'error';

type Strings = { statusValues: Record<Status, string> } & Record<
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

const SETTINGS_KEY = '/api/app_settings';
const FLAKY_KEY = '/api/app_settings?sandbox=flaky';

// Counts what actually goes over the network, and the components using the settings, to
// show that components share one request and one entry.
const $requestsSent = atom(0);
const $settingsUsers = atom(0);

function fetchSettings(path: string): Promise<ClientAppSettings> {
  $requestsSent.set($requestsSent.get() + 1);
  return api<ClientAppSettings>(path);
}

const $settings = createFetcherStore<ClientAppSettings>(SETTINGS_KEY, {
  fetcher: (...parts) => fetchSettings(parts.join('')),
});

/** Re-renders every second, for the cache's clock. */
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
  const requests = useStore($requestsSent);
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
  const query = useStore($settings);
  const users = useStore($settingsUsers);
  useEffect(() => {
    $settingsUsers.set($settingsUsers.get() + 1);
    return () => $settingsUsers.set($settingsUsers.get() - 1);
  }, []);
  return (
    <section className="card panel" aria-label={t(s.panel, { name })} data-panel={name}>
      <h3>{t(s.panel, { name })}</h3>
      <StateList store={$settings} entryKey={SETTINGS_KEY} observers={users} locale={locale} strings={s} />
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
      <button type="button" className="btn" onClick={() => $settings.revalidate()}>
        {s.refetch}
      </button>
    </section>
  );
}

function StateList({
  store,
  entryKey,
  observers,
  locale,
  strings: s,
}: { store: FetcherStore; entryKey: string; observers?: number } & FetchCacheDemoProps) {
  const state = useStore(store);
  const now = useNow();
  const entry = queryEntries.get(entryKey);
  const status: Status = state.data !== undefined ? 'success' : state.error && !state.loading ? 'error' : 'pending';
  const time = new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'medium' });
  return (
    <dl className="state">
      <dt>{s.status}</dt>
      <dd data-status={status}>{s.statusValues[status]}</dd>
      <dt>{s.fetching}</dt>
      <dd>{state.loading ? s.yes : s.no}</dd>
      <dt>{s.updated}</dt>
      <dd>{entry?.created && entry.data !== undefined ? time.format(entry.created) : s.never}</dd>
      <dt>{s.failures}</dt>
      <dd>{entry?.retryCount ?? 0}</dd>
      {observers !== undefined && (
        <>
          <dt>{s.observers}</dt>
          <dd>
            {observers}
            {entry?.expires !== undefined && (
              <span className="gc">
                {' '}
                · {t(s.collectedIn, { seconds: Math.max(0, Math.ceil((entry.expires - now) / 1000)) })}
              </span>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}

function FlakyRequest({ locale, strings: s }: FetchCacheDemoProps) {
  const [store, setStore] = useState<FetcherStore | null>(null);
  const run = () => {
    let attempts = 0;
    queryEntries.delete(FLAKY_KEY);
    // Fails twice (a simulated network error), then the library's retries get the answer.
    setStore(
      createFetcherStore<ClientAppSettings>(FLAKY_KEY, {
        fetcher: (...parts) => {
          attempts += 1;
          if (attempts <= 2) return Promise.reject(new TypeError('Simulated network failure'));
          return fetchSettings(parts.join(''));
        },
      }),
    );
  };
  return (
    <section className="card panel flaky" aria-labelledby="flaky-title">
      <h3 id="flaky-title">{s.failTitle}</h3>
      <p>{s.failIntro}</p>
      <button type="button" className="btn" onClick={run}>
        {s.failRun}
      </button>
      {store && <StateList store={store} entryKey={FLAKY_KEY} locale={locale} strings={s} />}
    </section>
  );
}

function CacheEntries({ strings: s }: FetchCacheDemoProps) {
  useNow();
  const keys = [...queryEntries.keys()];
  return (
    <section className="entries" aria-labelledby="entries-title">
      <h3 id="entries-title">{s.cacheTitle}</h3>
      {keys.length > 0 ? (
        <ul>
          {keys.map((key) => (
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
