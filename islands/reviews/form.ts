// The review modal's rules (react-hook-form + zod), the same limits the server applies (src/domain/reviews/schema.ts),
// with the island's translated messages; and the API calls it makes.
import { z } from 'zod';
import { REVIEW_PHOTOS_MAX, REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../../src/lib/shared/constants.ts';
import type { PhotoUploadView, ReviewView } from '../../src/domain/reviews/schema.ts';
import { fmt, type ReviewLabels } from './labels.ts';

export function reviewFormSchema(labels: ReviewLabels) {
  return z.object({
    rating: z.coerce.number({ error: labels.ratingRequired }).int(labels.ratingRequired)
      .min(REVIEW_RATING_MIN, labels.ratingRequired).max(REVIEW_RATING_MAX, labels.ratingRequired),
    title: z.string().trim().max(REVIEW_TITLE_MAX, fmt(labels.tooLong, { max: REVIEW_TITLE_MAX })),
    text: z.string().trim().max(REVIEW_TEXT_MAX, fmt(labels.tooLong, { max: REVIEW_TEXT_MAX })),
  });
}
export type ReviewFormInput = z.input<ReturnType<typeof reviewFormSchema>>;
export type ReviewFormValues = z.output<ReturnType<typeof reviewFormSchema>>;
export const REVIEW_FORM_FIELDS = ['rating', 'title', 'text'] as const;
export type ReviewFormField = (typeof REVIEW_FORM_FIELDS)[number];

/** An API refusal: status, code and the field errors (the server's words). */
export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly fields: Record<string, string[]> = {}, readonly fieldCodes: Record<string, string[]> = {}) { super(message); }
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...(init.headers ?? {}) } });
  } catch {
    throw new ApiError(0, 'network', 'network');
  }
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'error', json?.error?.message ?? res.statusText, json?.error?.fields ?? {}, json?.error?.field_codes ?? {});
  return json as T;
}

const jsonInit = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const reviewApi = {
  create: (body: { product_id: string; rating: number; title: string; text: string; photos: string[] }) => call<ReviewView>('/api/reviews', jsonInit('POST', body)),
  update: (id: string, body: { rating: number; title: string; text: string; photos: string[] }) => call<ReviewView>(`/api/reviews/${id}`, jsonInit('PATCH', body)),
  remove: (id: string) => call<{ deleted: boolean }>(`/api/reviews/${id}`, { method: 'DELETE' }),
  uploadPhoto: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<PhotoUploadView>('/api/reviews/photos', { method: 'POST', body: form });
  },
};

export const MAX_PHOTOS = REVIEW_PHOTOS_MAX;
