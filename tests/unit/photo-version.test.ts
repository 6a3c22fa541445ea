import { describe, expect, it } from 'vitest';
import { parseMediaUrl } from '../../src/lib/shared/image-sizes.ts';
import { versionedPhoto, versionSuffix } from '../../src/lib/shared/photo-version.ts';

const id = '0b7a3f8e-5d1c-4f3a-9b2e-7c6d5e4f3a2b';

describe('catalogue photo version suffix (seed 000 §2)', () => {
  it('is 8 characters, the same for the same catalogue state and different when it changes', () => {
    const a = versionedPhoto(`/media/${id}.jpg`, '2026-11-01T10:00:00.000Z');
    expect(a).toMatch(new RegExp(`^/media/${id}\\.jpg\\?v=[0-9a-z]{8}$`));
    expect(versionedPhoto(`/media/${id}.jpg`, '2026-11-01T10:00:00.000Z')).toBe(a);
    expect(versionedPhoto(`/media/${id}.jpg`, '2026-11-02T10:00:00.000Z')).not.toBe(a);
    for (const v of ['', 'x', '2026-11-01T10:00:00.000Z']) expect(versionSuffix(v)).toHaveLength(8);
  });

  it('keeps an address query and fragment, and leaves a missing photo missing', () => {
    expect(versionedPhoto('https://cdn.example/c.png?w=400#top', 't')).toMatch(/^https:\/\/cdn\.example\/c\.png\?w=400&v=[0-9a-z]{8}#top$/);
    expect(versionedPhoto(null, 't')).toBeNull();
    expect(versionedPhoto('', 't')).toBe('');
  });

  it('a versioned media address is still that media (its variants need no suffix)', () => {
    expect(parseMediaUrl(versionedPhoto(`/media/${id}.png`, 't'))).toEqual({ id, ext: 'png', kind: 'raster' });
    expect(parseMediaUrl(`/media/${id}.png?v=short`)).toBeNull();
  });
});
