// Turning errors and data into HTTP answers; the only place that knows the error -> status mapping, and where an
// error's message and field messages are put in the request's language (src/lib/i18n/validation.ts).
import { z } from 'zod';
import { getT, type Translator } from '../i18n/index.ts';
import { issueFields, localizedErrorBody } from '../i18n/validation.ts';
import { AppError } from '../shared/errors.ts';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable, logDatabaseUnavailable } from './db-errors.ts';

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** The issues of a zod error as `fields`, in `t`'s language (English for developers when none is given). */
export function zodFields(err: z.ZodError, t: Translator = getT('en')): Record<string, string[]> {
  return issueFields(err.issues, t);
}

/** A 400 validation_error for a zod error; the answer translates its fields from the issues it keeps. */
export function validationError(err: z.ZodError, message = 'Some fields are not valid'): AppError {
  return new AppError('validation_error', message, { fields: zodFields(err), issues: err.issues });
}

/** The answer for an error: in `t`'s language (the request's, `locals.t`); English developer text without one. */
export function errorResponse(err: unknown, t?: Translator): Response {
  if (err instanceof AppError) return json(t ? localizedErrorBody(err, t) : err.toBody(), { status: err.status, headers: err.headers });
  if (err instanceof z.ZodError) return errorResponse(validationError(err), t);
  if (isDatabaseUnavailable(err)) {
    logDatabaseUnavailable(err);
    return errorResponse(databaseUnavailable(), t);
  }
  console.error('[unhandled]', err);
  const message = t ? t('apiErrors.internal_error') : 'An error has occurred, please try again';
  return json({ error: { code: 'internal_error', message } }, { status: 500 });
}

/** The database cannot be reached right now: a 503 the client may retry after Retry-After seconds. */
export function databaseUnavailable(): AppError {
  return new AppError('database_unavailable', 'The database is briefly unavailable; try again in a few seconds', { headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) } });
}
