// Shop photo and name (seed 000 §5, §8): drop zone, name required with the invalid-field legend. Upload -> POST
// uploads -> PATCH store {photo, name}.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SHOP_NAME_MAX } from '../../src/lib/shared/constants.ts';
import type { AdminApi } from './api.ts';
import ImageDrop from './ImageDrop.tsx';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, useToasts } from './ui.tsx';
import IslandForm from '../shared/form.tsx';

export default function PhotoModal({ api, name, photo, labels = defaultLabels, onClose, onSaved }: {
  api: AdminApi; name: string; photo: string | null; labels?: AdminLabels; onClose: () => void; onSaved: () => void;
}) {
  const { push } = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [failed, setFailed] = useState(false);
  const schema = z.object({ name: z.string().trim().min(1, labels.invalidField).max(SHOP_NAME_MAX, fmt(labels.tooLong, { max: SHOP_NAME_MAX })) });
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<{ name: string }>({ resolver: zodResolver(schema), defaultValues: { name } });
  const onSubmit = async (v: { name: string }) => {
    let url = photo;
    if (file) {
      try { url = (await api.upload(file)).url; setFailed(false); }
      catch {
        setFailed(true);
        push({ kind: 'error', title: labels.errorTitle, message: labels.uploadFailed, ms: ERROR_TOAST_MS });
        return;
      }
    }
    try {
      await api.patchStore({ name: v.name, ...(file ? { photo: url } : {}) });
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
          hint={fmt(labels.sizeHint, { width: 1000, height: 1000 })} />
        {failed && <p className="adm-error" role="alert">{labels.uploadFailed}</p>}
        <Field label={labels.shopName} error={errors.name?.message}>{(p) => <input {...p} {...register('name')} />}</Field>
        <div className="adm-actions">
          <button type="button" onClick={onClose}>{labels.cancel}</button>
          <button type="submit" className="adm-primary" disabled={isSubmitting}>{isSubmitting ? labels.saving : labels.save}</button>
        </div>
      </IslandForm>
    </Modal>
  );
}
