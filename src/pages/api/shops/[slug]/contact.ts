// POST /api/shops/{slug}/contact (issue 14; seed 000 §2 contact modal): a message to the shop about the shop or an
// account (mode shop) or about one of its products or services (mode item, item_id preselected from its page).
// Mailed to the shop's contact e-mail, else its owner's, through the outbox / SMTP; rate-limited per sender address
// and per shop (429 with Retry-After). The storefront's {shop}/contacto page posts the same fields without script.
import { z } from 'zod';
import { contactAnswer, contactInput } from '../../../../domain/contact/schema.ts';
import { sendContactMessage } from '../../../../domain/contact/service.ts';
import { getShopBySlug } from '../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

const params = z.object({ slug: z.string().max(63) });

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/contact', tags: ['contact'], status: 202,
  summary: 'Send a message to the shop (mode shop: the shop or an account; mode item: a product or service, item_id or subject). '
    + 'Mailed to the shop\'s contact e-mail (else its owner\'s); 5 per sender address in 15 minutes and 60 per shop an hour (429). '
    + '404 when the shop has no address to write to or item_id is not one of its items',
  params, body: contactInput, response: contactAnswer, errors: [400, 404, 415, 429],
});

export const POST = handle(spec, async ({ ctx, params: p, body }) => {
  const shop = await getShopBySlug(ctx.locals.db, p.slug);
  await sendContactMessage(ctx.locals.db, shop, ctx.locals.viewer, body, { ip: ctx.locals.clientIp, url: ctx.url, locale: ctx.locals.locale });
  return { sent: true as const };
});
