// Banners (seed 000 §6, §7, §8): list, add / edit with a desktop image (mobile optional), action, link or product,
// and the target (all, anonymous, registered, entrepreneurs without or with a store); delete with a 5 s undo. Success toasts titled
// 'Éxito'; failures 'Error' / 'Ocurrió un error' for 5 s.
import { useCallback, useEffect, useRef, useState } from 'react';
import { BANNER_TARGETS } from '../../src/lib/shared/constants.ts';
import { IMAGE_SIZES } from '../../src/lib/shared/image-sizes.ts';
import { BANNER_ACTION_TYPES, type AdminBanner } from '../../src/domain/admin/schema.ts';
import { normaliseLink } from '../../src/lib/shared/safe-url.ts';
import type { AdminApi } from './api.ts';
import { ProductPicker } from './HeaderEditor.tsx';
import ImageDrop from './ImageDrop.tsx';
import { useUndoableDelete } from './undo.ts';
import { BANNERS, deleteItem, saveItem } from './panel-commands.ts';
import { usePanelHistory } from './panel-history.ts';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, useToasts } from './ui.tsx';
import IslandForm from '../shared/form.tsx';

export default function BannersModal({ api, labels = defaultLabels, onClose, onChanged, initialItem }: { api: AdminApi; labels?: AdminLabels; onClose: () => void; onChanged?: () => void; initialItem?: string | null }) {
  const { push } = useToasts();
  const [items, setItems] = useState<AdminBanner[] | null>(null);
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const record = usePanelHistory();
  const fail = () => push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS });
  const load = useCallback(async () => {
    try { setItems((await api.get<{ results: AdminBanner[] }>('/admin/banners?offset=0&limit=50')).results); } catch { setItems([]); }
  }, [api]);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- opening at the item the click-to-edit link names happens once, after the list loads
  useEffect(() => { void load(); }, [load]);
  // Opened from a banner (a click on it in the builder's preview, or its pencil): its own form, once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !items || !initialItem) return;
    opened.current = true;
    const b = items.find((x) => x.id === initialItem);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- opening at the item the click-to-edit link names happens once, after the list loads
    if (b) setEditing(b);
  }, [items, initialItem]);
  const deletion = useUndoableDelete(
    (id) => deleteItem(api, record, BANNERS, (items?.find((b) => b.id === id) ?? { id }) as AdminBanner & Record<string, unknown>),
    (_id, ok) => {
      if (ok) { push({ kind: 'success', title: labels.successTitle, message: labels.bannerDeleted, ms: SUCCESS_TOAST_MS }); void load(); onChanged?.(); }
      else fail();
    },
  );
  const close = () => { void deletion.flush().then(onClose); };
  return (
    <Modal title={labels.banners} onClose={close} closeLabel={labels.close} wide>
      {editing ? (
        <BannerForm api={api} labels={labels} banner={editing === 'new' ? undefined : editing} onDone={(changed) => { setEditing(null); if (changed) { void load(); onChanged?.(); } }} />
      ) : (
        <div>
          <div className="adm-actions adm-top"><button type="button" className="adm-primary" onClick={() => setEditing('new')}>{labels.addBanner}</button></div>
          {!items ? <p>{labels.loading}</p> : items.length === 0 ? <p>{labels.noBanners}</p> : (
            <ul className="adm-list">
              {items.map((b, i) => {
                const name = `${i + 1}. ${labels[`target_${b.target}`]} · ${labels[`action_${b.action_type}`]}`;
                const deleting = deletion.waiting.has(b.id);
                return (
                  <li key={b.id} aria-busy={deleting || undefined} data-testid="banner-row">
                    {b.hzt_image && <img src={b.hzt_image} alt="" className="adm-thumb-wide" />}
                    <span className="adm-grow">{deleting ? <span className="adm-muted">{name} — {labels.deleting}…</span> : name}</span>
                    {deleting ? <button type="button" onClick={() => deletion.undo(b.id)}>{labels.undo}</button> : (
                      <>
                        <button type="button" onClick={() => setEditing(b)} aria-label={`${labels.edit} banner ${i + 1}`}>{labels.edit}</button>
                        <button type="button" className="adm-danger" onClick={() => deletion.start(b.id)} aria-label={`${labels.delete} banner ${i + 1}`}>{labels.delete}</button>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}

function BannerForm({ api, labels, banner, onDone }: { api: AdminApi; labels: AdminLabels; banner?: AdminBanner; onDone: (changed: boolean) => void }) {
  const { push } = useToasts();
  const record = usePanelHistory();
  const [action, setAction] = useState<AdminBanner['action_type']>(banner?.action_type ?? 'none');
  const [url, setUrl] = useState(banner?.url ?? '');
  const [product, setProduct] = useState({ id: banner?.product ?? '', name: banner?.product_name ?? '' });
  const [target, setTarget] = useState<AdminBanner['target']>(banner?.target ?? 'all');
  const [files, setFiles] = useState<{ hzt?: File; vrt?: File }>({});
  const [failed, setFailed] = useState<{ hzt?: boolean; vrt?: boolean }>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (ev: { preventDefault: () => void }) => {
    ev.preventDefault();
    const e: Record<string, string> = {};
    if (!banner?.hzt_image && !files.hzt) e.hzt = labels.imageRequired;
    if (action === 'url' && !url.trim()) e.url = labels.invalidField;
    else if (action === 'url' && !normaliseLink(url)) e.url = labels.invalidUrl;
    if (action === 'product' && !product.id) e.product = labels.invalidField;
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const images: Record<string, string> = {};
      for (const k of ['hzt', 'vrt'] as const) {
        const f = files[k];
        if (!f) continue;
        try { images[`${k}_image`] = (await api.upload(f)).url; }
        catch { setFailed((x) => ({ ...x, [k]: true })); push({ kind: 'error', title: labels.errorTitle, message: labels.uploadFailed, ms: ERROR_TOAST_MS }); return; }
      }
      const body = { ...images, action_type: action, target, url: action === 'url' ? url.trim() : null, product: action === 'product' ? product.id : null };
      try {
        await saveItem(api, record, BANNERS, banner as (AdminBanner & Record<string, unknown>) | undefined, body);
      } catch { push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS }); return; }
      push({ kind: 'success', title: labels.successTitle, message: banner ? labels.bannerUpdated : labels.bannerCreated, ms: SUCCESS_TOAST_MS });
      onDone(true);
    } finally { setBusy(false); }
  };
  return (
    <IslandForm onSubmit={submit} noValidate className="adm-form">
      <div className="adm-two">
        <div>
          <ImageDrop labels={labels} label={labels.desktopImage} preview={banner?.hzt_image} failed={failed.hzt} hint={fmt(labels.sizeHint, IMAGE_SIZES.banner.desktop)}
            onFile={(f) => { setFiles((x) => ({ ...x, hzt: f })); setFailed((x) => ({ ...x, hzt: false })); }} />
          {errors.hzt && <small className="adm-error" role="alert">{errors.hzt}</small>}
        </div>
        <ImageDrop labels={labels} label={labels.mobileImage} preview={banner?.vrt_image} failed={failed.vrt} hint={fmt(labels.sizeHint, IMAGE_SIZES.banner.mobile)}
          onFile={(f) => { setFiles((x) => ({ ...x, vrt: f })); setFailed((x) => ({ ...x, vrt: false })); }} />
      </div>
      <Field label={labels.target}>
        {(p) => <select {...p} value={target} onChange={(e) => setTarget(e.target.value as AdminBanner['target'])}>{BANNER_TARGETS.map((t) => <option key={t} value={t}>{labels[`target_${t}`]}</option>)}</select>}
      </Field>
      <Field label={labels.actionType}>
        {(p) => <select {...p} value={action} onChange={(e) => { setAction(e.target.value as AdminBanner['action_type']); setErrors({}); }}>{BANNER_ACTION_TYPES.map((t) => <option key={t} value={t}>{labels[`action_${t}`]}</option>)}</select>}
      </Field>
      {action === 'url' && <Field label={labels.url} error={errors.url}>{(p) => <input {...p} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />}</Field>}
      {action === 'product' && <ProductPicker api={api} labels={labels} value={product.id} name={product.name} error={errors.product} onPick={(id, name) => setProduct({ id, name })} />}
      <div className="adm-actions">
        <button type="button" onClick={() => onDone(false)}>{labels.back}</button>
        <button type="submit" className="adm-primary" disabled={busy}>{busy ? labels.saving : labels.save}</button>
      </div>
    </IslandForm>
  );
}
