// Where the supplier's product pages get their data: one small function per page, each a call to the products
// service (src/domain/products/service.ts, the same the API calls). Pages render the list
// and the editor's product on the server, so the list works without script. The service checks who may act
// (requireSupplier) and answers 404 for another supplier's item; pages only turn its errors into redirects.
import { bulkUpdate, getProduct, listProducts } from '../../domain/products/service.ts';
import type { ProductListQuery, SupplierProductView } from '../../domain/products/schema.ts';
import type { z } from 'zod';
import type { bulkInput } from '../../domain/products/schema.ts';

export interface ProductListPage { results: SupplierProductView[]; matches_estimated: number }

/** The list page: the signed-in supplier's items matching `query`. */
export function loadProductList(locals: App.Locals, query: ProductListQuery): Promise<ProductListPage> {
  return listProducts(locals.db, locals.viewer, query);
}

/** The edit page: one of the supplier's items (AppError not_found for anyone else's). */
export function loadProduct(locals: App.Locals, id: string): Promise<SupplierProductView> {
  return getProduct(locals.db, locals.viewer, id);
}

/** The list page's bulk form (POST): publish, unpublish, hide or show the ticked items; how many changed. */
export async function applyBulk(locals: App.Locals, input: z.infer<typeof bulkInput>): Promise<number> {
  const r = await bulkUpdate(locals.db, locals.viewer, input);
  return r.updated;
}
