// Carousel editor (seed 000 §5, seed 001 §5): slides list + form; desktop image (3200x982, 1100x982 in two
// columns) and mobile image (1000x450) uploads; PRODUCT / URL switched with a button; the url pattern with the
// invalid-shop-carousel-link message (checked in both column modes, like the server); target; delete.
import { useCallback, useEffect, useState } from 'react';
import { normaliseCarouselLink } from '../../src/lib/shared/safe-url.ts';
import { BANNER_TARGETS } from '../../src/lib/shared/constants.ts';
import { serverMessage, type AdminApi } from './api.ts';
import { ProductPicker } from './HeaderEditor.tsx';
import ImageDrop from './ImageDrop.tsx';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, useToasts } from './ui.tsx';
import IslandForm from '../shared/form.tsx';

interface Slide {
  id: string; hzt_image: string | null; vrt_image: string | null; type: 'PRODUCT' | 'URL'; product: string | null; product_name: string | null;
  url: string | null; url_target: '_self' | '_blank'; target: (typeof BANNER_TARGETS)[number]; action_type: 'url' | 'none'; position: number;
}

export default function CarouselEditor({ api, labels = defaultLabels, onClose, onChanged }: { api: AdminApi; labels?: AdminLabels; onClose: () => void; onChanged?: () => void }) {
  const { push } = useToasts();
  const [data, setData] = useState<{ results: Slide[]; columns: 1 | 2 } | null>(null);
  const [editing, setEditing] = useState<Slide | 'new' | null>(null);
  const load = useCallback(async () => {
    try { setData(await api.get('/admin/slides')); } catch { setData({ results: [], columns: 2 }); }
  }, [api]);
  useEffect(() => { void load(); }, [load]);
  const remove = async (s: Slide) => {
    try {
      await api.call('DELETE', `/admin/slides/${s.id}`);
      push({ kind: 'success', title: labels.successTitle, message: labels.delete, ms: SUCCESS_TOAST_MS });
      await load(); onChanged?.();
    } catch { push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS }); }
  };
  return (
    <Modal title={labels.carousel} onClose={onClose} closeLabel={labels.close} wide>
      {editing ? (
        <SlideForm api={api} labels={labels} slide={editing === 'new' ? undefined : editing} columns={data?.columns ?? 2}
          onDone={(changed) => { setEditing(null); if (changed) { void load(); onChanged?.(); } }} />
      ) : (
        <div>
          <div className="adm-actions adm-top"><button type="button" className="adm-primary" onClick={() => setEditing('new')}>{labels.addSlide}</button></div>
          {!data ? <p>{labels.loading}</p> : data.results.length === 0 ? <p>{labels.noSlides}</p> : (
            <ul className="adm-list">
              {data.results.map((s, i) => (
                <li key={s.id}>
                  {s.hzt_image && <img src={s.hzt_image} alt="" className="adm-thumb-wide" />}
                  <span className="adm-grow">{i + 1}. {s.type === 'PRODUCT' ? s.product_name ?? labels.product : s.url ?? '—'}</span>
                  <button type="button" onClick={() => setEditing(s)} aria-label={`${labels.edit} ${i + 1}`}>{labels.edit}</button>
                  <button type="button" className="adm-danger" onClick={() => void remove(s)} aria-label={`${labels.delete} ${i + 1}`}>{labels.delete}</button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}

function SlideForm({ api, labels, slide, columns, onDone }: { api: AdminApi; labels: AdminLabels; slide?: Slide; columns: 1 | 2; onDone: (changed: boolean) => void }) {
  const { push } = useToasts();
  const [type, setType] = useState<'PRODUCT' | 'URL'>(slide?.type ?? 'URL');
  const [url, setUrl] = useState(slide?.url ?? '');
  const [product, setProduct] = useState({ id: slide?.product ?? '', name: slide?.product_name ?? '' });
  const [target, setTarget] = useState(slide?.target ?? 'all');
  const [newWindow, setNewWindow] = useState(slide?.url_target === '_blank');
  const [files, setFiles] = useState<{ hzt?: File; vrt?: File }>({});
  const [failed, setFailed] = useState<{ hzt?: boolean; vrt?: boolean }>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const desktop = columns === 2 ? { width: 1100, height: 982 } : { width: 3200, height: 982 };

  const validate = () => {
    const e: Record<string, string> = {};
    if (!slide?.hzt_image && !files.hzt) e.hzt = labels.imageRequired;
    if (!slide?.vrt_image && !files.vrt) e.vrt = labels.imageRequired;
    if (type === 'URL') {
      if (!url.trim()) e.url = labels.invalidField;
      else if (!normaliseCarouselLink(url)) e.url = labels.invalidCarouselLink;
    } else if (!product.id) e.product = labels.invalidField;
    setErrors(e);
    return Object.keys(e).length === 0;
  };
  const submit = async (ev: { preventDefault: () => void }) => {
    ev.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      const images: Record<string, string> = {};
      for (const k of ['hzt', 'vrt'] as const) {
        const f = files[k];
        if (!f) continue;
        try { images[`${k}_image`] = (await api.upload(f)).url; }
        catch {
          setFailed((x) => ({ ...x, [k]: true }));
          push({ kind: 'error', title: labels.errorTitle, message: labels.uploadFailed, ms: ERROR_TOAST_MS });
          return;
        }
      }
      const body = {
        ...images, type, target, url_target: newWindow ? '_blank' : '_self', action_type: 'url',
        url: type === 'URL' ? url.trim() : null, product: type === 'PRODUCT' ? product.id : null,
      };
      try {
        if (slide) await api.call('PATCH', `/admin/slides/${slide.id}`, body);
        else await api.call('POST', '/admin/slides', body);
      } catch (e) {
        const fields = (e as { fields?: Record<string, unknown> }).fields;
        const urlErr = fields?.url;
        if (urlErr && JSON.stringify(urlErr).includes('invalid_shop_carousel_link')) { setErrors({ url: labels.invalidCarouselLink }); return; }
        push({ kind: 'error', title: labels.errorTitle, message: serverMessage(e) ?? labels.genericError, ms: ERROR_TOAST_MS });
        return;
      }
      push({ kind: 'success', title: labels.successTitle, message: labels.save, ms: SUCCESS_TOAST_MS });
      onDone(true);
    } finally { setBusy(false); }
  };
  return (
    <IslandForm onSubmit={submit} noValidate className="adm-form">
      <div className="adm-two">
        <div>
          <ImageDrop labels={labels} label={labels.desktopImage} preview={slide?.hzt_image} failed={failed.hzt}
            hint={fmt(labels.sizeHint, desktop)} onFile={(f) => { setFiles((x) => ({ ...x, hzt: f })); setFailed((x) => ({ ...x, hzt: false })); }} />
          {errors.hzt && <small className="adm-error" role="alert">{errors.hzt}</small>}
        </div>
        <div>
          <ImageDrop labels={labels} label={labels.mobileImage} preview={slide?.vrt_image} failed={failed.vrt}
            hint={fmt(labels.sizeHint, { width: 1000, height: 450 })} onFile={(f) => { setFiles((x) => ({ ...x, vrt: f })); setFailed((x) => ({ ...x, vrt: false })); }} />
          {errors.vrt && <small className="adm-error" role="alert">{errors.vrt}</small>}
        </div>
      </div>
      <div className="adm-actions adm-start">
        <span>{labels.linkType}: <strong data-testid="link-type">{type}</strong></span>
        <button type="button" onClick={() => { setType(type === 'URL' ? 'PRODUCT' : 'URL'); setErrors({}); }}>
          {type === 'URL' ? labels.switchToProduct : labels.switchToUrl}
        </button>
      </div>
      {type === 'URL' ? (
        <>
          <Field label={labels.url} error={errors.url}>{(p) => <input {...p} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />}</Field>
          <label className="adm-check"><input type="checkbox" checked={newWindow} onChange={(e) => setNewWindow(e.target.checked)} /> {labels.newWindow}</label>
        </>
      ) : (
        <ProductPicker api={api} labels={labels} value={product.id} name={product.name} error={errors.product} onPick={(id, name) => setProduct({ id, name })} />
      )}
      <Field label={labels.target}>
        {(p) => <select {...p} value={target} onChange={(e) => setTarget(e.target.value as Slide['target'])}>{BANNER_TARGETS.map((t) => <option key={t} value={t}>{labels[`target_${t}`]}</option>)}</select>}
      </Field>
      <div className="adm-actions">
        <button type="button" onClick={() => onDone(false)}>{labels.back}</button>
        <button type="submit" className="adm-primary" disabled={busy}>{busy ? labels.saving : labels.save}</button>
      </div>
    </IslandForm>
  );
}
