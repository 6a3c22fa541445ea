// 'Write a review' for one delivered item on the buyer's order page (seed 001 §2 review modal: rating, title, text,
// photos). Server-rendered as its button (hydrated on first interaction: client:interaction); the modal is a
// react-hook-form + zod form with a react-dropzone photo picker. Photos upload one by one as they are picked
// (POST /api/reviews/photos), then the review is created (POST /api/reviews) or changed (PATCH /api/reviews/{id});
// the server's refusals land on their fields (rating, title, text, photos) or above the form (not delivered, already
// reviewed). The author may also delete the review from here.
import { Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDropzone, type FileRejection } from 'react-dropzone';
import type { ReviewView } from '../../src/domain/reviews/schema.ts';
import { PHOTO_MAX_BYTES, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../../src/lib/shared/constants.ts';
import { ApiError, MAX_PHOTOS, reviewApi, reviewFormSchema, type ReviewFormInput, type ReviewFormValues } from './form.ts';
import { defaultReviewLabels, fmt, type ReviewLabels } from './labels.ts';
import './reviews.css';
import IslandForm from '../shared/form.tsx';

export interface ReviewProduct { id: string; name: string; photo: string | null; href: string }
export interface ReviewEntryProps { product: ReviewProduct; initial: ReviewView | null; labels?: ReviewLabels }

const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };
const RATINGS = [1, 2, 3, 4, 5] as const;

export default function ReviewEntry({ product, initial, labels = defaultReviewLabels }: ReviewEntryProps) {
  const [review, setReview] = useState<ReviewView | null>(initial);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<{ text: string; link: boolean } | null>(null);
  return (
    <div className="rv-entry" data-product-id={product.id}>
      {review && (
        <p className="rv-entry-mine">
          <span className="rv-entry-stars" aria-hidden="true">{'★'.repeat(review.rating)}<span>{'★'.repeat(5 - review.rating)}</span></span>
          {' '}{fmt(labels.yourRating, { rating: review.rating })}
        </p>
      )}
      <button type="button" className="btn secondary rv-entry-open" aria-haspopup="dialog" onClick={() => { setNotice(null); setOpen(true); }}>
        {review ? labels.edit : labels.write}
      </button>
      <p className="rv-entry-notice" role="status">
        {notice && <>{notice.text}{notice.link && <> <a href={`${product.href}#opiniones`}>{labels.seeOnProduct}</a></>}</>}
      </p>
      {open && (
        <ReviewModal
          product={product} review={review} labels={labels}
          onClose={() => setOpen(false)}
          onSaved={(saved, created) => { setReview(saved); setOpen(false); setNotice({ text: created ? labels.published : labels.updated, link: true }); }}
          onDeleted={() => { setReview(null); setOpen(false); setNotice({ text: labels.deleted, link: false }); }}
        />
      )}
    </div>
  );
}

interface Photo { key: string; id: string | null; url: string | null; preview: string | null }

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]):not([type=hidden]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export function ReviewModal({ product, review, labels, onClose, onSaved, onDeleted }: {
  product: ReviewProduct; review: ReviewView | null; labels: ReviewLabels;
  onClose: () => void; onSaved: (r: ReviewView, created: boolean) => void; onDeleted: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const schema = useMemo(() => reviewFormSchema(labels), [labels]);
  const { register, handleSubmit, setError, watch, formState: { errors, isSubmitting } } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(schema), mode: 'onTouched',
    defaultValues: { rating: review ? String(review.rating) : undefined, title: review?.title ?? '', text: review?.text ?? '' },
  });
  const [photos, setPhotos] = useState<Photo[]>(() => (review?.photos ?? []).map((p) => ({ key: p.id, id: p.id, url: p.url, preview: null })));
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const uploading = photos.some((p) => !p.id);

  // Focus the first control, keep Tab inside, restore focus and page scroll on close.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialog.current?.querySelector<HTMLElement>('input[type=radio]:checked, input[type=radio]')?.focus();
    return () => { document.body.style.overflow = overflow; previous?.focus?.(); };
  }, []);
  // Previews made from picked files are released when the modal goes.
  const previews = useRef<string[]>([]);
  useEffect(() => () => { for (const u of previews.current) URL.revokeObjectURL?.(u); }, []);

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key === 'Escape') { e.stopPropagation(); onClose(); return; }
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el.getClientRects().length > 0 || el === document.activeElement);
    if (!items.length) return;
    const first = items[0]!, last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  };

  const upload = async (file: File) => {
    const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    let preview: string | null = null;
    try { preview = URL.createObjectURL(file); previews.current.push(preview); } catch { /* no object URLs (tests) */ }
    setPhotos((list) => [...list, { key, id: null, url: null, preview }]);
    try {
      const up = await reviewApi.uploadPhoto(file);
      setPhotos((list) => list.map((p) => (p.key === key ? { ...p, id: up.id, url: up.url } : p)));
    } catch (e) {
      setPhotos((list) => list.filter((p) => p.key !== key));
      setPhotoError(e instanceof ApiError && (e.status === 413 || e.status === 415) ? labels.photoRejected : labels.uploadFailed);
    }
  };

  const remaining = MAX_PHOTOS - photos.length;
  const { getRootProps, getInputProps, isDragActive, open: pickFiles } = useDropzone({
    accept: ACCEPT, maxSize: PHOTO_MAX_BYTES, multiple: true, noClick: true, noKeyboard: true, disabled: remaining <= 0,
    onDrop: (accepted: File[], rejected: FileRejection[]) => {
      setPhotoError(null);
      if (rejected.length) setPhotoError(labels.photoRejected);
      if (accepted.length > remaining) setPhotoError(fmt(labels.tooManyPhotos, { max: MAX_PHOTOS }));
      for (const f of accepted.slice(0, Math.max(0, remaining))) void upload(f);
    },
  });

  const submit = async (v: ReviewFormValues) => {
    setFailure(null);
    const body = { rating: v.rating, title: v.title, text: v.text, photos: photos.filter((p) => p.id).map((p) => p.id!) };
    try {
      const saved = review ? await reviewApi.update(review.id, body) : await reviewApi.create({ product_id: product.id, ...body });
      onSaved(saved, !review);
    } catch (e) {
      if (!(e instanceof ApiError)) { setFailure(labels.failed); return; }
      const f = e.fields;
      let onFields = false;
      if (f.rating) { setError('rating', { message: labels.ratingRequired }); onFields = true; }
      if (f.title) { setError('title', { message: fmt(labels.tooLong, { max: REVIEW_TITLE_MAX }) }); onFields = true; }
      if (f.text) { setError('text', { message: fmt(labels.tooLong, { max: REVIEW_TEXT_MAX }) }); onFields = true; }
      if (f.photos) { setPhotoError(f.photos[0] ?? labels.uploadFailed); onFields = true; }
      if (e.status === 403) {
        const why = e.fieldCodes.product_id?.[0];
        setFailure(why === 'not_delivered' ? labels.notDelivered : why === 'not_bought' ? labels.notBought : e.message);
      } else if (e.status === 409) setFailure(labels.alreadyReviewed);
      else if (!onFields) setFailure(e.status >= 400 && e.status < 500 && e.message ? e.message : labels.failed);
    }
  };

  const remove = async () => {
    if (!review) return;
    setDeleting(true);
    setFailure(null);
    try {
      await reviewApi.remove(review.id);
      onDeleted();
    } catch (e) {
      setFailure(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : labels.failed);
      setDeleting(false);
      setConfirming(false);
    }
  };

  const rating = Number(watch('rating')) || 0;
  const titleLen = (watch('title') ?? '').length;
  const textLen = (watch('text') ?? '').length;
  const describe = (name: 'rating' | 'title' | 'text', extra?: string) => {
    const ids = [errors[name] ? `${id}-${name}-error` : null, extra ?? null].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[name] ? true : undefined, ...(ids ? { 'aria-describedby': ids } : {}) };
  };
  const fieldError = (name: 'rating' | 'title' | 'text') => errors[name]?.message
    ? <span id={`${id}-${name}-error`} className="field-error" role="alert">{errors[name]!.message}</span> : null;

  return createPortal(
    <div className="rv-overlay" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div className="rv-modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} ref={dialog} onKeyDown={onKeyDown}>
        <header className="rv-modal-head">
          {product.photo ? <img src={product.photo} alt="" width={48} height={58} className="rv-modal-thumb" /> : null}
          <h2 id={`${id}-title`}>{fmt(labels.modalTitle, { name: product.name })}</h2>
          <button type="button" className="rv-x" aria-label={labels.close} onClick={onClose}>×</button>
        </header>
        <IslandForm className="rv-form" noValidate onSubmit={handleSubmit(submit)}>
          {failure && <p className="rv-failure" role="alert">{failure}</p>}

          <fieldset className="rv-field rv-rating-field" {...(errors.rating ? { 'aria-describedby': `${id}-rating-error` } : {})}>
            <legend>{labels.rating}</legend>
            <div className="rv-rating" data-rating={rating || undefined}>
              {RATINGS.map((n) => (
                <Fragment key={n}>
                  <input type="radio" id={`${id}-r${n}`} value={String(n)} className="rv-rating-input" {...register('rating')} {...describe('rating')} />
                  <label htmlFor={`${id}-r${n}`} className="rv-rating-star" title={labels[`rating${n}`]}>
                    <span aria-hidden="true">★</span><span className="rv-vh">{labels[`star${n}`]} – {labels[`rating${n}`]}</span>
                  </label>
                </Fragment>
              ))}
              <span className="rv-rating-word" aria-hidden="true">{rating ? labels[`rating${rating as 1 | 2 | 3 | 4 | 5}`] : ''}</span>
            </div>
            {fieldError('rating')}
          </fieldset>

          <div className="rv-field">
            <label htmlFor={`${id}-title-input`}>{labels.titleLabel}</label>
            <input id={`${id}-title-input`} type="text" autoComplete="off" placeholder={labels.titlePlaceholder} maxLength={REVIEW_TITLE_MAX + 20}
              {...register('title')} {...describe('title', `${id}-title-count`)} />
            <span className="rv-count" id={`${id}-title-count`}>{fmt(labels.counter, { n: titleLen, max: REVIEW_TITLE_MAX })}</span>
            {fieldError('title')}
          </div>

          <div className="rv-field">
            <label htmlFor={`${id}-text-input`}>{labels.textLabel}</label>
            <textarea id={`${id}-text-input`} rows={5} placeholder={labels.textPlaceholder} maxLength={REVIEW_TEXT_MAX + 100}
              {...register('text')} {...describe('text', `${id}-text-count`)} />
            <span className="rv-count" id={`${id}-text-count`}>{fmt(labels.counter, { n: textLen, max: REVIEW_TEXT_MAX })}</span>
            {fieldError('text')}
          </div>

          <div className="rv-field">
            <span className="rv-label" id={`${id}-photos-label`}>{fmt(labels.photosLabel, { max: MAX_PHOTOS })}</span>
            {photos.length > 0 && (
              <ul className="rv-thumbs" aria-labelledby={`${id}-photos-label`}>
                {photos.map((p, i) => (
                  <li key={p.key} className={p.id ? undefined : 'rv-thumb-busy'}>
                    {(p.url ?? p.preview) ? <img src={(p.url ?? p.preview)!} alt={fmt(labels.photoN, { n: i + 1 })} width={72} height={72} /> : <span className="rv-thumb-empty" />}
                    {p.id
                      ? <button type="button" className="rv-thumb-x" aria-label={fmt(labels.removePhoto, { n: i + 1 })} onClick={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}>×</button>
                      : <span className="rv-thumb-note" role="status">{labels.uploading}</span>}
                  </li>
                ))}
              </ul>
            )}
            {remaining > 0 && (
              <div {...getRootProps({ className: `rv-drop${isDragActive ? ' rv-drop-active' : ''}` })}>
                <input {...getInputProps({ 'aria-labelledby': `${id}-photos-label` })} data-testid="review-photo-input" />
                <span>{labels.dropzone}</span>
                <button type="button" className="btn secondary rv-pick" onClick={pickFiles}>{labels.choosePhotos}</button>
              </div>
            )}
            {photoError && <span className="field-error" role="alert">{photoError}</span>}
          </div>

          {confirming ? (
            <div className="rv-confirm" role="group" aria-label={labels.delete}>
              <p>{labels.confirmDelete}</p>
              <div className="rv-actions">
                <button type="button" className="btn rv-danger" disabled={deleting} onClick={() => void remove()}>{labels.confirmDeleteYes}</button>
                <button type="button" className="btn secondary" disabled={deleting} onClick={() => setConfirming(false)}>{labels.cancel}</button>
              </div>
            </div>
          ) : (
            <div className="rv-actions">
              <button type="submit" className="btn" disabled={isSubmitting || uploading}>{isSubmitting ? labels.saving : review ? labels.save : labels.submit}</button>
              <button type="button" className="btn secondary" onClick={onClose}>{labels.cancel}</button>
              {review && <button type="button" className="link-button rv-delete" onClick={() => setConfirming(true)}>{labels.delete}</button>}
            </div>
          )}
        </IslandForm>
      </div>
    </div>,
    document.body,
  );
}
