import type { APIRoute } from 'astro';
import { z } from 'zod';
import { scanInput, scanResult } from '../../../../../domain/tickets/schema.ts';
import { requireScanner, scanTicket } from '../../../../../domain/tickets/service.ts';
import { getShopBySlug } from '../../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';
import { errorResponse, json } from '../../../../../lib/server/http.ts';

/** HTTP status of each verdict: 200 only for a valid ticket (now used). */
const STATUS = { valid: 200, used: 409, canceled: 409, ended: 409, other_shop: 409, not_found: 404 } as const;

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/tickets/scan', tags: ['tickets'], auth: 'user',
  summary: 'Validate a ticket at the shop\'s door (its admins and qrreader members; 401 anonymous, 403 others). code: as typed, or what the camera read from the QR (the scanner address with ?codigo=). '
    + '200 valid (marked used exactly once, whoever scans first); 409 used (with when), canceled, ended (the experience is over) or other_shop; 404 unknown code. '
    + 'Refusals answer {"error": {code: "ticket_<result>", message}} plus the same fields as a valid answer.',
  params: z.object({ slug: z.string().max(63) }), body: scanInput, response: scanResult, errors: [400, 403, 404, 409],
});

const inner = handle(spec, async ({ ctx, params, body }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  const r = await scanTicket(ctx.locals.db, shop, ctx.locals.viewer, body.code);
  if (r.result === 'valid') return r;
  return json({ error: { code: `ticket_${r.result}`, message: r.message }, ...r }, { status: STATUS[r.result] });
});

/** Who may scan is settled first (401, 404 unknown shop, 403), before the body is read: others learn nothing from validation answers. */
export const POST: APIRoute = async (ctx) => {
  if (ctx.request.method === spec.method) {
    try {
      await requireScanner(ctx.locals.db, await getShopBySlug(ctx.locals.db, String(ctx.params.slug ?? '').slice(0, 63)), ctx.locals.viewer);
    } catch (err) {
      await ctx.request.body?.cancel().catch(() => {});
      return errorResponse(err, ctx.locals.t);
    }
  }
  return inner(ctx);
};
