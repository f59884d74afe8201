import { showToast } from '../../lib/toasts.ts';
import { BUILD_ID_META, createBuildWatcher, LATEST_BUILD_PATH } from './build-manifest.ts';

// Polls the build manifest (every 60 s and when the tab comes back) and, once a newer build
// is out, makes the next same-site link a full load of it.
const ownId = document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_ID_META}"]`)?.content;
if (ownId) {
  const message = document.querySelector<HTMLMetaElement>('meta[name="build-update-message"]')?.content;
  const watcher = createBuildWatcher({
    ownId,
    ownPath: location.pathname,
    async fetchLatest() {
      const response = await fetch(LATEST_BUILD_PATH, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${LATEST_BUILD_PATH} answered ${response.status}`);
      return response.json();
    },
    storage: sessionStorage,
    now: () => Date.now(),
    navigate: (href) => location.assign(href),
    reload: () => location.reload(),
    onUpdate: () => {
      if (message) showToast(message, 'info');
    },
    onCheckFailed: (error) => console.debug('Build check failed; trying again later.', error),
  });
  watcher.start();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void watcher.check();
  });
  document.addEventListener('click', (event) => {
    if (!watcher.updateAvailable || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    if (link.origin !== location.origin || (link.pathname === location.pathname && link.hash)) return;
    if (watcher.followLink(link.href)) event.preventDefault();
  });
  // A page restored from the back/forward cache may be an old build.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void watcher.check().then((stale) => stale && watcher.reloadIfAllowed());
  });
  // A lazy chunk of the old build is gone: load the page again, from the new build.
  window.addEventListener('vite:preloadError', (event) => {
    if (watcher.reloadIfAllowed()) event.preventDefault();
  });
}
