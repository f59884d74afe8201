import type { z } from 'zod';
import { getT, type Locale } from '../i18n/index.ts';
import { ApiError, fieldErrors } from './api.ts';

/** The JSON body of a request; an empty body is `{}`, anything unreadable a 400. */
export async function readJson(request: Request, locale: Locale): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(400, 'bad_request', getT(locale, 'errors')('http.badRequest'), { cause: error });
  }
}

/** Parses input with the form's own schema; failures carry each field's message (422). */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown, locale: Locale): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ApiError(422, 'invalid', getT(locale, 'errors')('validation.invalid'), {
    fields: fieldErrors(result.error),
  });
}
