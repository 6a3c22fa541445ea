// The builder's calls to the admin theme API and the public catalogue/product/search endpoints.
import type { ThemeDocument, ThemeIssue, ThemeState } from './types.ts';

export class ApiError extends Error {
  constructor(public status: number, message: string, public fields: Record<string, string[]> = {}) { super(message); }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, {
    ...init,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(typeof init?.body === 'string' ? { 'content-type': 'application/json' } : {}), ...(init?.headers ?? {}) },
  });
  const text = await res.text();
  let body: unknown = null;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  if (!res.ok) {
    const err = (body as { error?: { message?: string; fields?: Record<string, string[]> } } | null)?.error;
    throw new ApiError(res.status, err?.message ?? `HTTP ${res.status}`, err?.fields ?? {});
  }
  return body as T;
}

export interface DraftAnswer { draft: ThemeDocument; draft_version: number; warnings: ThemeIssue[] }
export interface PublishAnswer { theme_pack: string; published: ThemeDocument; warnings: ThemeIssue[] }

export function themeApi(slug: string) {
  const root = `/api/shops/${encodeURIComponent(slug)}`;
  const admin = `${root}/admin/theme`;
  return {
    load: () => call<ThemeState>(admin),
    saveDraft: (doc: ThemeDocument, version: number) =>
      call<DraftAnswer>(`${admin}/draft`, { method: 'PUT', body: JSON.stringify({ ...doc, ...(version > 0 ? { version } : {}) }) }),
    publish: (version: number) => call<PublishAnswer>(`${admin}/publish`, { method: 'POST', body: JSON.stringify(version > 0 ? { version } : {}) }),
    discard: () => call<DraftAnswer>(`${admin}/discard`, { method: 'POST', body: '{}' }),
    catalogues: () => call<{ results: { id: string; name: string; slug: string }[] }>(`${root}/catalogues`),
    firstProduct: () => call<{ results: { id: string; owner: string; name: string }[] }>(`${root}/products?type=product&limit=1`),
    searchProducts: (text: string) =>
      call<{ results: { id: string; owner: string; name: string }[] }>(`${root}/search?type=product&text=${encodeURIComponent(text)}`),
    upload: async (file: File) => {
      const fd = new FormData();
      fd.append('file', file);
      return call<{ url: string }>(`${root}/admin/uploads`, { method: 'POST', body: fd, headers: {} });
    },
  };
}
export type ThemeApi = ReturnType<typeof themeApi>;
