// Header editor modal (seed 000 §2, §4, §5, §8): list of headers (10 a page, the shop's current one marked) with
// edit / delete / apply (or take the current one off the shop), each an undoable command in the builder; add and edit form, whose save makes the header
// the shop's and returns to the list; background colour. Starts on the list and resets to it on close.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  BANNER_TARGETS, BUTTON_LABELS, HEADER_ACTION_TYPES, HEADER_DESCRIPTION_MAX, HEADER_LIST_PAGE_SIZE, HEADER_SUBTITLE_MAX, HEADER_TITLE_MAX,
} from '../../src/lib/shared/constants.ts';
import type { AdminHeader } from '../../src/domain/admin/schema.ts';
import { normaliseLink } from '../../src/lib/shared/safe-url.ts';
import { serverMessage, type AdminApi } from './api.ts';
import ColorPanel, { type Preset } from './ColorPanel.tsx';
import { saveHeader } from './panel-commands.ts';
import { applyHeader, deleteHeader } from './list-commands.ts';
import { usePanelHistory } from './panel-history.ts';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, useToasts } from './ui.tsx';
import IslandForm from '../shared/form.tsx';

export const headerFormSchema = (l: AdminLabels) => z.object({
  title: z.string().trim().min(1, l.invalidField).max(HEADER_TITLE_MAX, fmt(l.tooLong, { max: HEADER_TITLE_MAX })),
  subtitle: z.string().trim().max(HEADER_SUBTITLE_MAX, fmt(l.tooLong, { max: HEADER_SUBTITLE_MAX })),
  description: z.string().trim().max(HEADER_DESCRIPTION_MAX, fmt(l.tooLong, { max: HEADER_DESCRIPTION_MAX })),
  action_type: z.enum(HEADER_ACTION_TYPES),
  url: z.string().trim(),
  button_label: z.string(),
  product: z.string(),
  product_name: z.string(),
  target: z.enum(BANNER_TARGETS),
}).superRefine((v, ctx) => {
  if (v.action_type === 'url' && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: l.invalidField });
  else if (v.action_type === 'url' && !normaliseLink(v.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: l.invalidUrl });
  if (v.action_type !== 'none' && !v.button_label) ctx.addIssue({ code: 'custom', path: ['button_label'], message: l.invalidField });
  if (v.action_type === 'product' && !v.product) ctx.addIssue({ code: 'custom', path: ['product'], message: l.invalidField });
});
type HeaderForm = z.infer<ReturnType<typeof headerFormSchema>>;

const toForm = (h?: AdminHeader): HeaderForm => ({
  title: h?.title ?? '', subtitle: h?.subtitle ?? '', description: h?.description ?? '', action_type: h?.action_type ?? 'none',
  url: h?.url ?? '', button_label: h?.button_label ?? '', product: h?.product ?? '', product_name: h?.product_name ?? '', target: h?.target ?? 'all',
});
const toBody = (v: HeaderForm) => ({
  title: v.title, subtitle: v.subtitle || null, description: v.description || null, action_type: v.action_type, target: v.target,
  url: v.action_type === 'url' ? v.url : null, button_label: v.action_type === 'none' ? null : v.button_label || null,
  product: v.action_type === 'product' ? v.product || null : null,
});

type View = { kind: 'list' } | { kind: 'form'; header?: AdminHeader } | { kind: 'color' };

export default function HeaderEditor({ api, labels = defaultLabels, presets = [], colors, onClose, onChanged, initialItem }: {
  api: AdminApi; labels?: AdminLabels; presets?: Preset[]; colors?: { color1: string; color2: string }; onClose: () => void; onChanged?: () => void;
  /** Opened from the header shown (its pencil, or a click on it in the builder's preview): that header's form. */
  initialItem?: string | null;
}) {
  const [view, setView] = useState<View>({ kind: 'list' });
  // The header named by the click-to-edit link ('active': the one shown) opens in its form, once; the list stays
  // behind it (closing the form returns there). A header that cannot be read leaves the list.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !initialItem) return;
    opened.current = true;
    api.get<AdminHeader>(`/admin/headers/${encodeURIComponent(initialItem)}`).then((header) => setView({ kind: 'form', header }), () => {});
  }, [api, initialItem]);
  const close = () => { setView({ kind: 'list' }); onClose(); };
  const title = view.kind === 'list' ? labels.setUpTitle : view.kind === 'form' ? (view.header ? labels.editHeaderTitle : labels.addTitle) : labels.backgroundTitle;
  return (
    <Modal title={title} onClose={close} closeLabel={labels.close} wide>
      {view.kind === 'list' && <HeaderList api={api} labels={labels} onEdit={(header) => setView({ kind: 'form', header })} onColor={() => setView({ kind: 'color' })} onChanged={onChanged} />}
      {view.kind === 'form' && <HeaderFormView api={api} labels={labels} header={view.header} onDone={(changed) => { setView({ kind: 'list' }); if (changed) onChanged?.(); }} />}
      {view.kind === 'color' && <ColorPanel api={api} presets={presets} initial={colors} labels={labels} onDone={(saved) => { setView({ kind: 'list' }); if (saved) onChanged?.(); }} />}
    </Modal>
  );
}

function HeaderList({ api, labels, onEdit, onColor, onChanged }: { api: AdminApi; labels: AdminLabels; onEdit: (h?: AdminHeader) => void; onColor: () => void; onChanged?: () => void }) {
  const { push } = useToasts();
  const record = usePanelHistory();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ results: AdminHeader[]; matches_estimated: number } | null>(null);
  const load = useCallback(async () => {
    try { setData(await api.get(`/admin/headers?offset=${(page - 1) * HEADER_LIST_PAGE_SIZE}&limit=${HEADER_LIST_PAGE_SIZE}`)); }
    catch { setData({ results: [], matches_estimated: 0 }); }
  }, [api, page]);
  useEffect(() => { void load(); }, [load]);
  const remove = async (h: AdminHeader) => {
    try {
      await deleteHeader(api, record, h);
      push({ kind: 'success', title: labels.successTitle, message: labels.headerDeleted, ms: SUCCESS_TOAST_MS });
      await load(); onChanged?.();
    } catch {
      push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  // 'Aplicar' shows a header in the shop; the shop's current header offers 'Quitar de la tienda' instead (applying
  // it again used to switch it off).
  const apply = async (h: AdminHeader, active: boolean) => {
    try {
      await applyHeader(api, record, h, active);
      push({ kind: 'success', title: labels.successTitle, message: active ? labels.headerApplied : labels.headerUnapplied, ms: SUCCESS_TOAST_MS });
      await load(); onChanged?.();
    } catch (e) {
      push({ kind: 'error', title: labels.errorTitle, message: serverMessage(e) ?? labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  const pages = Math.max(1, Math.ceil((data?.matches_estimated ?? 0) / HEADER_LIST_PAGE_SIZE));
  return (
    <div>
      <div className="adm-actions adm-top">
        <button type="button" className="adm-primary" onClick={() => onEdit()}>{labels.add}</button>
        <button type="button" onClick={onColor}>{labels.backgroundTitle}</button>
      </div>
      {!data ? <p>{labels.loading}</p> : data.results.length === 0 ? <p>{labels.noHeaders}</p> : (
        <ul className="adm-list">
          {data.results.map((h) => (
            <li key={h.id}>
              <span className="adm-grow"><strong>{h.title}</strong>{h.active && <em className="adm-badge" data-testid="header-active"> {labels.headerInShop}</em>}{h.subtitle && <><br /><small>{h.subtitle}</small></>}</span>
              <button type="button" onClick={() => onEdit(h)} aria-label={`${labels.edit} ${h.title}`}>{labels.edit}</button>
              {h.active
                ? <button type="button" onClick={() => void apply(h, false)} aria-label={`${labels.headerUnapply}: ${h.title}`}>{labels.headerUnapply}</button>
                : <button type="button" onClick={() => void apply(h, true)} aria-label={`${labels.apply} ${h.title}`}>{labels.apply}</button>}
              <button type="button" className="adm-danger" onClick={() => void remove(h)} aria-label={`${labels.delete} ${h.title}`}>{labels.delete}</button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="adm-actions">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>{labels.previous}</button>
          <span>{page} / {pages}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>{labels.next}</button>
        </div>
      )}
    </div>
  );
}

export function ProductPicker({ api, labels, value, name, onPick, error }: { api: AdminApi; labels: AdminLabels; value: string; name: string; onPick: (id: string, name: string) => void; error?: string }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<{ id: string; name: string }[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (v: string) => {
    setText(v);
    clearTimeout(timer.current);
    const q = v.trim().toLowerCase();
    if (!q) { setResults([]); return; }
    timer.current = setTimeout(async () => {
      try {
        const r = await api.get<{ results: { id: string; name: string }[] }>(`/search?type=product&text=${encodeURIComponent(q)}`);
        setResults(r.results.slice(0, 10));
      } catch { setResults([]); }
    }, 300);
  };
  return (
    <Field label={labels.productSearch} error={error} hint={value ? `${labels.product}: ${name || value}` : undefined}>
      {(p) => (
        <div>
          <input {...p} type="search" value={text} onChange={(e) => search(e.target.value)} autoComplete="off" />
          {results.length > 0 && (
            <ul className="adm-options" role="listbox" aria-label={labels.product}>
              {results.map((r) => (
                <li key={r.id} role="option" aria-selected={r.id === value}>
                  <button type="button" onClick={() => { onPick(r.id, r.name); setResults([]); setText(r.name); }}>{r.name}</button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}

function HeaderFormView({ api, labels, header, onDone }: { api: AdminApi; labels: AdminLabels; header?: AdminHeader; onDone: (changed: boolean) => void }) {
  const { push } = useToasts();
  const record = usePanelHistory();
  const { register, handleSubmit, watch, setValue, formState: { errors, isSubmitting } } = useForm<HeaderForm>({
    resolver: zodResolver(headerFormSchema(labels)), defaultValues: toForm(header),
  });
  const action = watch('action_type');
  const onSubmit = async (v: HeaderForm) => {
    try {
      // Seed 000 §4: saving returns to the list and updates the shop's header (the saved one is the shop's header).
      await saveHeader(api, record, header, { ...toBody(v), apply: true });
      push({ kind: 'success', title: labels.successTitle, message: header ? labels.headerUpdated : labels.headerCreated, ms: SUCCESS_TOAST_MS });
      onDone(true);
    } catch (e) {
      push({ kind: 'error', title: labels.errorTitle, message: serverMessage(e) ?? labels.genericError, ms: ERROR_TOAST_MS });
    }
  };
  return (
    <IslandForm onSubmit={handleSubmit(onSubmit)} noValidate className="adm-form">
      <Field label={labels.title} error={errors.title?.message}>{(p) => <input {...p} {...register('title')} />}</Field>
      <Field label={labels.subtitle} error={errors.subtitle?.message}>{(p) => <input {...p} {...register('subtitle')} />}</Field>
      <Field label={labels.description} error={errors.description?.message}>{(p) => <textarea {...p} rows={3} {...register('description')} />}</Field>
      <Field label={labels.target} error={errors.target?.message}>
        {(p) => <select {...p} {...register('target')}>{BANNER_TARGETS.map((t) => <option key={t} value={t}>{labels[`target_${t}`]}</option>)}</select>}
      </Field>
      <Field label={labels.actionType} error={errors.action_type?.message}>
        {(p) => <select {...p} {...register('action_type')}>{HEADER_ACTION_TYPES.map((t) => <option key={t} value={t}>{labels[`action_${t}`]}</option>)}</select>}
      </Field>
      {action !== 'none' && (
        <fieldset className="adm-fieldset">
          <Field label={labels.buttonLabel} error={errors.button_label?.message}>
            {(p) => <select {...p} {...register('button_label')}><option value="">—</option>{BUTTON_LABELS.map((b) => <option key={b} value={b}>{labels[`bl_${b}`]}</option>)}</select>}
          </Field>
          {action === 'url' && <Field label={labels.url} error={errors.url?.message}>{(p) => <input {...p} {...register('url')} placeholder="https://" />}</Field>}
          {action === 'product' && (
            <ProductPicker api={api} labels={labels} value={watch('product')} name={watch('product_name')} error={errors.product?.message}
              onPick={(id, name) => { setValue('product', id, { shouldValidate: true }); setValue('product_name', name); }} />
          )}
        </fieldset>
      )}
      <div className="adm-actions">
        <button type="button" onClick={() => onDone(false)}>{labels.back}</button>
        <button type="submit" className="adm-primary" disabled={isSubmitting}>{isSubmitting ? labels.saving : labels.save}</button>
      </div>
    </IslandForm>
  );
}
