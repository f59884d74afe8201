import { $auth, type AuthStatus } from './auth.client.ts';

/**
 * The session's status once known: the header's session load settles 'loading'. A module of
 * its own so that the product page's Add to List and the choice of a sales yard ask it without
 * loading any feature's client.
 */
export function settledAuthStatus(): Promise<Exclude<AuthStatus, 'loading'>> {
  const now = $auth.get().status;
  if (now !== 'loading') return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = $auth.listen((state) => {
      if (state.status === 'loading') return;
      stop();
      resolve(state.status);
    });
  });
}
