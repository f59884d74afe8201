/**
 * When the browser checks and refreshes its access session (spec §4, §8, §9): the first
 * check 500 ms after load, at most one check every 2000 ms, a refresh when fewer than five
 * minutes remain, and requests held back while a refresh runs. Pure logic over injected
 * effects, so it is tested with fake timers.
 */
export const FIRST_TOKEN_CHECK_DELAY_MS = 500;
export const TOKEN_CHECK_MIN_INTERVAL_MS = 2000;
export const TOKEN_REFRESH_THRESHOLD_MS = 300_000;
export const SESSION_REFETCH_INTERVAL_MS = 600_000;
/** GET /api/auth/token: one retry, 500 ms later. */
export const TOKEN_FETCH_RETRIES = 1;
export const TOKEN_FETCH_RETRY_DELAY_MS = 500;

export type TokenStatus = { kind: 'valid'; exp: number } | { kind: 'unauthenticated' };

export interface TokenScheduleEffects {
  /** GET /api/auth/token: the expiry in seconds, or unauthenticated (401). Throws on failure. */
  fetchToken(): Promise<TokenStatus>;
  /** POST /api/auth/refresh: true when a new pair came back. */
  refresh(): Promise<boolean>;
  /** Whether the client believes someone is signed in. */
  isAuthenticated(): boolean;
  onRefreshed?(): void;
  /** Refresh failed: the caller sends the user to sign in. */
  onRefreshFailed(): void;
  log(message: string, error?: unknown): void;
  now?(): number;
}

export async function withRetry<T>(
  action: () => Promise<T>,
  retries = TOKEN_FETCH_RETRIES,
  delayMs = TOKEN_FETCH_RETRY_DELAY_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

export class TokenSchedule {
  readonly #effects: TokenScheduleEffects;
  #lastCheckAt = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | null = null;
  #refreshing: Promise<boolean> | null = null;
  #firstCheck: ReturnType<typeof setTimeout> | undefined;

  constructor(effects: TokenScheduleEffects) {
    this.#effects = effects;
  }

  #now(): number {
    return this.#effects.now?.() ?? Date.now();
  }

  /** Schedules the first check, 500 ms after load. */
  start(): void {
    this.stop();
    this.#firstCheck = setTimeout(() => {
      void this.check();
    }, FIRST_TOKEN_CHECK_DELAY_MS);
  }

  stop(): void {
    if (this.#firstCheck !== undefined) clearTimeout(this.#firstCheck);
    this.#firstCheck = undefined;
  }

  get isRefreshing(): boolean {
    return this.#refreshing !== null;
  }

  /**
   * Checks the token unless one was checked in the last 2000 ms, and refreshes when it ends
   * within five minutes. A failed check is logged and means "no refresh needed".
   */
  check(): Promise<void> {
    if (this.#checking) return this.#checking;
    const now = this.#now();
    if (now - this.#lastCheckAt < TOKEN_CHECK_MIN_INTERVAL_MS) return Promise.resolve();
    this.#lastCheckAt = now;
    this.#checking = (async () => {
      let status: TokenStatus;
      try {
        status = await withRetry(() => this.#effects.fetchToken());
      } catch (error) {
        this.#effects.log('Token check failed', error);
        return;
      }
      if (status.kind === 'unauthenticated') {
        // The access session has ended; a signed-in client can still get a new one.
        if (this.#effects.isAuthenticated()) await this.refresh();
        return;
      }
      if (status.exp * 1000 - this.#now() < TOKEN_REFRESH_THRESHOLD_MS) await this.refresh();
    })().finally(() => {
      this.#checking = null;
    });
    return this.#checking;
  }

  /** One refresh at a time; everyone asking meanwhile waits for the same one. */
  refresh(): Promise<boolean> {
    if (this.#refreshing) return this.#refreshing;
    this.#refreshing = (async () => {
      let ok = false;
      try {
        ok = await this.#effects.refresh();
      } catch (error) {
        this.#effects.log('Token refresh failed', error);
        this.#effects.onRefreshFailed();
        return false;
      }
      if (!ok) {
        this.#effects.log('Token refresh failed');
        this.#effects.onRefreshFailed();
        return false;
      }
      this.#lastCheckAt = this.#now();
      this.#effects.onRefreshed?.();
      return true;
    })().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  /**
   * The request queue: a request waits while a refresh runs, and triggers a (throttled)
   * check before it goes.
   */
  async beforeRequest(): Promise<void> {
    if (this.#refreshing) await this.#refreshing;
    if (this.#effects.isAuthenticated()) await this.check();
  }
}
