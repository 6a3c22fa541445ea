// Photos of a return request (react-dropzone): up to `max` .jpeg/.png photos of at most PHOTO_MAX_BYTES each, shown
// as thumbnails that can be removed. The photos travel with the page's plain form post: the chosen files are put into
// the form's file input named `name` (DataTransfer). Before hydration, and where scripts do not run, that input is a
// plain visible file chooser, so the form works without this island. The server checks every photo again.
import { useEffect, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { PHOTO_MAX_BYTES } from '../../src/lib/shared/constants.ts';
import './returns.css';
import { fill } from '../shared/fill.ts';

export const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

export interface PhotoLabels {
  drop: string;
  hint: string;
  /** "Quitar foto {n}" */
  remove: string;
  /** "{count} de {max} fotos" */
  count: string;
  tooMany: string;
  rejected: string;
}


export default function ReturnPhotos({ name = 'photos', max, labels, id = 'return-photos' }: { name?: string; max: number; labels: PhotoLabels; id?: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [urls, setUrls] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);

  // The form posts what the named input holds: keep it equal to the chosen files.
  useEffect(() => {
    if (!hydrated || !input.current) return;
    try {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(f);
      input.current.files = dt.files;
    } catch { /* no DataTransfer (old browsers, jsdom): the plain chooser is the fallback */ }
    let made: string[] = [];
    try { made = files.map((f) => URL.createObjectURL(f)); } catch { made = files.map(() => ''); }
    setUrls(made);
    return () => { for (const u of made) if (u) URL.revokeObjectURL(u); };
  }, [files, hydrated]);

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    const room = max - files.length;
    const taken = accepted.slice(0, Math.max(0, room));
    if (taken.length) setFiles((prev) => [...prev, ...taken].slice(0, max));
    if (rejected.length) setError(labels.rejected);
    else if (accepted.length > taken.length) setError(fill(labels.tooMany, { max }));
    else setError(null);
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT, maxSize: PHOTO_MAX_BYTES, multiple: true, onDrop, disabled: files.length >= max,
  });

  if (!hydrated) {
    return (
      <div className="rp">
        <input id={id} type="file" name={name} multiple accept="image/jpeg,image/png" aria-describedby={`${id}-hint`} />
        <small id={`${id}-hint`} className="rp-hint">{labels.hint}</small>
      </div>
    );
  }
  return (
    <div className="rp">
      <div {...getRootProps({ className: `rp-drop${isDragActive ? ' rp-drop-active' : ''}${files.length >= max ? ' rp-drop-full' : ''}` })}>
        <input {...getInputProps({ id, 'aria-describedby': `${id}-hint` })} data-testid="return-photos-input" />
        <span>{labels.drop}</span>
        <small id={`${id}-hint`} className="rp-hint">{labels.hint}</small>
      </div>
      {/* What the form sends: the chosen photos (set through DataTransfer). */}
      <input ref={input} type="file" name={name} multiple hidden tabIndex={-1} aria-hidden="true" />
      {files.length > 0 && (
        <>
          <p className="rp-count" aria-live="polite">{fill(labels.count, { count: files.length, max })}</p>
          <ul className="rp-list">
            {files.map((f, i) => (
              <li key={`${f.name}-${f.size}-${i}`}>
                {urls[i] ? <img src={urls[i]} alt="" /> : <span className="rp-noimg" />}
                <span className="rp-name">{f.name}</span>
                <button type="button" className="rp-remove" aria-label={fill(labels.remove, { n: i + 1 })}
                  onClick={() => { setFiles((prev) => prev.filter((_, j) => j !== i)); setError(null); }}>×</button>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && <p className="rp-error" role="alert">{error}</p>}
    </div>
  );
}
