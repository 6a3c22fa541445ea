// Turning errors and data into HTTP answers; the only place that knows the error -> status mapping.
import { z } from 'zod';
import { AppError } from '../shared/errors.ts';

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function zodFields(err: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function validationError(err: z.ZodError, message = 'Some fields are not valid'): AppError {
  return new AppError('validation_error', message, { fields: zodFields(err) });
}

export function errorResponse(err: unknown): Response {
  if (err instanceof AppError) return json(err.toBody(), { status: err.status, headers: err.headers });
  if (err instanceof z.ZodError) return errorResponse(validationError(err));
  console.error('[unhandled]', err);
  return json({ error: { code: 'internal_error', message: 'An error has occurred, please try again' } }, { status: 500 });
}
