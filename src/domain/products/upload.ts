// What a supplier sends as files: product photos (checked and stored as shop admins' uploads are,
// src/domain/admin/upload.ts, owned by the supplier's profile) and the CSV of an import (multipart field "file", or
// the CSV text itself as a text/csv body), read with CSV_IMPORT_MAX_BYTES as a hard limit (413).
import type { Db } from '../../db/client.ts';
import { mediaType, parseMultipart, readBodyLimited } from '../../lib/server/body.ts';
import { assertSafeInput } from '../../lib/server/input-guard.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { MULTIPART_OVERHEAD_BYTES, readUpload, storeImage } from '../admin/index.ts';
import { requireSupplier } from '../suppliers/index.ts';
import { CSV_IMPORT_MAX_BYTES } from './schema.ts';

/** POST /api/supplier/uploads: who may upload is asked before the body is read. */
export async function uploadProductPhoto(db: Db, viewer: Viewer, request: Request) {
  const a = await requireSupplier(db, viewer);
  const { removed: _removed, ...out } = await storeImage(db, a.supplier.profile_id, await readUpload(request));
  return out;
}

const tooLarge = () => new AppError('payload_too_large', `The file is too large: at most ${CSV_IMPORT_MAX_BYTES} bytes`, {
  textKey: 'supplierApi.csvTooLarge', vars: { mb: CSV_IMPORT_MAX_BYTES / 1_000_000 }, fields: { file: ['too_large'] },
});
const CSV_TYPES = new Set(['text/csv', 'text/plain', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']);

/** The CSV text of an import request; 413 over the limit, 415 for other bodies, 400 for NUL bytes or broken text. */
export async function readCsvBody(request: Request): Promise<string> {
  const type = mediaType(request);
  let bytes: Buffer;
  if (type === 'multipart/form-data') {
    const form = await parseMultipart(await readBodyLimited(request, CSV_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, tooLarge), request.headers.get('content-type') ?? '');
    const file = form.get('file');
    if (!file || typeof file === 'string') throw new AppError('validation_error', 'Send the CSV file in the field "file"', { textKey: 'supplierApi.csvNoFile', fields: { file: ['validation.required'] } });
    if (file.size > CSV_IMPORT_MAX_BYTES) throw tooLarge();
    bytes = Buffer.from(await file.arrayBuffer());
  } else if (CSV_TYPES.has(type)) {
    bytes = await readBodyLimited(request, CSV_IMPORT_MAX_BYTES, tooLarge);
  } else {
    await request.body?.cancel().catch(() => {});
    throw new AppError('unsupported_media_type', 'Send the CSV as multipart/form-data (field "file") or as text/csv', { textKey: 'supplierApi.csvNoFile' });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('validation_error', 'The file is not UTF-8 text', { fields: { file: ['validation.invalidFormat'] } });
  }
  assertSafeInput(text, 'file');
  return text;
}
