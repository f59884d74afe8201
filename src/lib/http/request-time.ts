import { env } from '../env.ts';

/** The header the end-to-end suite sets to see a page as it will be on a later day. */
export const TEST_NOW_HEADER = 'x-test-now';

/**
 * The time a request is handled at: the clock's. Under APP_ENV=test only, the end-to-end
 * suite may name another instant in the `x-test-now` header (an ISO 8601 time), to open a
 * quote after its last day without waiting a week; anywhere else the header is ignored, as is
 * a value that is not a time.
 */
export function requestTime(request: Request, appEnv = env().APP_ENV): Date {
  const named = appEnv === 'test' ? request.headers.get(TEST_NOW_HEADER) : null;
  const at = named ? new Date(named) : null;
  return at && !Number.isNaN(at.getTime()) ? at : new Date();
}
