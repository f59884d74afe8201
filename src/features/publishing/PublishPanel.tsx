import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import { ApiError, api } from '../../lib/http/client.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { fill } from '../../lib/i18n/locale.ts';
import type enCatalogAdmin from '../../lib/i18n/locales/en/catalog-admin.json';
import { showToast } from '../../lib/toasts.ts';
import {
  formatDuration,
  isSettled,
  PUBLISH_REQUESTED_EVENT,
  type PublishStatus,
  publishFailure,
  STATUS_POLL_MS,
} from './publishing.ts';

interface Props {
  locale: Locale;
  initial: PublishStatus;
  strings: (typeof enCatalogAdmin)['publish'];
}

/** The last publish of the store: state, when, how long, why it failed; and "Publish now". */
export default function PublishPanel({ locale, initial, strings }: Props) {
  const [status, setStatus] = useState(initial);
  const [busy, setBusy] = useState(false);
  const latest = status.builds[0];
  const running = !isSettled(latest);
  const queued = status.builds.some((build) => build.state === 'queued');
  const lastFinished = status.builds.find((build) => build.finishedAt !== null);

  const refresh = useCallback(async () => {
    setStatus(await api<PublishStatus>('/api/admin/publish'));
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh().catch(() => undefined), STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  useEffect(() => {
    const onRequested = () => void refresh().catch(() => undefined);
    window.addEventListener(PUBLISH_REQUESTED_EVENT, onRequested);
    return () => window.removeEventListener(PUBLISH_REQUESTED_EVENT, onRequested);
  }, [refresh]);

  const publishNow = async () => {
    setBusy(true);
    try {
      setStatus(await api<PublishStatus>('/api/admin/publish', { method: 'POST' }));
      showToast(strings.requested, 'success');
    } catch (error) {
      showToast((error instanceof ApiError && error.message) || strings.error, 'error');
    } finally {
      setBusy(false);
    }
  };

  const when = (iso: string) => formatDateTime(iso, locale);
  const mode = {
    local: strings.modeLocal,
    vercel: strings.modeVercel,
    'vercel-isr': strings.modeVercelIsr,
    none: strings.modeNone,
  }[status.mode];
  // A full rebuild on Vercel is a deployment asked for ("requested"), not one seen finished.
  const done = lastFinished?.state === 'succeeded' || lastFinished?.state === 'requested';

  return (
    <section
      className="publish-panel card"
      aria-labelledby="publish-title"
      data-publish-state={latest?.state ?? 'none'}
      data-publish-kind={lastFinished?.kind ?? 'none'}
    >
      <div className="publish-panel__text">
        <h2 id="publish-title">{strings.title}</h2>
        <p className="muted">{mode}</p>
        <div role="status" aria-live="polite">
          {running && <p className="publish-panel__state">{strings.state.running}</p>}
          {queued && <p>{strings.queued}</p>}
          {lastFinished ? (
            <>
              <p data-testid="last-publish">
                {fill(strings.last, {
                  state: strings.state[lastFinished.state],
                  when: when(lastFinished.finishedAt ?? lastFinished.requestedAt),
                })}{' '}
                {done && lastFinished.kind === 'full' && strings.kindFull}
                {done && lastFinished.kind === 'nightly' && strings.kindNightly}
                {done &&
                  lastFinished.kind === 'incremental' &&
                  fill(lastFinished.pages === 1 ? strings.kindIncremental_one : strings.kindIncremental_other, {
                    count: lastFinished.pages ?? 0,
                  })}{' '}
                {lastFinished.durationMs !== null &&
                  (lastFinished.target === 'local' || lastFinished.kind === 'incremental') &&
                  fill(strings.duration, { duration: formatDuration(lastFinished.durationMs, locale) })}{' '}
                {lastFinished.products !== null &&
                  fill(lastFinished.products === 1 ? strings.products_one : strings.products_other, {
                    count: lastFinished.products,
                  })}
              </p>
              {lastFinished.state === 'failed' && (
                <div className="publish-panel__error" data-publish-failure={publishFailure(lastFinished)}>
                  <p>
                    {strings.failure[publishFailure(lastFinished)]} {strings.failedBecause}
                  </p>
                  {lastFinished.error && publishFailure(lastFinished) !== 'abandoned' && (
                    <details>
                      <summary>{strings.technicalDetails}</summary>
                      {/* The build's own log or the host's answer, as it came: English. */}
                      <pre lang="en">{lastFinished.error}</pre>
                    </details>
                  )}
                </div>
              )}
            </>
          ) : (
            !running && <p>{strings.never}</p>
          )}
        </div>
      </div>
      {status.mode !== 'none' && (
        <button type="button" className="btn btn--outline btn--sm" onClick={publishNow} disabled={busy}>
          {strings.publishNow}
        </button>
      )}
    </section>
  );
}
