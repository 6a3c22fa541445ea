// Seed 000 §2: a catalogue photo is shown with an 8-character cache-busting suffix. The spec's suffix is random; ours
// is derived from what the photo belongs to (the catalogue's last change), so it changes when the catalogue is
// edited (a photo replaced at the same address is fetched again) but stays the same between renders: the page cache,
// conditional requests and the browser's image cache keep working (docs/architecture-notes.md).

/** Eight lowercase base-36 characters from `version` (FNV-1a, 32 bits). */
export function versionSuffix(version: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < version.length; i += 1) {
    h ^= version.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(8, '0').slice(-8);
}

/** `photo` with `v={suffix}` added to its query (kept when it already has one); '' and null stay as they are. */
export function versionedPhoto<T extends string | null | undefined>(photo: T, version: string): T {
  if (!photo) return photo;
  const [path, hash] = photo.split('#', 2) as [string, string | undefined];
  const out = `${path}${path.includes('?') ? '&' : '?'}v=${versionSuffix(`${photo}|${version}`)}`;
  return (hash === undefined ? out : `${out}#${hash}`) as T;
}
