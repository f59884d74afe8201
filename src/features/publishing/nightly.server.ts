import { getDb } from '../../lib/db/index.server.ts';
import { env } from '../../lib/env.ts';
import { log } from '../../lib/log.ts';
import { scheduleNightly } from './nightly.ts';
import { getPublisher } from './publishing.server.ts';

let started = false;

/**
 * Once per server process, where the Node server publishes (its LocalPublisher): a full
 * build every night at NIGHTLY_PUBLISH_HOUR on the nursery's clock (3:00 unless set; `off`
 * for none), recorded as kind `nightly` (docs/decisions/050-incremental-publish.md). Started
 * with the mail outbox by the first request the server renders. On Vercel a deployment is
 * the consistency pass: nothing runs here.
 */
export function startNightlyPublish(): void {
  if (started) return;
  started = true;
  const hour = env().NIGHTLY_PUBLISH_HOUR;
  if (hour === 'off' || getPublisher()?.mode !== 'local') return;
  scheduleNightly({
    hour,
    run: async () => {
      const publisher = getPublisher();
      if (publisher?.mode !== 'local') return;
      try {
        const row = await publisher.request({ db: await getDb(), userId: null, full: true, nightly: true });
        log('info', 'nightly_publish_requested', { row });
      } catch (error) {
        log('error', 'nightly_publish_failed', { error });
      }
    },
  });
}
