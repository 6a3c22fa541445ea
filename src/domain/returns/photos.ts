// Reading a return request off the wire: multipart/form-data (text fields plus up to RETURN_PHOTOS_MAX photos in
// "photos"), JSON or a urlencoded form. Photos get the shop uploads' checks (src/domain/admin/upload.ts): the body is
// read with a hard limit, each file at most PHOTO_MAX_BYTES, the type told by the bytes and a disagreeing name or
// declared type refused. Return photos are JPEG or PNG only (an SVG is a drawing, not a photo of the goods).
import { createHash } from 'node:crypto';
import { checkImage, MULTIPART_OVERHEAD_BYTES, type UploadedFile } from '../admin/index.ts';
import { BODY_MAX_BYTES, parseJsonBody, parseMultipart, parseUrlencodedBody, readBodyLimited } from '../../lib/server/body.ts';
import { PHOTO_MAX_BYTES, photoRejectedMessage, RETURN_PHOTOS_MAX } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';

export interface ReturnPhoto { bytes: Buffer; content_type: 'image/jpeg' | 'image/png'; width: number | null; height: number | null; sha256: string; original_name: string | null }

export interface ReadReturnForm {
  /** A field's value (strings only; files are in `photos`). */
  get(key: string): unknown;
  keys: string[];
  photos: ReturnPhoto[];
}

const tooLarge = () => new AppError('payload_too_large', photoRejectedMessage(PHOTO_MAX_BYTES), { textKey: 'apiErrors.image_rejected_size', vars: { mb: Math.round(PHOTO_MAX_BYTES / 1_000_000) }, fields: { photos: ['too_large'] } });
const tooMany = () => new AppError('validation_error', `At most ${RETURN_PHOTOS_MAX} photos`, { textKey: 'apiErrors.too_many_photos', vars: { max: RETURN_PHOTOS_MAX }, fields: { photos: ['validation.tooManyPhotos'] } });

/** Checks one uploaded file as a return photo (415 for anything but a JPEG or PNG, whatever its name says). */
export async function checkReturnPhoto(file: UploadedFile): Promise<ReturnPhoto> {
  if (file.bytes.length > PHOTO_MAX_BYTES) throw tooLarge();
  let img;
  try {
    img = await checkImage(file);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, e.message, { textKey: e.textKey, vars: e.vars, fields: { photos: e.fields?.file ?? ['invalid_type'] } });
    throw e;
  }
  if (img.format === 'svg') {
    throw new AppError('unsupported_media_type', 'Imagen rechazada – una devolución necesita fotos .jpeg o .png', { textKey: 'apiErrors.image_rejected_return_type', fields: { photos: ['invalid_type'] } });
  }
  return {
    bytes: img.bytes, content_type: img.probe.contentType as ReturnPhoto['content_type'], width: img.probe.width ?? null, height: img.probe.height ?? null,
    sha256: createHash('sha256').update(img.bytes).digest('hex'), original_name: file.name.replace(/[\\/\0-\x1f]/g, '').slice(-200) || null,
  };
}

/** The request's fields and checked photos, whatever the content type (multipart, JSON or urlencoded). */
export async function readReturnForm(request: Request): Promise<ReadReturnForm> {
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    if (!/boundary=/i.test(contentType)) throw new AppError('bad_request', 'The multipart body has no boundary');
    const body = await readBodyLimited(request, RETURN_PHOTOS_MAX * PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, tooLarge);
    const form = await parseMultipart(body, contentType);
    // An empty file input still sends a part with no name and no bytes: that is no photo.
    const files = [...form.values()].filter((v): v is File => typeof v !== 'string' && (v.size > 0 || !!v.name));
    if (files.length > RETURN_PHOTOS_MAX) throw tooMany();
    const photos: ReturnPhoto[] = [];
    for (const f of files) {
      if (f.size > PHOTO_MAX_BYTES) throw tooLarge();
      if (f.size === 0) throw new AppError('validation_error', 'A photo is empty', { fields: { photos: ['validation.fileEmpty'] } });
      photos.push(await checkReturnPhoto({ name: f.name ?? '', type: f.type ?? '', bytes: Buffer.from(await f.arrayBuffer()) }));
    }
    const keys = [...new Set([...form.keys()])].filter((k) => typeof form.get(k) === 'string');
    return { get: (k) => { const v = form.get(k); return typeof v === 'string' ? v : undefined; }, keys, photos };
  }
  if (type && type !== 'application/json' && !type.endsWith('+json') && type !== 'application/x-www-form-urlencoded') {
    await request.body?.cancel().catch(() => {});
    throw new AppError('unsupported_media_type', 'Send the request as application/json or multipart/form-data (photos in "photos")');
  }
  const text = (await readBodyLimited(request, BODY_MAX_BYTES)).toString('utf8');
  if (type === 'application/x-www-form-urlencoded') {
    const p = parseUrlencodedBody(text);
    return { get: (k) => p.get(k) ?? undefined, keys: [...new Set(p.keys())], photos: [] };
  }
  const data = parseJsonBody(text);
  const obj = data && typeof data === 'object' && !Array.isArray(data) ? data as Record<string, unknown> : {};
  return { get: (k) => obj[k], keys: Object.keys(obj), photos: [] };
}
