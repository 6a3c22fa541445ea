// One-image drop zone (react-dropzone): jpg, jpeg, png, svg; one file; at most 4,000,000 bytes. A rejected file
// shows the spec's message, dismissed after 15 s; uploadFailed draws the red border.
import { useEffect, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { PHOTO_MAX_BYTES } from '../../src/lib/shared/constants.ts';
import type { AdminLabels } from './labels.ts';
import { REJECTION_MS } from './ui.tsx';

export const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/svg+xml': ['.svg'] };

export default function ImageDrop({ labels, label, preview, onFile, failed = false, hint }: {
  labels: AdminLabels; label: string; preview?: string | null; onFile: (f: File) => void; failed?: boolean; hint?: string;
}) {
  const [rejected, setRejected] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    if (!rejected) return;
    const h = setTimeout(() => setRejected(false), REJECTION_MS);
    return () => clearTimeout(h);
  }, [rejected]);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT, maxFiles: 1, multiple: false, maxSize: PHOTO_MAX_BYTES,
    onDropAccepted: (files) => {
      const f = files[0]!;
      setRejected(false);
      try { setLocal(URL.createObjectURL(f)); } catch { /* jsdom */ }
      onFile(f);
    },
    onDropRejected: () => setRejected(true),
  });
  const src = local ?? preview;
  return (
    <div className="adm-field">
      <span className="adm-label">{label}</span>
      {/* The file input beside the zone, not in it: a control inside a role=button is nested interactive content
          (axe), even hidden; the zone opens it through its ref. */}
      <input {...getInputProps({ 'aria-label': label })} />
      <div {...getRootProps({ role: 'button', className: `adm-drop${failed ? ' adm-drop-failed' : ''}${isDragActive ? ' adm-drop-active' : ''}`, 'aria-label': `${label}: ${labels.dropzone}` })} data-failed={failed || undefined}>
        {src ? <img src={src} alt="" className="adm-thumb" /> : null}
        <span>{labels.dropzone}</span>
        {hint && <small>{hint}</small>}
      </div>
      {rejected && <small className="adm-error" role="alert">{labels.imageRejected}</small>}
    </div>
  );
}
