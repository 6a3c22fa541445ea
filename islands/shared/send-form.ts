// Uploads with progress (issue 25), apart from json-api.ts so that islands which never upload (some of them on pages
// shoppers see) do not carry it.
import type { JsonApiError } from './json-api.ts';

export interface SendProgress { loaded: number; total: number }
type Answer = { error?: { code?: string; message?: string; fields?: JsonApiError['fields'] } } | null;

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
      let data: Answer | null = null;
      try { data = JSON.parse(xhr.responseText) as Answer; } catch { data = null; }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject({ status: xhr.status, code: data?.error?.code ?? null, message: data?.error?.message ?? null, fields: data?.error?.fields } satisfies JsonApiError);
    });
    xhr.addEventListener('error', () => reject({ status: 0, code: null, message: null } satisfies JsonApiError));
    xhr.addEventListener('abort', () => reject({ status: 0, code: 'aborted', message: null } satisfies JsonApiError));
    // Settled at once on abort (a second settle is ignored), whether or not the request fires its own 'abort' event.
    opts.signal?.addEventListener('abort', () => { xhr.abort(); reject({ status: 0, code: 'aborted', message: null } satisfies JsonApiError); }, { once: true });
    xhr.send(body);
  });
}
