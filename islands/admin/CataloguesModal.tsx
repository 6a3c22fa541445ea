// My catalogues (seed 000 §2, §4, §8; seed 001 §5): list, inline rename with save/cancel, delete with the
// 'Deleting' state and a 5 s undo ('not deleted' toast with the row restored on failure), create (name required,
// in the builder each create, rename and delete is also an undoable command (list-commands.ts);
// at most 150; optional photo). The count decrements on deletion. A name opens the catalogue's page, where its
// contents are curated (islands/catalogue-tools).
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ADMIN_CATALOGUE_PAGE_SIZE, CATALOGUE_NAME_MAX } from '../../src/lib/shared/constants.ts';
import type { AdminApi, ApiError } from './api.ts';
import ImageDrop from './ImageDrop.tsx';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, useToasts } from './ui.tsx';
import { useUndoableDelete } from './undo.ts';
import { createCatalogue, deleteCatalogue, editCatalogue } from './list-commands.ts';
import { usePanelHistory, type RecordCommand } from './panel-history.ts';
import IslandForm from '../shared/form.tsx';

interface Cat { id: string; name: string; slug: string; photo: string | null; num_products: number }

export default function CataloguesModal({ api, base = '', labels = defaultLabels, onClose, onChanged }: { api: AdminApi; base?: string; labels?: AdminLabels; onClose: () => void; onChanged?: () => void }) {
  const { push } = useToasts();
  const [items, setItems] = useState<Cat[] | null>(null);
  const [count, setCount] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const load = useCallback(async () => {
    try {
      const r = await api.get<{ results: Cat[]; matches_estimated: number }>(`/admin/catalogues?offset=0&limit=${ADMIN_CATALOGUE_PAGE_SIZE}`);
      setItems(r.results); setCount(r.matches_estimated);
    } catch { setItems([]); setCount(0); }
  }, [api]);
  useEffect(() => { void load(); }, [load]);
  const record = usePanelHistory();
  // Delete with a 5 s undo; in the builder the delete is also a command (the server keeps it restorable).
  const deletion = useUndoableDelete((id) => deleteCatalogue(api, record, id), (id, ok) => {
    if (ok) {
      setItems((all) => (all ?? []).filter((x) => x.id !== id));
      setCount((n) => Math.max(0, n - 1));
      push({ kind: 'success', title: labels.successTitle, message: labels.catalogueDeleted, ms: SUCCESS_TOAST_MS });
      onChanged?.();
    } else push({ kind: 'error', title: labels.errorTitle, message: labels.notDeleted, ms: ERROR_TOAST_MS });
  });
  const deleting = deletion.waiting;
  const close = () => { void deletion.flush().then(onClose); };

  return (
    <Modal title={labels.myCatalogues} onClose={close} closeLabel={labels.close} wide>
      {creating ? (
        <CreateForm api={api} record={record} labels={labels} onDone={(c) => { setCreating(false); if (c) { setItems((all) => [c, ...(all ?? [])]); setCount((n) => n + 1); onChanged?.(); } }} />
      ) : (
        <div>
          <div className="adm-actions adm-top">
            <span className="adm-grow" data-testid="catalogue-count">{fmt(labels.catalogueCount, { count })}</span>
            <button type="button" className="adm-primary" onClick={() => setCreating(true)}>{labels.createCatalogue}</button>
          </div>
          {!items ? <p>{labels.loading}</p> : (
            <ul className="adm-list">
              {items.map((c) => (
                <li key={c.id} data-testid="catalogue-row" aria-busy={deleting.has(c.id)}>
                  {editing === c.id ? (
                    <RenameRow api={api} record={record} labels={labels} cat={c} onDone={(name) => { setEditing(null); if (name) { setItems((all) => (all ?? []).map((x) => (x.id === c.id ? { ...x, name } : x))); onChanged?.(); } }} />
                  ) : deleting.has(c.id) ? (
                    <>
                      <span className="adm-grow adm-muted">{c.name} — {labels.deleting}…</span>
                      <button type="button" onClick={() => deletion.undo(c.id)}>{labels.undo}</button>
                    </>
                  ) : (
                    <>
                      {c.photo ? <img src={c.photo} alt="" className="adm-thumb-sm" /> : null}
                      <span className="adm-grow"><a href={`${base}/catalogos/${encodeURIComponent(c.slug)}`}>{c.name}</a> <small>({c.num_products})</small></span>
                      <button type="button" onClick={() => setEditing(c.id)} aria-label={`${labels.rename} ${c.name}`}>{labels.rename}</button>
                      <button type="button" className="adm-danger" onClick={() => deletion.start(c.id)} aria-label={`${labels.delete} ${c.name}`}>{labels.delete}</button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}

const nameSchema = (l: AdminLabels) => z.object({ name: z.string().trim().min(1, l.invalidField).max(CATALOGUE_NAME_MAX, fmt(l.tooLong, { max: CATALOGUE_NAME_MAX })) });

function RenameRow({ api, record, labels, cat, onDone }: { api: AdminApi; record: RecordCommand | null; labels: AdminLabels; cat: Cat; onDone: (name: string | null) => void }) {
  const { push } = useToasts();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<{ name: string }>({ resolver: zodResolver(nameSchema(labels)), defaultValues: { name: cat.name } });
  const save = async (v: { name: string }) => {
    try { await editCatalogue(api, record, cat as Cat & Record<string, unknown>, { name: v.name }); onDone(v.name.trim()); }
    catch (e) {
      if ((e as ApiError).fields?.name) setError('name', { message: labels.nameInvalid });
      else push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  return (
    <IslandForm className="adm-inline adm-grow" onSubmit={handleSubmit(save)} noValidate>
      <Field label={labels.name} error={errors.name?.message}>{(p) => <input {...p} {...register('name')} autoFocus />}</Field>
      <button type="submit" className="adm-primary" disabled={isSubmitting}>{labels.save}</button>
      <button type="button" onClick={() => onDone(null)}>{labels.cancel}</button>
    </IslandForm>
  );
}

function CreateForm({ api, record, labels, onDone }: { api: AdminApi; record: RecordCommand | null; labels: AdminLabels; onDone: (c: Cat | null) => void }) {
  const { push } = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<{ name: string }>({ resolver: zodResolver(nameSchema(labels)), defaultValues: { name: '' } });
  const save = async (v: { name: string }) => {
    let photo: string | null = null;
    if (file) {
      try { photo = (await api.upload(file)).url; }
      catch { setFailed(true); push({ kind: 'error', title: labels.errorTitle, message: labels.uploadFailed, ms: ERROR_TOAST_MS }); return; }
    }
    try { onDone(await createCatalogue<Cat & Record<string, unknown>>(api, record, { name: v.name, photo })); }
    catch (e) {
      if ((e as ApiError).fields?.name) setError('name', { message: labels.nameInvalid });
      else push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  return (
    <IslandForm onSubmit={handleSubmit(save)} noValidate className="adm-form">
      <Field label={labels.name} error={errors.name?.message}>{(p) => <input {...p} {...register('name')} />}</Field>
      <ImageDrop labels={labels} label={labels.cataloguePhoto} failed={failed} onFile={(f) => { setFile(f); setFailed(false); }} hint={fmt(labels.sizeHint, { width: 1000, height: 1000 })} />
      <div className="adm-actions">
        <button type="button" onClick={() => onDone(null)}>{labels.back}</button>
        <button type="submit" className="adm-primary" disabled={isSubmitting}>{isSubmitting ? labels.saving : labels.create}</button>
      </div>
    </IslandForm>
  );
}
