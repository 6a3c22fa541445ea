// JSON endpoints: one definition (method, path, zod schemas) drives input parsing, the handler's types
// and the OpenAPI document. Endpoint files export `spec`/`specs` so /api/openapi.json finds them all.
import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { AppError } from '../shared/errors.ts';
import { BODY_MAX_BYTES, mediaType, parseJsonBody, parseUrlencodedBody, readBodyLimited } from './body.ts';
import { errorResponse, json, validationError } from './http.ts';
import { assertSafeInput } from './input-guard.ts';

export interface EndpointSpec<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. /api/shops/{slug} */
  path: string;
  summary: string;
  tags: string[];
  /** user: the session is required (401 without); none: public; signature: a signed webhook; unset: the session is optional. */
  auth?: 'none' | 'user' | 'signature';
  /** Stable OpenAPI operationId; derived from the method and path when not given (src/lib/server/openapi.ts). */
  operationId?: string;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  status?: number;
  errors?: number[];
}

export function defineEndpoint<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(spec: EndpointSpec<B, Q, P, R>) {
  return spec;
}

export interface HandlerInput<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  ctx: APIContext;
  body: z.output<B>;
  query: z.output<Q>;
  params: z.output<P>;
}

/**
 * The body as a value: read with the size limit while streaming (413), JSON or urlencoded (415 otherwise), every
 * string checked for NUL bytes and unpaired surrogates (400), so no handler sees input PostgreSQL would refuse.
 */
async function readBody(request: Request): Promise<unknown> {
  const type = mediaType(request);
  if (type && type !== 'application/json' && !type.endsWith('+json') && type !== 'application/x-www-form-urlencoded') {
    await request.body?.cancel().catch(() => {});
    throw new AppError('unsupported_media_type', 'Send the body as application/json');
  }
  const text = (await readBodyLimited(request, BODY_MAX_BYTES)).toString('utf8');
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(parseUrlencodedBody(text));
  return parseJsonBody(text);
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string): z.output<T> | undefined {
  if (!schema) return undefined;
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error, `The ${where} is not valid`);
  return r.data;
}

export function handle<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  spec: EndpointSpec<B, Q, P, R>,
  fn: (input: HandlerInput<B, Q, P>) => Promise<z.input<R> | Response>,
): APIRoute {
  return async (ctx) => {
    try {
      if (ctx.request.method !== spec.method) throw new AppError('method_not_allowed', `Use ${spec.method}`, { headers: { allow: spec.method } });
      if (spec.auth === 'user' && ctx.locals.viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
      // The address first (cheap, and a bad one means the body need not be read at all), then the body.
      const rawQuery = Object.fromEntries(ctx.url.searchParams);
      assertSafeInput(ctx.params, 'path');
      assertSafeInput(rawQuery, 'query');
      const params = parse(spec.params, ctx.params, 'path');
      const query = parse(spec.query, rawQuery, 'query');
      const body = spec.body ? parse(spec.body, await readBody(ctx.request), 'body') : undefined;
      const out = await fn({ ctx, body, query, params } as HandlerInput<B, Q, P>);
      if (out instanceof Response) return out;
      return json(out, { status: spec.status ?? 200 });
    } catch (err) {
      return errorResponse(err, ctx.locals.t);
    }
  };
}
