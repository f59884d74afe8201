import { $auth, type AuthStatus } from '../accounts/auth.client.ts';

/**
 * The session's status once known: the header's session load settles 'loading'. A module of
 * its own so that the product page's Add to List asks it without loading the lists' client.
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
