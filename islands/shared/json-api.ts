// One JSON call for the islands' API clients (admin, supplier): same-origin fetch, JSON or multipart body, and the
// error shape of every endpoint ({error: {code, message, fields}}) thrown as a plain object (status 0: no network).
export interface JsonApiError { status: number; code: string | null; message: string | null; fields?: Record<string, string[] | string>; field_codes?: Record<string, string[]> }

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
  const data = await res.json().catch(() => null) as { error?: { code?: string; message?: string; fields?: JsonApiError['fields']; field_codes?: JsonApiError['field_codes'] } } | null;
  if (!res.ok) throw { status: res.status, code: data?.error?.code ?? null, message: data?.error?.message ?? null, fields: data?.error?.fields, field_codes: data?.error?.field_codes } satisfies JsonApiError;
  return data as T;
}
