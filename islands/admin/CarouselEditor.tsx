// Carousel editor (seed 000 §5, seed 001 §5): slides list + form; desktop image (3200x982, 1100x982 in two
// columns) and mobile image (1000x450) uploads; PRODUCT / URL switched with a button; the url pattern with the
// invalid-shop-carousel-link message in two-column mode only (in one column only the shared link check applies, like
// the server: normaliseSlideLink); an empty link is a slide without a link (action_type 'none'); target; delete with
// a 5 s undo; up / down buttons to reorder.
import { useCallback, useEffect, useRef, useState } from 'react';
import { normaliseSlideLink } from '../../src/lib/shared/safe-url.ts';
import { BANNER_TARGETS } from '../../src/lib/shared/constants.ts';
import { serverMessage, type AdminApi } from './api.ts';
import { ProductPicker } from './HeaderEditor.tsx';
import ImageDrop from './ImageDrop.tsx';
import { useUndoableDelete } from './undo.ts';
import { deleteItem, saveItem, SLIDES } from './panel-commands.ts';
import { reorderSlides } from './list-commands.ts';
import { slideOrderLabelsOf } from './slide-order-labels.ts';
import { usePanelHistory } from './panel-history.ts';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { slideTextLabelsOf } from './slide-text-labels.ts';
import { SLIDE_BUTTON_MAX, SLIDE_SUBTITLE_MAX, SLIDE_TEXT_DEFAULTS, SLIDE_TEXT_PLACES, SLIDE_TITLE_MAX, type SlideTextPlace } from '../../src/lib/shared/slide-text.ts';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, useToasts } from './ui.tsx';
import IslandForm from '../shared/form.tsx';

interface Slide {
  id: string; hzt_image: string | null; vrt_image: string | null; type: 'PRODUCT' | 'URL'; product: string | null; product_name: string | null;
  url: string | null; url_target: '_self' | '_blank'; target: (typeof BANNER_TARGETS)[number]; action_type: 'url' | 'none'; position: number;
  title?: string | null; subtitle?: string | null; button_label?: string | null; button_url?: string | null;
  text_desktop?: SlideTextPlace; text_phone?: SlideTextPlace;
}

export default function CarouselEditor({ api, labels = defaultLabels, onClose, onChanged, initialItem }: { api: AdminApi; labels?: AdminLabels; onClose: () => void; onChanged?: () => void; initialItem?: string | null }) {
  const { push } = useToasts();
  const [data, setData] = useState<{ results: Slide[]; columns: 1 | 2 } | null>(null);
  const [editing, setEditing] = useState<Slide | 'new' | null>(null);
  const record = usePanelHistory();
  const load = useCallback(async () => {
    try { setData(await api.get('/admin/slides')); } catch { setData({ results: [], columns: 2 }); }
  }, [api]);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- opening at the item the click-to-edit link names happens once, after the list loads
  useEffect(() => { void load(); }, [load]);
  // Opened from a slide (a click on it in the builder's preview, or its pencil): that slide's own form, once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !data || !initialItem) return;
    opened.current = true;
    const s = data.results.find((x) => x.id === initialItem);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- opening at the item the click-to-edit link names happens once, after the list loads
    if (s) setEditing(s);
  }, [data, initialItem]);
  // Delete with a 5 s undo (the row says 'Eliminando…'), like catalogues and franchises.
  const deletion = useUndoableDelete(
    (id) => deleteItem(api, record, SLIDES, (data?.results.find((s) => s.id === id) ?? { id }) as Slide & Record<string, unknown>),
    (_id, ok) => {
      if (ok) { push({ kind: 'success', title: labels.successTitle, message: labels.slideDeleted, ms: SUCCESS_TOAST_MS }); void load(); onChanged?.(); }
      else push({ kind: 'error', title: labels.errorTitle, message: labels.slideNotDeleted, ms: ERROR_TOAST_MS });
    },
  );
  const close = () => { void deletion.flush().then(onClose); };
  const ol = slideOrderLabelsOf(labels);
  const [moving, setMoving] = useState(false);
  // Up / down buttons (keyboard and phones alike); each move is saved at once and is one undoable command.
  const move = async (i: number, by: -1 | 1) => {
    if (!data || moving) return;
    const before = data.results.map((s) => s.id);
    const ids = [...before];
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    setMoving(true);
    try {
      setData(await reorderSlides<{ results: Slide[]; columns: 1 | 2 }>(api, record, before, ids));
      push({ kind: 'success', title: labels.successTitle, message: ol.slidesMoved, ms: SUCCESS_TOAST_MS });
      onChanged?.();
    } catch (e) {
      push({ kind: 'error', title: labels.errorTitle, message: serverMessage(e) ?? labels.genericError, ms: ERROR_TOAST_MS });
    } finally { setMoving(false); }
  };
  return (
    <Modal title={labels.carousel} onClose={close} closeLabel={labels.close} wide>
      {editing ? (
        <SlideForm api={api} labels={labels} slide={editing === 'new' ? undefined : editing} columns={data?.columns ?? 2}
          onDone={(changed) => { setEditing(null); if (changed) { void load(); onChanged?.(); } }} />
      ) : (
        <div>
          <div className="adm-actions adm-top"><button type="button" className="adm-primary" onClick={() => setEditing('new')}>{labels.addSlide}</button></div>
          {!data ? <p>{labels.loading}</p> : data.results.length === 0 ? <p>{labels.noSlides}</p> : (
            <ul className="adm-list">
              {data.results.map((s, i) => {
                const name = `${i + 1}. ${s.title ? `${s.title} · ` : ''}${s.type === 'PRODUCT' ? s.product_name ?? labels.product : s.url ?? '—'}`;
                const deleting = deletion.waiting.has(s.id);
                return (
                  <li key={s.id} aria-busy={deleting || undefined} data-testid="slide-row">
                    {s.hzt_image && <img src={s.hzt_image} alt="" className="adm-thumb-wide" />}
                    <span className="adm-grow">{deleting ? <span className="adm-muted">{name} — {labels.deleting}…</span> : name}</span>
                    {deleting ? <button type="button" onClick={() => deletion.undo(s.id)}>{labels.undo}</button> : (
                      <>
                        <button type="button" disabled={i === 0 || moving} onClick={() => void move(i, -1)} aria-label={fmt(ol.slideUpLabel, { n: i + 1 })}>{ol.slideUp}</button>
                        <button type="button" disabled={i === data.results.length - 1 || moving} onClick={() => void move(i, 1)} aria-label={fmt(ol.slideDownLabel, { n: i + 1 })}>{ol.slideDown}</button>
                        <button type="button" onClick={() => setEditing(s)} aria-label={`${labels.edit} ${i + 1}`}>{labels.edit}</button>
                        <button type="button" className="adm-danger" onClick={() => deletion.start(s.id)} aria-label={`${labels.delete} ${i + 1}`}>{labels.delete}</button>
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

function SlideForm({ api, labels, slide, columns, onDone }: { api: AdminApi; labels: AdminLabels; slide?: Slide; columns: 1 | 2; onDone: (changed: boolean) => void }) {
  const { push } = useToasts();
  const record = usePanelHistory();
  const [type, setType] = useState<'PRODUCT' | 'URL'>(slide?.type ?? 'URL');
  const [url, setUrl] = useState(slide?.url ?? '');
  const [product, setProduct] = useState({ id: slide?.product ?? '', name: slide?.product_name ?? '' });
  const [target, setTarget] = useState(slide?.target ?? 'all');
  const [newWindow, setNewWindow] = useState(slide?.url_target === '_blank');
  const [files, setFiles] = useState<{ hzt?: File; vrt?: File }>({});
  const [failed, setFailed] = useState<{ hzt?: boolean; vrt?: boolean }>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const st = slideTextLabelsOf(labels);
  const [words, setWords] = useState({
    title: slide?.title ?? '', subtitle: slide?.subtitle ?? '', button_label: slide?.button_label ?? '', button_url: slide?.button_url ?? '',
    text_desktop: slide?.text_desktop ?? SLIDE_TEXT_DEFAULTS.desktop, text_phone: slide?.text_phone ?? SLIDE_TEXT_DEFAULTS.phone,
  });
  const setWord = (k: keyof typeof words) => (e: { target: { value: string } }) => setWords((w) => ({ ...w, [k]: e.target.value }));
  const desktop = columns === 2 ? { width: 1100, height: 982 } : { width: 3200, height: 982 };

  const validate = () => {
    const e: Record<string, string> = {};
    if (!slide?.hzt_image && !files.hzt) e.hzt = labels.imageRequired;
    if (!slide?.vrt_image && !files.vrt) e.vrt = labels.imageRequired;
    // An empty link is a slide without a link (action_type 'none'), not a missing field.
    if (type === 'URL') {
      if (url.trim() && !normaliseSlideLink(url, columns)) e.url = labels.invalidCarouselLink;
    } else if (!product.id) e.product = labels.invalidField;
    if (words.button_label.trim() && !words.button_url.trim()) e.button_url = st.slideButtonNeedsLink;
    else if (words.button_url.trim() && !normaliseSlideLink(words.button_url, columns)) e.button_url = labels.invalidCarouselLink;
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
        ...images, type, target, url_target: newWindow ? '_blank' : '_self',
        action_type: type === 'URL' && !url.trim() ? 'none' : 'url',
        url: type === 'URL' ? url.trim() || null : null, product: type === 'PRODUCT' ? product.id : null,
        ...words,
      };
      try {
        await saveItem(api, record, SLIDES, slide as (Slide & Record<string, unknown>) | undefined, body);
      } catch (e) {
        const fields = (e as { fields?: Record<string, unknown> }).fields;
        const codes = (e as { field_codes?: Record<string, string[]> }).field_codes;
        if (codes?.url?.includes('invalid_shop_carousel_link')) { setErrors({ url: labels.invalidCarouselLink }); return; }
        if (fields?.button_url) { setErrors({ button_url: codes?.button_url?.includes('invalid_shop_carousel_link') ? labels.invalidCarouselLink : st.slideButtonNeedsLink }); return; }
        push({ kind: 'error', title: labels.errorTitle, message: serverMessage(e) ?? labels.genericError, ms: ERROR_TOAST_MS });
        return;
      }
      push({ kind: 'success', title: labels.successTitle, message: labels.slideSaved, ms: SUCCESS_TOAST_MS });
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
          <Field label={labels.url} error={errors.url} hint={labels.slideNoLinkHint}>{(p) => <input {...p} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />}</Field>
          <label className="adm-check"><input type="checkbox" checked={newWindow} onChange={(e) => setNewWindow(e.target.checked)} /> {labels.newWindow}</label>
        </>
      ) : (
        <ProductPicker api={api} labels={labels} value={product.id} name={product.name} error={errors.product} onPick={(id, name) => setProduct({ id, name })} />
      )}
      <fieldset className="adm-fieldset">
        <legend className="adm-label">{st.slideWords}</legend>
        <small>{st.slideWordsHint}</small>
        <Field label={st.slideTitle}>{(p) => <input {...p} name="title" value={words.title} maxLength={SLIDE_TITLE_MAX} onChange={setWord('title')} />}</Field>
        <Field label={st.slideSubtitle}>{(p) => <input {...p} name="subtitle" value={words.subtitle} maxLength={SLIDE_SUBTITLE_MAX} onChange={setWord('subtitle')} />}</Field>
        <div className="adm-two">
          <Field label={st.slideButtonLabel}>{(p) => <input {...p} name="button_label" value={words.button_label} maxLength={SLIDE_BUTTON_MAX} onChange={setWord('button_label')} />}</Field>
          <Field label={st.slideButtonUrl} error={errors.button_url}>{(p) => <input {...p} name="button_url" value={words.button_url} onChange={setWord('button_url')} placeholder="https://" />}</Field>
        </div>
        <div className="adm-two">
          <Field label={st.slideTextDesktop}>{(p) => <select {...p} name="text_desktop" value={words.text_desktop} onChange={setWord('text_desktop')}>{SLIDE_TEXT_PLACES.map((x) => <option key={x} value={x}>{st[`slidePlace_${x}`]}</option>)}</select>}</Field>
          <Field label={st.slideTextPhone}>{(p) => <select {...p} name="text_phone" value={words.text_phone} onChange={setWord('text_phone')}>{SLIDE_TEXT_PLACES.map((x) => <option key={x} value={x}>{st[`slidePlace_${x}`]}</option>)}</select>}</Field>
        </div>
      </fieldset>
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
