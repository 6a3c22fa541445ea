// Photo uploads of shop admins (seed 000 §5): jpg, jpeg, png or svg; one file; at most PHOTO_MAX_BYTES. The body
// is read with a hard limit (Content-Length checked first, bytes counted while reading, reading stopped at the
// limit), the type is told by the file's content (magic bytes), never by its name, and a name or declared type
// that disagrees with the content is refused. SVGs are rebuilt by the allow-list sanitiser (./svg.ts).
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { parseMultipart, readBodyLimited } from '../../lib/server/body.ts';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, probeImage, rasterSize, withinImageLimits, type ImageProbe } from '../../lib/server/images.ts';
import { PHOTO_MAX_BYTES, photoRejectedMessage } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { mediaFileUrl } from '../media/index.ts';
import * as repo from './repo.ts';
import type { UploadResult } from './schema.ts';
import type { AdminCtx } from './service.ts';
import { sanitizeSvg, SvgRejected } from './svg.ts';

/** Room for the multipart envelope (boundaries, part headers, a short text field or two) beyond the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const FORMATS_TEXT = 'Los formatos válidos son .jpeg, .png, .svg';
const ACCEPTED = { jpeg: ['jpg', 'jpeg'], png: ['png'], svg: ['svg'] } as const;
type Accepted = keyof typeof ACCEPTED;
const DECLARED: Record<string, Accepted> = { 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg', 'image/png': 'png', 'image/svg+xml': 'svg' };

const tooLarge = (max: number) => new AppError('payload_too_large', photoRejectedMessage(max), { textKey: 'apiErrors.image_rejected_size', vars: { mb: Math.round(max / 1_000_000) }, fields: { file: ['too_large'] } });
const tooManyPixels = (width: number, height: number) => new AppError('image_too_large',
  `Imagen rechazada – la imagen mide ${width} × ${height} px; el máximo es ${MAX_IMAGE_SIDE} px por lado y ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles`,
  { textKey: 'apiErrors.image_rejected_pixels', vars: { width, height, side: MAX_IMAGE_SIDE, megapixels: MAX_IMAGE_PIXELS / 1_000_000 }, fields: { file: ['too_many_pixels'] } });
// The answer's text names what the file really is when that is known (`found`), in the request's language.
const unsupported = (detail: string, found?: { format: string; mismatch?: boolean }) => new AppError('unsupported_media_type', `Imagen rechazada – ${detail}. ${FORMATS_TEXT}`, {
  textKey: found ? (found.mismatch ? 'apiErrors.image_rejected_mismatch' : 'apiErrors.image_rejected_format') : 'apiErrors.image_rejected_type',
  vars: found ? { found: found.format.toUpperCase() } : undefined,
  fields: { file: ['invalid_type'] },
});

export interface UploadedFile { name: string; type: string; bytes: Buffer }

/** The one file of a multipart/form-data upload (field "file"), read with the size limit. */
export async function readUpload(request: Request, maxFileBytes = PHOTO_MAX_BYTES): Promise<UploadedFile> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    await request.body?.cancel().catch(() => {});
    throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data with one file in the field "file"');
  }
  const body = await readBodyLimited(request, maxFileBytes + MULTIPART_OVERHEAD_BYTES, () => tooLarge(maxFileBytes));
  const form = await parseMultipart(body, contentType);
  const files = [...form.entries()].filter((e): e is [string, File] => typeof e[1] !== 'string');
  if (files.length === 0) throw new AppError('validation_error', 'Send one image in the field "file"', { fields: { file: ['validation.required'] } });
  if (files.length > 1) throw new AppError('validation_error', 'Send one image only', { fields: { file: ['validation.oneFileOnly'] } });
  const [, file] = files[0]!;
  if (file.size > maxFileBytes) throw tooLarge(maxFileBytes);
  if (file.size === 0) throw new AppError('validation_error', 'The file is empty', { fields: { file: ['validation.fileEmpty'] } });
  return { name: file.name ?? '', type: file.type ?? '', bytes: Buffer.from(await file.arrayBuffer()) };
}

export interface CheckedImage { bytes: Buffer; probe: ImageProbe; format: Accepted; sanitized: boolean; removed: string[] }

/**
 * Tells what the file is by its bytes and refuses (415) anything but JPEG, PNG or SVG, or a file whose name or
 * declared type says otherwise (a PNG named .svg, text named .png). SVGs come back sanitised. Photos larger than
 * MAX_IMAGE_SIDE a side or MAX_IMAGE_PIXELS in all are refused (400 image_too_large), by their header and again
 * by the decoder's own reading of it (sharp, with its pixel limit), so a tiny file cannot claim a huge picture.
 */
export async function checkImage(file: UploadedFile): Promise<CheckedImage> {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(file.name.trim())?.[1]?.toLowerCase() ?? null;
  if (ext !== null && !Object.values(ACCEPTED).some((list) => (list as readonly string[]).includes(ext))) {
    throw unsupported(`el archivo .${ext} no es una imagen aceptada`);
  }
  let probe = probeImage(file.bytes);
  const looksSvg = !probe && /^\s*(<\?xml|<!--|<!doctype|<svg)/i.test(file.bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, ''));
  const format = (probe?.format ?? (looksSvg ? 'svg' : null)) as string | null;
  if (format === null) throw unsupported('el contenido del archivo no es una imagen .jpeg, .png o .svg');
  if (!(format in ACCEPTED)) throw unsupported(`el contenido del archivo es ${format.toUpperCase()}`, { format });
  const accepted = format as Accepted;
  if (ext !== null && !(ACCEPTED[accepted] as readonly string[]).includes(ext)) {
    throw unsupported(`el contenido del archivo es ${accepted.toUpperCase()} pero su nombre dice .${ext}`, { format: accepted, mismatch: true });
  }
  const declared = DECLARED[file.type.toLowerCase().split(';')[0]!.trim()];
  if (declared && declared !== accepted) {
    throw unsupported(`el contenido del archivo es ${accepted.toUpperCase()} pero se envió como ${file.type}`, { format: accepted, mismatch: true });
  }
  if (accepted !== 'svg') {
    const size = withinImageLimits(probe!.width, probe!.height) ? await rasterSize(file.bytes) : 'too_large';
    if (size === 'too_large') throw tooManyPixels(probe!.width, probe!.height);
    if (size === null) throw unsupported(`el archivo no se puede leer como imagen ${accepted.toUpperCase()}`);
    return { bytes: file.bytes, probe: probe!, format: accepted, sanitized: false, removed: [] };
  }

  let clean;
  try {
    clean = sanitizeSvg(file.bytes.toString('utf8'));
  } catch (e) {
    if (e instanceof SvgRejected) throw unsupported(`el SVG no se puede aceptar (${e.message})`);
    throw e;
  }
  const bytes = Buffer.from(clean.svg, 'utf8');
  probe = probeImage(bytes);
  if (!probe || probe.format !== 'svg') throw unsupported('el SVG debe indicar su tamaño con width y height o con viewBox');
  return { bytes, probe, format: 'svg', sanitized: clean.removed.length > 0, removed: clean.removed };
}

/** POST .../admin/uploads: checks and stores the image with the shop owner's profile; answers its address. */
export function uploadShopImage({ db, shop }: AdminCtx, file: UploadedFile): Promise<UploadResult & { removed: string[] }> {
  return storeImage(db, shop.owner ?? null, file);
}

/**
 * Checks an uploaded image (checkImage) and stores it as media of `owner` (a profile id; the same bytes of the same
 * owner are stored once); answers its /media address. Shop admins' and suppliers' uploads both come here.
 */
export async function storeImage(db: Db, owner: string | null, file: UploadedFile): Promise<UploadResult & { removed: string[] }> {
  const img = await checkImage(file);
  const sha256 = createHash('sha256').update(img.bytes).digest('hex');
  const existing = await repo.findMediaBySha(db, owner, sha256, img.probe.contentType);
  const id = existing?.id ?? (await repo.insertMedia(db, {
    owner, content_type: img.probe.contentType, bytes: img.bytes, byte_size: img.bytes.length,
    width: img.probe.width, height: img.probe.height, sha256,
    original_name: file.name.replace(/[\\/\0-\x1f]/g, '').slice(-200) || null,
  })).id;
  return {
    id, url: mediaFileUrl(id, img.probe.contentType), width: img.probe.width, height: img.probe.height,
    content_type: img.probe.contentType, byte_size: img.bytes.length, sanitized: img.sanitized, removed: img.removed,
  };
}
