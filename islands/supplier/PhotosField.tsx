// The product's photos (at most PRODUCT_PHOTOS_MAX): drop or pick files, each uploaded to POST /api/supplier/uploads
// (jpg, jpeg, png, svg up to PHOTO_MAX_BYTES, as every upload); reorder by dragging or with the earlier/later
// buttons (keyboard and touch alike); remove. The first photo is the main one.
import { useEffect, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { useDropzone } from 'react-dropzone';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { PRODUCT_PHOTOS_MAX } from '../../src/domain/products/schema.ts';
import { PHOTO_MAX_BYTES } from '../../src/lib/shared/constants.ts';
import { ACCEPT } from '../admin/ImageDrop.tsx';
import { REJECTION_MS } from '../admin/ui.tsx';
import { useEditor, useFieldError, useProductForm, useSp } from './context.ts';

export default function PhotosField({ onBusy }: { onBusy: (busy: boolean) => void }) {
  const sp = useSp();
  const { api } = useEditor();
  const { control } = useProductForm();
  const { field } = useController({ control, name: 'photos' });
  const photos = (field.value ?? []) as string[];
  const error = useFieldError('photos', true);
  // A stable id: dnd-kit's own counter differs between the server's rendering and the browser's (hydration).
  const dndId = useId();
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<'rejected' | 'failed' | 'tooMany' | 'canceled' | null>(null);
  useEffect(() => { onBusy(uploading > 0); }, [uploading, onBusy]);
  useEffect(() => {
    if (!problem) return;
    const h = setTimeout(() => setProblem(null), REJECTION_MS);
    return () => clearTimeout(h);
  }, [problem]);
  const room = PRODUCT_PHOTOS_MAX - photos.length;
  // The latest list, for uploads that finish one after another.
  const latest = useRef(photos);
  latest.current = photos;

  // The file being sent and its bytes sent (XMLHttpRequest upload progress); Cancel aborts it and the rest of the batch.
  const [progress, setProgress] = useState<{ name: string; loaded: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const uploadAll = async (files: File[]) => {
    setProblem(files.length > room ? 'tooMany' : null);
    const take = files.slice(0, Math.max(0, room));
    setUploading((n) => n + take.length);
    const controller = new AbortController();
    abort.current = controller;
    for (const f of take) {
      if (controller.signal.aborted) { setUploading((n) => n - 1); continue; }
      try {
        setProgress({ name: f.name, loaded: 0, total: f.size });
        const { url } = await api.upload(f, { signal: controller.signal, onProgress: (p) => setProgress({ name: f.name, loaded: p.loaded, total: p.total }) });
        // The same picture twice is one photo (uploads of one file may answer the same address).
        if (!latest.current.includes(url)) {
          latest.current = [...latest.current, url];
          field.onChange(latest.current);
        }
      } catch {
        setProblem(controller.signal.aborted ? 'canceled' : 'failed');
      } finally {
        setUploading((n) => n - 1);
      }
    }
    setProgress(null);
    if (abort.current === controller) abort.current = null;
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT, multiple: true, maxSize: PHOTO_MAX_BYTES, disabled: room <= 0,
    onDrop: (accepted, rejected) => {
      if (rejected.length) setProblem('rejected');
      if (accepted.length) void uploadAll(accepted);
    },
  });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    field.onChange(arrayMove(photos, from, to));
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    move(photos.indexOf(String(e.active.id)), photos.indexOf(String(e.over.id)));
  };
  const problemText = problem === 'rejected' ? sp('photoRejected') : problem === 'failed' ? sp('photoFailed') : problem === 'tooMany' ? sp('photosTooMany', { max: PRODUCT_PHOTOS_MAX }) : problem === 'canceled' ? sp('uploadCanceled') : '';

  return (
    <div className="sp-photos">
      {photos.length > 0 && (
        <DndContext id={dndId} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}
          accessibility={{ screenReaderInstructions: { draggable: sp('dragHelp') } }}>
          <SortableContext items={photos} strategy={rectSortingStrategy}>
            <ol className="sp-photo-list" aria-label={sp('photos')}>
              {photos.map((url, i) => (
                <Photo key={url} url={url} index={i} count={photos.length} onMove={move} onRemove={() => field.onChange(photos.filter((p) => p !== url))} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {room > 0 && (
        <div {...getRootProps({ className: `sp-drop${isDragActive ? ' sp-drop-active' : ''}${problem ? ' sp-drop-failed' : ''}` })}>
          <input {...getInputProps({ 'aria-label': sp('addPhotos') })} />
          <span>{sp('dropPhotos')}</span>
          <small>{sp('photosHint', { max: PRODUCT_PHOTOS_MAX, left: room })}</small>
        </div>
      )}
      {uploading > 0 && <p className="sp-hint" role="status">{sp('uploading', { count: uploading })}</p>}
      {progress && (
        <div className="sp-progress" data-testid="upload-progress">
          <progress max={progress.total || 1} value={progress.loaded} aria-label={sp('uploadProgress', { name: progress.name, percent: Math.round((progress.loaded / (progress.total || 1)) * 100) })} />
          <span aria-hidden="true">{Math.round((progress.loaded / (progress.total || 1)) * 100)} %</span>
          <button type="button" className="btn secondary" onClick={() => abort.current?.abort()}>{sp('uploadCancel')}</button>
        </div>
      )}
      {problemText && <small className="sp-error" role="alert">{problemText}</small>}
      {error && <small className="sp-error" role="alert">{error}</small>}
    </div>
  );
}

function Photo({ url, index, count, onMove, onRemove }: { url: string; index: number; count: number; onMove: (from: number, to: number) => void; onRemove: () => void }) {
  const sp = useSp();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: url });
  const n = index + 1;
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`sp-photo${isDragging ? ' is-dragging' : ''}`} data-photo={url}>
      <button type="button" ref={setActivatorNodeRef} className="sp-photo-drag" aria-label={sp('dragPhoto', { n })} {...attributes} {...listeners}>
        <img src={url} alt="" width={96} height={96} loading="lazy" />
      </button>
      {index === 0 && <span className="sp-photo-main">{sp('mainPhoto')}</span>}
      <span className="sp-photo-tools">
        <button type="button" aria-label={sp('photoEarlier', { n })} title={sp('photoEarlier', { n })} disabled={index === 0} onClick={() => onMove(index, index - 1)}>←</button>
        <button type="button" aria-label={sp('photoLater', { n })} title={sp('photoLater', { n })} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>→</button>
        <button type="button" aria-label={sp('photoRemove', { n })} title={sp('photoRemove', { n })} onClick={onRemove}>✕</button>
      </span>
    </li>
  );
}
