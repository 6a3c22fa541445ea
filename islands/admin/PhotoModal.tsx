// Shop photo, its shape and the name (seed 000 §3, §5, §8): drop zone (size hint 1000x1000, or 1000x400 for the
// rectangular shapes), photo_display (bdr_cir, cir, bdr_sq, sq, bdr_rec, rec), name required with the invalid-field
// legend. Upload -> POST uploads -> PATCH store {photo, photo_display, name}.
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PHOTO_DISPLAYS, SHOP_NAME_MAX } from '../../src/lib/shared/constants.ts';
import { IMAGE_SIZES } from '../../src/lib/shared/image-sizes.ts';
import type { AdminApi } from './api.ts';
import type { PhotoDisplay } from './admin-shop.ts';
import ImageDrop from './ImageDrop.tsx';
import { patchStore } from './panel-commands.ts';
import { usePanelHistory } from './panel-history.ts';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, useToasts } from './ui.tsx';

export type { PhotoDisplay } from './admin-shop.ts';
/** bdr_rec and rec are the wide (rectangular) shapes. */
export const isWideShape = (d: string) => d === 'rec' || d === 'bdr_rec';
import IslandForm from '../shared/form.tsx';

export default function PhotoModal({ api, name, photo, display = 'bdr_cir', labels = defaultLabels, onClose, onSaved }: {
  api: AdminApi; name: string; photo: string | null; display?: PhotoDisplay; labels?: AdminLabels; onClose: () => void; onSaved: () => void;
}) {
  const { push } = useToasts();
  const record = usePanelHistory();
  const [file, setFile] = useState<File | null>(null);
  const [failed, setFailed] = useState(false);
  // Bytes sent of the photo being uploaded (issue 25); Cancel aborts it and nothing is saved.
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const schema = z.object({
    name: z.string().trim().min(1, labels.invalidField).max(SHOP_NAME_MAX, fmt(labels.tooLong, { max: SHOP_NAME_MAX })),
    photo_display: z.enum(PHOTO_DISPLAYS),
  });
  type Form = z.infer<typeof schema>;
  const { register, handleSubmit, watch, formState: { errors, isSubmitting } } = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { name, photo_display: display } });
  const hint = isWideShape(watch('photo_display')) ? IMAGE_SIZES.uploadHint.rectangular : IMAGE_SIZES.uploadHint.square;
  const onSubmit = async (v: Form) => {
    let url = photo;
    if (file) {
      const controller = new AbortController();
      abort.current = controller;
      setProgress({ loaded: 0, total: file.size });
      try { url = (await api.upload(file, { signal: controller.signal, onProgress: setProgress })).url; setFailed(false); }
      catch {
        if (controller.signal.aborted) { push({ kind: 'error', title: labels.errorTitle, message: labels.uploadCanceled, ms: ERROR_TOAST_MS }); return; }
        setFailed(true);
        push({ kind: 'error', title: labels.errorTitle, message: labels.uploadFailed, ms: ERROR_TOAST_MS });
        return;
      } finally {
        setProgress(null);
        abort.current = null;
      }
    }
    try {
      await patchStore(api, record, 'photo', { name: v.name, photo_display: v.photo_display, ...(file ? { photo: url } : {}) });
      onSaved();
    } catch {
      if (file) setFailed(true);
      push({ kind: 'error', title: labels.errorTitle, message: file ? labels.uploadFailed : labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  return (
    <Modal title={labels.photo} onClose={onClose} closeLabel={labels.close}>
      <IslandForm onSubmit={handleSubmit(onSubmit)} noValidate className="adm-form">
        <ImageDrop labels={labels} label={labels.photoField} preview={photo} failed={failed} onFile={(f) => { setFile(f); setFailed(false); }}
          hint={fmt(labels.sizeHint, hint)} />
        {failed && <p className="adm-error" role="alert">{labels.uploadFailed}</p>}
        {progress && (
          <div className="adm-progress" data-testid="upload-progress">
            <progress max={progress.total || 1} value={progress.loaded} aria-label={fmt(labels.uploadProgress, { percent: Math.round((progress.loaded / (progress.total || 1)) * 100) })} />
            <button type="button" onClick={() => abort.current?.abort()}>{labels.uploadCancel}</button>
          </div>
        )}
        <fieldset className="adm-shapes">
          <legend className="adm-label">{labels.photoShape}</legend>
          {PHOTO_DISPLAYS.map((d) => (
            <label key={d} className="adm-shape">
              <input type="radio" value={d} {...register('photo_display')} />
              <span className={`adm-shape-icon adm-shape-${d}`} aria-hidden="true" /> {labels[`shape_${d}`]}
            </label>
          ))}
        </fieldset>
        <Field label={labels.shopName} error={errors.name?.message}>{(p) => <input {...p} {...register('name')} />}</Field>
        <div className="adm-actions">
          <button type="button" onClick={onClose}>{labels.cancel}</button>
          <button type="submit" className="adm-primary" disabled={isSubmitting}>{isSubmitting ? labels.saving : labels.save}</button>
        </div>
      </IslandForm>
    </Modal>
  );
}
