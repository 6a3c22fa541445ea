// Calls of the admin islands to the shop-admin JSON API (/api/shops/{slug}/admin/**).
export interface ApiError { status: number; message: string | null; fields?: Record<string, string[] | string>; code?: string }

export class AdminApi {
  constructor(readonly slug: string, readonly apiBase = '') {}
  url(path: string) { return `${this.apiBase}/api/shops/${encodeURIComponent(this.slug)}${path}`; }
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.url(path), {
        method, credentials: 'same-origin',
        headers: body === undefined || body instanceof FormData ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
    } catch {
      throw { status: 0, message: null } satisfies ApiError;
    }
    const data = await res.json().catch(() => null) as { error?: { code?: string; message?: string; fields?: ApiError['fields'] } } | null;
    if (!res.ok) throw { status: res.status, message: data?.error?.message ?? null, fields: data?.error?.fields, code: data?.error?.code } satisfies ApiError;
    return data as T;
  }
  get<T>(path: string) { return this.call<T>('GET', path); }
  patchStore(body: Record<string, unknown>) { return this.call<Record<string, unknown>>('PATCH', '/admin/store', body); }
  async upload(file: File): Promise<{ url: string }> {
    const fd = new FormData();
    fd.append('file', file);
    return this.call('POST', '/admin/uploads', fd);
  }
}

export const serverMessage = (e: unknown): string | null => (e && typeof e === 'object' && 'message' in e && typeof (e as ApiError).message === 'string' ? (e as ApiError).message : null);
