import { getT, type Locale } from '../i18n/index.ts';
import { ApiError } from './api.ts';

/** The request's JSON body; a body that is not JSON is a 400 with a stable code. */
export async function readJson(request: Request, locale: Locale): Promise<unknown> {
  try {
    return await request.json();
  } catch (error) {
    throw new ApiError(400, 'invalid_json', getT(locale, 'errors')('http.badRequest'), { cause: error });
  }
}
