// Shared pieces of the shop-admin endpoints (files starting with _ are not routes).
import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { adminContext, type AdminCtx } from '../../../../../domain/admin/service.ts';
import { handle, type EndpointSpec, type HandlerInput } from '../../../../../lib/server/endpoint.ts';
import { errorResponse } from '../../../../../lib/server/http.ts';

export const slugParams = z.object({ slug: z.string().max(63) });
export const idParams = slugParams.extend({ id: z.string().max(64) });
/** Every admin endpoint: 401 anonymous, 403 not this shop's admin, 404 unknown shop (or record), 400 bad input. */
export const ADMIN_ERRORS = [400, 403, 404];

export const listOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item), matches_estimated: z.number().int() });
export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true), deleted_media: z.array(z.string()).optional() });

const contexts = new WeakMap<APIContext, AdminCtx>();

/**
 * handle() for shop-admin endpoints: the viewer's right to administer the shop is checked first (401 anonymous,
 * 404 unknown shop, 403 anyone but the owner or an 'admin' member), before the body is read or validated, so
 * other people learn nothing from validation answers and uploads are never read for them.
 */
export function adminHandle<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  spec: EndpointSpec<B, Q, P, R>,
  fn: (input: HandlerInput<B, Q, P> & { a: AdminCtx }) => Promise<z.input<R> | Response>,
): APIRoute {
  const inner = handle(spec, (input) => fn({ ...input, a: contexts.get(input.ctx)! }));
  return async (ctx) => {
    if (ctx.request.method === spec.method) {
      try {
        contexts.set(ctx, await adminContext(ctx.locals.db, String(ctx.params.slug ?? ''), ctx.locals.viewer));
      } catch (err) {
        await ctx.request.body?.cancel().catch(() => {});
        return errorResponse(err, ctx.locals.t);
      }
    }
    return inner(ctx);
  };
}
