import type { Db } from '../../db/client.ts';
import { findMedia } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A stored image by the `{id}.{ext}` of its /media address, or null. */
export async function getMediaFile(db: Db, file: string) {
  const id = file.replace(/\.[a-z0-9]+$/i, '').toLowerCase();
  if (!UUID.test(id)) return null;
  return findMedia(db, id);
}
