// Calls of the admin islands to the shop-admin JSON API (/api/shops/{slug}/admin/**).
import { callJson, type JsonApiError } from '../shared/json-api.ts';

export type ApiError = JsonApiError;

export class AdminApi {
  constructor(readonly slug: string, readonly apiBase = '') {}
  url(path: string) { return `${this.apiBase}/api/shops/${encodeURIComponent(this.slug)}${path}`; }
  call<T>(method: string, path: string, body?: unknown): Promise<T> { return callJson<T>(this.url(path), method, body); }
  get<T>(path: string) { return this.call<T>('GET', path); }
  patchStore(body: Record<string, unknown>) { return this.call<Record<string, unknown>>('PATCH', '/admin/store', body); }
  async upload(file: File): Promise<{ url: string }> {
    const fd = new FormData();
    fd.append('file', file);
    return this.call('POST', '/admin/uploads', fd);
  }
}

export const serverMessage = (e: unknown): string | null => (e && typeof e === 'object' && 'message' in e && typeof (e as ApiError).message === 'string' ? (e as ApiError).message : null);
