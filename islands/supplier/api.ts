// Calls of the supplier islands to the supplier JSON API (/api/supplier/**). Errors come back as SupplierApiError
// (status 0: the network failed).
import type { SupplierProductView } from '../../src/domain/products/schema.ts';

export interface SupplierApiError { status: number; code: string | null; message: string | null; fields?: Record<string, string[] | string> }

export const isApiError = (e: unknown): e is SupplierApiError => !!e && typeof e === 'object' && 'status' in e;

export class SupplierApi {
  constructor(readonly apiBase = '') {}
  url(path: string) { return `${this.apiBase}/api/supplier${path}`; }
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.url(path), {
        method, credentials: 'same-origin',
        headers: body === undefined || body instanceof FormData ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
    } catch {
      throw { status: 0, code: null, message: null } satisfies SupplierApiError;
    }
    const data = await res.json().catch(() => null) as { error?: { code?: string; message?: string; fields?: SupplierApiError['fields'] } } | null;
    if (!res.ok) throw { status: res.status, code: data?.error?.code ?? null, message: data?.error?.message ?? null, fields: data?.error?.fields } satisfies SupplierApiError;
    return data as T;
  }
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
