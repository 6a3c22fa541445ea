// Edit a catalogue's name and photo (issue 13; seed 001 §5): name required (the error reads '*'), at most 150;
// photo jpeg, png, jpg or svg+xml with the recommended size, uploaded through the shop's upload endpoint; Save is
// disabled while submitting or uploading; a name refused by the server shows on the name field.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CATALOGUE_NAME_MAX } from '../../src/lib/shared/constants.ts';
import type { AdminApi, ApiError } from '../admin/api.ts';
import ImageDrop from '../admin/ImageDrop.tsx';
import type { AdminLabels } from '../admin/labels.ts';
import { ERROR_TOAST_MS, Field, Modal, useToasts } from '../admin/ui.tsx';
import IslandForm from '../shared/form.tsx';
import { fmt, type ToolLabels } from './labels.ts';
import type { ToolCatalogue } from './AddProductsModal.tsx';

/** The catalogue photo's recommended size (square, as the catalogue cards and cover show it). */
export const CATALOGUE_PHOTO_SIZE = { width: 1000, height: 1000 };

const schemaFor = (l: ToolLabels) => z.object({
  name: z.string().trim().min(1, l.required).max(CATALOGUE_NAME_MAX, fmt(l.tooLong, { max: CATALOGUE_NAME_MAX })),
});

export default function EditCatalogueModal({ api, labels, adminLabels, catalogue, onClose }: {
  api: AdminApi; labels: ToolLabels; adminLabels: AdminLabels; catalogue: ToolCatalogue; onClose: (saved: boolean) => void;
}) {
  const { push } = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<{ name: string }>({
    resolver: zodResolver(schemaFor(labels)), defaultValues: { name: catalogue.name },
  });
  const save = async (v: { name: string }) => {
    const body: { name: string; photo?: string } = { name: v.name };
    if (file) {
      setUploading(true);
      try { body.photo = (await api.upload(file)).url; }
      catch { setFailed(true); setFile(null); push({ kind: 'error', title: labels.errorTitle, message: labels.uploadFailed, ms: ERROR_TOAST_MS }); return; }
      finally { setUploading(false); }
    }
    try {
      await api.call('PATCH', `/admin/catalogues/${catalogue.id}`, body);
      onClose(true);
    } catch (e) {
      if ((e as ApiError).fields?.name) setError('name', { message: labels.nameInvalid });
      else push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  const blocked = isSubmitting || uploading;
  return (
    <Modal title={labels.editTitle} onClose={() => { if (!blocked) onClose(false); }} closeLabel={labels.close}>
      <IslandForm onSubmit={handleSubmit(save)} noValidate className="adm-form">
        <Field label={labels.name} error={errors.name?.message}>{(p) => <input {...p} {...register('name')} maxLength={CATALOGUE_NAME_MAX + 50} />}</Field>
        <ImageDrop labels={adminLabels} label={labels.photo} preview={catalogue.photo} failed={failed}
          onFile={(f) => { setFile(f); setFailed(false); }} hint={fmt(labels.sizeHint, CATALOGUE_PHOTO_SIZE)} />
        <div className="adm-actions">
          <button type="button" onClick={() => onClose(false)} disabled={blocked}>{labels.cancel}</button>
          <button type="submit" className="adm-primary" disabled={blocked}>{blocked ? labels.saving : labels.save}</button>
        </div>
      </IslandForm>
    </Modal>
  );
}
