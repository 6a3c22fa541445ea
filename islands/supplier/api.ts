// Calls of the supplier islands to the supplier JSON API (/api/supplier/**). Errors come back as SupplierApiError
// (status 0: the network failed).
import type { SupplierProductView } from '../../src/domain/products/schema.ts';

import { callJson, isJsonApiError, type JsonApiError } from '../shared/json-api.ts';
import { sendForm, type SendProgress } from '../shared/send-form.ts';

export type SupplierApiError = JsonApiError;
export const isApiError = isJsonApiError;

export class SupplierApi {
  constructor(readonly apiBase = '') {}
  url(path: string) { return `${this.apiBase}/api/supplier${path}`; }
  call<T>(method: string, path: string, body?: unknown): Promise<T> { return callJson<T>(this.url(path), method, body); }
  /** A photo, sent with XMLHttpRequest so the bytes sent can be shown and the upload cancelled. */
  upload(file: File, opts: { onProgress?: (p: SendProgress) => void; signal?: AbortSignal } = {}): Promise<{ url: string }> {
    const fd = new FormData();
    fd.append('file', file);
    return sendForm(this.url('/uploads'), fd, opts);
  }
  create(body: unknown) { return this.call<SupplierProductView>('POST', '/products', body); }
  update(id: string, body: unknown) { return this.call<SupplierProductView>('PATCH', `/products/${encodeURIComponent(id)}`, body); }
  remove(id: string) { return this.call<unknown>('DELETE', `/products/${encodeURIComponent(id)}`); }
  importCsv(file: File | Blob, dryRun: boolean, opts: { onProgress?: (p: SendProgress) => void; signal?: AbortSignal } = {}) {
    const fd = new FormData();
    fd.append('file', file, file instanceof File ? file.name : 'import.csv');
    return sendForm<{ created: number; updated: number }>(this.url(`/products/import${dryRun ? '?dry_run=1' : ''}`), fd, opts);
  }
}

/** Field messages of an error answer as lists. */
export function fieldLists(e: SupplierApiError): [string, string[]][] {
  return Object.entries(e.fields ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]);
}
