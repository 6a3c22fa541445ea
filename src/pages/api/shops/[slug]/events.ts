// GET /api/shops/{slug}/events: server-sent events (text/event-stream) with the shop's live product events.
// Each event is `event: product` with data {"product_id", "op": insert|update|delete|bulk}; a comment line
// every ~25 s keeps the connection open. The process's single LISTEN is shared by every client
// (src/domain/search/live.ts); a client's subscription ends when it disconnects (the request's abort signal).
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { LIVE_HEARTBEAT_MS, subscribeProductEvents } from '../../../../domain/search/live.ts';
import { getShopBySlug } from '../../../../domain/shops/service.ts';
import { defineEndpoint } from '../../../../lib/server/endpoint.ts';
import { errorResponse } from '../../../../lib/server/http.ts';
import { AppError } from '../../../../lib/shared/errors.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/events', auth: 'none', tags: ['search'],
  summary: 'Live product events of a shop as text/event-stream (event "product", data {product_id, op}); heartbeat comment every 25 s',
  params: z.object({ slug: z.string().max(63) }), response: z.string(), errors: [404],
});

export const GET: APIRoute = async (ctx) => {
  try {
    const slug = ctx.params.slug ?? '';
    if (slug.length > 63) throw new AppError('not_found', 'Tienda no encontrada');
    const shop = await getShopBySlug(ctx.locals.db, slug);
    const signal = ctx.request.signal;
    const encoder = new TextEncoder();
    // Subscribed before the answer starts: a client that has the response (and its ": connected") gets every
    // change made after it (tests wait for that instead of a fixed time).
    let deliver: (text: string) => void = () => {};
    let unsubscribe: (() => void) | null = null;
    try {
      unsubscribe = await subscribeProductEvents(shop.id, (e) => deliver(`event: product\ndata: ${JSON.stringify(e)}\n\n`));
    } catch (err) {
      console.error('[events] cannot listen', err);
    }
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true;
        const send = (text: string) => {
          if (!open) return;
          try { controller.enqueue(encoder.encode(text)); } catch { stop(); }
        };
        const timer = setInterval(() => send(': ping\n\n'), LIVE_HEARTBEAT_MS);
        stop = () => {
          if (!open) return;
          open = false;
          clearInterval(timer);
          unsubscribe?.();
          try { controller.close(); } catch { /* already closed */ }
        };
        signal.addEventListener('abort', () => stop(), { once: true });
        send('retry: 5000\n: connected\n\n');
        deliver = send;
        if (!unsubscribe || signal.aborted) stop();
      },
      cancel() { stop(); },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  } catch (err) {
    return errorResponse(err, ctx.locals.t);
  }
};
