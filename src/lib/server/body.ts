// Reading request bodies: counted while streaming and cut off at a limit (a body without Content-Length, or lying
// about it, must not fill the memory before a size check), then parsed with every string checked (input-guard.ts).
// JSON, urlencoded and multipart bodies all come through here: the API (endpoint.ts), uploads and page forms.
import { AppError } from '../shared/errors.ts';
import { assertSafeInput } from './input-guard.ts';

/** JSON and urlencoded bodies (API requests and page forms without files). */
export const BODY_MAX_BYTES = 1_000_000;

export const payloadTooLarge = () => new AppError('payload_too_large', 'The request body is too large');

/**
 * The request body, at most `limit` bytes: a larger Content-Length is refused before reading, and a body without
 * one (chunked) is cut off, and the rest never read, as soon as it passes the limit.
 */
export async function readBodyLimited(request: Request, limit: number, onTooLarge: () => Error = payloadTooLarge): Promise<Buffer> {
  const declared = request.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > limit)) {
    await request.body?.cancel().catch(() => {});
    throw onTooLarge();
  }
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw onTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** The media type of a request, lower case, without parameters ('' when absent). */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** JSON text to a value whose strings are all safe (400 malformed_json / invalid_characters otherwise). */
export function parseJsonBody(text: string): unknown {
  if (!text.trim()) return {};
  let data: unknown;
  try { data = JSON.parse(text); } catch { throw new AppError('malformed_json', 'The request body is not valid JSON'); }
  assertSafeInput(data, 'body');
  return data;
}

/** A urlencoded body's fields, every name and value checked. */
export function parseUrlencodedBody(text: string): URLSearchParams {
  const params = new URLSearchParams(text);
  for (const [k, v] of params) assertSafeInput({ [k]: v }, 'body');
  return params;
}

/** A multipart body (already read with its limit) to FormData; text fields and file names checked. */
export async function parseMultipart(bytes: Buffer, contentType: string): Promise<FormData> {
  let form: FormData;
  try {
    form = await new Response(bytes as unknown as BodyInit, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('bad_request', 'The multipart body could not be read');
  }
  for (const [k, v] of form) assertSafeInput({ [k]: typeof v === 'string' ? v : v.name }, 'body');
  return form;
}

/**
 * A page's form post (urlencoded or multipart), read with a limit, as FormData: what `request.formData()` gives,
 * without reading an unbounded body. Throws AppError (413, 400, 415) for a body the page should not act on.
 */
export async function readForm(request: Request, limit = BODY_MAX_BYTES): Promise<FormData> {
  const type = mediaType(request);
  const contentType = request.headers.get('content-type') ?? '';
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    await request.body?.cancel().catch(() => {});
    throw new AppError('unsupported_media_type', 'Send the form as application/x-www-form-urlencoded or multipart/form-data');
  }
  const bytes = await readBodyLimited(request, limit);
  if (type === 'multipart/form-data') return parseMultipart(bytes, contentType);
  const form = new FormData();
  for (const [k, v] of parseUrlencodedBody(bytes.toString('utf8'))) form.append(k, v);
  return form;
}
