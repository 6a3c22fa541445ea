// One JSON call for the islands' API clients (admin, supplier): same-origin fetch, JSON or multipart body, and the
// error shape of every endpoint ({error: {code, message, fields}}) thrown as a plain object (status 0: no network).
export interface JsonApiError { status: number; code: string | null; message: string | null; fields?: Record<string, string[] | string> }

export const isJsonApiError = (e: unknown): e is JsonApiError => !!e && typeof e === 'object' && 'status' in e;

export async function callJson<T>(url: string, method: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method, credentials: 'same-origin',
      headers: body === undefined || body instanceof FormData ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw { status: 0, code: null, message: null } satisfies JsonApiError;
  }
  const data = await res.json().catch(() => null) as { error?: { code?: string; message?: string; fields?: JsonApiError['fields'] } } | null;
  if (!res.ok) throw { status: res.status, code: data?.error?.code ?? null, message: data?.error?.message ?? null, fields: data?.error?.fields } satisfies JsonApiError;
  return data as T;
}

export interface SendProgress { loaded: number; total: number }

/**
 * A multipart POST through XMLHttpRequest (issue 25), because fetch reports no upload progress: `onProgress` hears
 * the bytes sent, `signal` aborts it (rejected with code 'aborted', status 0). Answers and errors as callJson's.
 */
export function sendForm<T>(url: string, body: FormData, opts: { onProgress?: (p: SendProgress) => void; signal?: AbortSignal } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) { reject({ status: 0, code: 'aborted', message: null } satisfies JsonApiError); return; }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.addEventListener('progress', (e) => { if (e.lengthComputable) opts.onProgress?.({ loaded: e.loaded, total: e.total }); });
    xhr.addEventListener('load', () => {
      let data: { error?: { code?: string; message?: string; fields?: JsonApiError['fields'] } } | null = null;
      try { data = JSON.parse(xhr.responseText) as typeof data; } catch { data = null; }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject({ status: xhr.status, code: data?.error?.code ?? null, message: data?.error?.message ?? null, fields: data?.error?.fields } satisfies JsonApiError);
    });
    xhr.addEventListener('error', () => reject({ status: 0, code: null, message: null } satisfies JsonApiError));
    xhr.addEventListener('abort', () => reject({ status: 0, code: 'aborted', message: null } satisfies JsonApiError));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
