// Who may open the supplier's product pages: signed out -> the login (and back); signed in without a supplier ->
// the 'become a supplier' landing (/proveedores). Permissions inside a supplier are the service's to check.
import { supplierOf, type SupplierActor } from '../../domain/suppliers/access.ts';

export const PRODUCTS_HOME = '/apps/me/products';
export const BECOME_SUPPLIER = '/proveedores';

export type SupplierGate = { redirect: string; actor?: undefined } | { redirect?: undefined; actor: SupplierActor };

export async function supplierGate(locals: App.Locals, url: URL): Promise<SupplierGate> {
  if (locals.viewer.kind !== 'user') return { redirect: `/login?next=${encodeURIComponent(url.pathname + url.search)}` };
  const actor = await supplierOf(locals.db, locals.viewer);
  return actor ? { actor } : { redirect: BECOME_SUPPLIER };
}
