// Calls of the supplier islands to the supplier JSON API (/api/supplier/**). Errors come back as SupplierApiError
// (status 0: the network failed).
import type { SupplierProductView } from '../../src/domain/products/schema.ts';

import { callJson, isJsonApiError, type JsonApiError } from '../shared/json-api.ts';

export type SupplierApiError = JsonApiError;
export const isApiError = isJsonApiError;

export class SupplierApi {
  constructor(readonly apiBase = '') {}
  url(path: string) { return `${this.apiBase}/api/supplier${path}`; }
  call<T>(method: string, path: string, body?: unknown): Promise<T> { return callJson<T>(this.url(path), method, body); }
  upload(file: File): Promise<{ url: string }> {
    const fd = new FormData();
    fd.append('file', file);
    return this.call('POST', '/uploads', fd);
  }
  create(body: unknown) { return this.call<SupplierProductView>('POST', '/products', body); }
  update(id: string, body: unknown) { return this.call<SupplierProductView>('PATCH', `/products/${encodeURIComponent(id)}`, body); }
  remove(id: string) { return this.call<unknown>('DELETE', `/products/${encodeURIComponent(id)}`); }
  importCsv(file: File, dryRun: boolean) {
    const fd = new FormData();
    fd.append('file', file);
    return this.call<{ created: number; updated: number }>('POST', `/products/import${dryRun ? '?dry_run=1' : ''}`, fd);
  }
}

/** Field messages of an error answer as lists. */
export function fieldLists(e: SupplierApiError): [string, string[]][] {
  return Object.entries(e.fields ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]);
}
