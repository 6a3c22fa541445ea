// A ZIP archive of already-compressed files (an order's ticket PDFs), written by fflate without compression
// ("stored": PDFs do not shrink further) with UTF-8 names.
import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry { name: string; data: Uint8Array; modified?: Date }

export function zipStore(entries: ZipEntry[]): Uint8Array {
  const files: Zippable = {};
  for (const e of entries) files[e.name] = [e.data, { level: 0, mtime: e.modified ?? new Date() }];
  return zipSync(files);
}
