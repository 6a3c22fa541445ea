// POST {shop}/apps/me/referral/agregar (issue 26; seed 001: an 'add to my store' button on items): the button a
// signed-in shop admin sees on another shop's item pages and cards (src/components/store/AddToMyStore.astro). A
// plain form, so it works without script: product (uuid), tienda (the slug of the store to add to, which the viewer
// must administer) and volver (a path on this host to come back to). The item goes in with the resale rules
// (addToStore: resellable, or the store owner's own item; the franchise rule), then 303 back to volver with
// #mi-tienda. Bad input and refusals answer 4xx in the JSON error shape, in the request's language.
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { adminContext } from '../../../../../domain/admin/service.ts';
import { uuidSchema } from '../../../../../domain/admin/schema.ts';
import { addToStore } from '../../../../../domain/resale/service.ts';
import { readForm } from '../../../../../lib/server/body.ts';
import { errorResponse, validationError } from '../../../../../lib/server/http.ts';

const formSchema = z.object({
  product: uuidSchema,
  tienda: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong').regex(/^[a-z0-9-]+$/, 'validation.invalidFormat'),
  // A path on this host only: never another site (no scheme, no '//' or '\').
  volver: z.string().max(1000, 'validation.tooLong').regex(/^\/(?![/\\])[^\s\\]*$/, 'validation.invalidFormat'),
});

export const POST: APIRoute = async ({ locals, request, redirect }) => {
  const { db, viewer, t } = locals;
  try {
    const form = await readForm(request);
    const parsed = formSchema.safeParse({ product: form.get('product') ?? '', tienda: form.get('tienda') ?? '', volver: form.get('volver') ?? '' });
    if (!parsed.success) throw validationError(parsed.error);
    const a = await adminContext(db, parsed.data.tienda, viewer);
    await addToStore(a, parsed.data.product);
    return redirect(`${parsed.data.volver.split('#')[0]}#mi-tienda`, 303);
  } catch (err) {
    return errorResponse(err, t);
  }
};
