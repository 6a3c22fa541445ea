// Calls of the admin islands to the shop-admin JSON API (/api/shops/{slug}/admin/**).
import { callJson, type JsonApiError } from '../shared/json-api.ts';
import { sendForm, type SendProgress } from '../shared/send-form.ts';

export type ApiError = JsonApiError;

export class AdminApi {
  constructor(readonly slug: string, readonly apiBase = '') {}
  url(path: string) { return `${this.apiBase}/api/shops/${encodeURIComponent(this.slug)}${path}`; }
  call<T>(method: string, path: string, body?: unknown): Promise<T> { return callJson<T>(this.url(path), method, body); }
  get<T>(path: string) { return this.call<T>('GET', path); }
  patchStore(body: Record<string, unknown>) { return this.call<Record<string, unknown>>('PATCH', '/admin/store', body); }
  /** An image, sent with XMLHttpRequest (issue 25) so the bytes sent can be shown and the upload cancelled. */
  async upload(file: File, opts: { onProgress?: (p: SendProgress) => void; signal?: AbortSignal } = {}): Promise<{ url: string }> {
    const fd = new FormData();
    fd.append('file', file);
    return sendForm(this.url('/admin/uploads'), fd, opts);
  }
}

export const serverMessage = (e: unknown): string | null => (e && typeof e === 'object' && 'message' in e && typeof (e as ApiError).message === 'string' ? (e as ApiError).message : null);
