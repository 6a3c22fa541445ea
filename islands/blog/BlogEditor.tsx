// The blog entry editor (seed 001 §2, §4, §5, §8): create at {shop}/blogs/crear, edit at {shop}/blogs/{id}/editar.
// Title (required, at most 150), tags, cover image (an upload; 1000 x 600 jpg recommended), the publish switch and
// the rich text. The fields are checked with the domain's zod schema before sending; the server's field errors
// are shown under their fields. Save returns to the read-only entry, Cancel too. Loaded only on those two admin
// pages, so no shopper ever downloads the editor.
import '../admin/admin.css';
import './blog-editor.css';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { blogFormSchema, splitTags, type BlogDoc, type BlogForm } from '../../src/domain/blog/schema.ts';
import { BLOG_TITLE_MAX } from '../../src/lib/shared/constants.ts';
import { AdminApi, type ApiError } from '../admin/api.ts';
import ImageDrop from '../admin/ImageDrop.tsx';
import type { AdminLabels } from '../admin/labels.ts';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS, ToastProvider, WARNING_TOAST_MS, useToasts } from '../admin/ui.tsx';
import { defaultBlogLabels, type BlogLabels } from './labels.ts';
import RichText, { useBlogEditor } from './RichText.tsx';
import IslandForm from '../shared/form.tsx';

/** After this long without an answer, the 'it may take a bit longer' warning shows (seed 001 §8). */
export const SLOW_SAVE_MS = 3000;

export interface BlogEditorEntry {
  id: string;
  title: string;
  tags: string[];
  image: string | null;
  list_state: 'published' | 'unpublished';
  content: string;
  content_json: BlogDoc | null;
}

export interface BlogEditorProps {
  /** The shop's slug (API calls) and link prefix ('' or '/{slug}'). */
  slug: string;
  base: string;
  /** The entry being edited; absent when creating. */
  entry?: BlogEditorEntry | null;
  labels?: BlogLabels;
  /** For tests: API origin and navigation. */
  apiBase?: string;
  navigate?: (url: string) => void;
}

const FIELDS = ['title', 'tags', 'image', 'list_state', 'content', 'content_json'] as const;

export default function BlogEditor(props: BlogEditorProps) {
  const labels = props.labels ?? defaultBlogLabels;
  return (
    <ToastProvider closeLabel={labels.close}>
      <EditorForm {...props} labels={labels} />
    </ToastProvider>
  );
}

function EditorForm({ slug, base, entry = null, labels, apiBase = '', navigate = (u) => window.location.assign(u) }: BlogEditorProps & { labels: BlogLabels }) {
  const api = useRef(new AdminApi(slug, apiBase)).current;
  const { push } = useToasts();
  const [uploading, setUploading] = useState(false);
  const [coverFailed, setCoverFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const editor = useBlogEditor({ html: entry?.content ?? '', json: entry?.content_json ?? null }, labels);
  const {
    register, handleSubmit, setError, setValue, watch, formState: { errors, isSubmitting },
  } = useForm<BlogForm>({
    resolver: zodResolver(blogFormSchema({ titleRequired: labels.titleRequired, titleTooLong: labels.titleTooLong, tagsInvalid: labels.tagsInvalid })),
    defaultValues: { title: entry?.title ?? '', tags: (entry?.tags ?? []).join(', '), image: entry?.image ?? null, published: entry?.list_state === 'published' },
  });
  const image = watch('image');
  const published = watch('published');
  const viewUrl = entry ? `${base}/blogs/${entry.id}` : `${base}/blogs`;

  const upload = async (file: File): Promise<string | null> => {
    setUploading(true);
    try { return (await api.upload(file)).url; }
    catch { push({ kind: 'error', title: labels.errorTitle, message: labels.galleryError, ms: ERROR_TOAST_MS }); return null; }
    finally { setUploading(false); }
  };

  const save = async (v: BlogForm) => {
    setServerErrors([]);
    const body = {
      title: v.title, tags: splitTags(v.tags), image: v.image, list_state: v.published ? 'published' : 'unpublished',
      content: editor?.getHTML() ?? entry?.content ?? '', content_json: editor?.getJSON() ?? entry?.content_json ?? null,
    };
    const slow = setTimeout(() => push({ kind: 'warning', title: labels.warningTitle, message: labels.slowServer, ms: WARNING_TOAST_MS }), SLOW_SAVE_MS);
    try {
      const saved = await api.call<{ id: string }>(entry ? 'PATCH' : 'POST', entry ? `/admin/blogs/${entry.id}` : '/admin/blogs', body);
      push({ kind: 'success', title: labels.successTitle, message: labels.saved, ms: SUCCESS_TOAST_MS });
      navigate(`${base}/blogs/${saved.id}?guardado=1`);
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 0) { push({ kind: 'warning', title: labels.warningTitle, message: labels.networkError, ms: WARNING_TOAST_MS }); return; }
      const other: string[] = [];
      for (const [field, list] of Object.entries(err.fields ?? {})) {
        const message = Array.isArray(list) ? list.join(', ') : String(list);
        const target = field === 'list_state' ? 'published' : field.startsWith('content') ? null : field;
        if (target && (FIELDS as readonly string[]).includes(field)) setError(target as keyof BlogForm, { type: 'server', message });
        else other.push(`${field}: ${message}`);
      }
      setServerErrors(other);
      if (err.status === 400) push({ kind: 'warning', title: labels.warningTitle, message: err.message ?? labels.incompleteRequest, ms: WARNING_TOAST_MS });
      else push({ kind: 'error', title: labels.errorTitle, message: err.message ?? labels.networkError, ms: ERROR_TOAST_MS });
    } finally {
      clearTimeout(slow);
    }
  };
  const invalid = (errs: typeof errors) => {
    if (errs.title) push({ kind: 'error', title: labels.errorTitle, message: labels.titleRequired, ms: ERROR_TOAST_MS });
  };
  const remove = async () => {
    if (!entry) return;
    setDeleting(true);
    try {
      await api.call('DELETE', `/admin/blogs/${entry.id}`);
      push({ kind: 'success', title: labels.successTitle, message: labels.deleted, ms: SUCCESS_TOAST_MS });
      navigate(`${base}/blogs`);
    } catch (e) {
      push({ kind: 'error', title: labels.errorTitle, message: (e as ApiError).message ?? labels.networkError, ms: ERROR_TOAST_MS });
      setDeleting(false);
      setConfirming(false);
    }
  };

  const dropLabels = { dropzone: labels.dropzone, imageRejected: labels.imageRejected } as AdminLabels;
  const busy = isSubmitting || uploading || deleting;
  return (
    <IslandForm className="blog-editor" onSubmit={handleSubmit(save, invalid)} noValidate aria-busy={isSubmitting}>
      <div className="blog-editor-main">
        <div className="blog-field">
          <label htmlFor="blog-title">{labels.fieldTitle}</label>
          <input id="blog-title" className="blog-title-input" maxLength={BLOG_TITLE_MAX + 20} autoComplete="off" {...register('title')}
            aria-invalid={!!errors.title} aria-describedby={errors.title ? 'blog-title-error' : undefined} />
          {errors.title && <small id="blog-title-error" className="blog-error" role="alert">{errors.title.message}</small>}
        </div>
        <div className="blog-field">
          <span className="blog-label" id="blog-content-label">{labels.fieldContent}</span>
          <RichText editor={editor} labels={labels} onUpload={upload} uploading={uploading} />
        </div>
      </div>
      <aside className="blog-editor-side">
        <div className="blog-field blog-switch-field">
          <label className="blog-switch">
            <input type="checkbox" role="switch" {...register('published')} aria-describedby={published ? undefined : 'blog-publish-hint'} />
            <span className="blog-switch-track" aria-hidden="true" />
            <span>{labels.publishSwitch}</span>
          </label>
          {!published && <small id="blog-publish-hint" className="muted">{labels.draftHint}</small>}
          {errors.published && <small className="blog-error" role="alert">{errors.published.message}</small>}
        </div>
        <div className="blog-field blog-cover">
          <ImageDrop labels={dropLabels} label={labels.fieldCover} preview={image} failed={coverFailed || !!errors.image}
            hint={labels.coverHint}
            onFile={async (f) => {
              setCoverFailed(false);
              const url = await upload(f);
              if (url) setValue('image', url, { shouldDirty: true, shouldValidate: true }); else setCoverFailed(true);
            }} />
          {image && <button type="button" className="blog-link-button" onClick={() => setValue('image', null, { shouldDirty: true })}>{labels.removeCover}</button>}
          {errors.image && <small className="blog-error" role="alert">{errors.image.message}</small>}
        </div>
        <div className="blog-field">
          <label htmlFor="blog-tags">{labels.fieldTags}</label>
          <input id="blog-tags" autoComplete="off" {...register('tags')} aria-invalid={!!errors.tags} aria-describedby={errors.tags ? 'blog-tags-error' : undefined} />
          {errors.tags && <small id="blog-tags-error" className="blog-error" role="alert">{errors.tags.message}</small>}
        </div>
      </aside>
      {serverErrors.length > 0 && (
        <ul className="blog-server-errors" role="alert">{serverErrors.map((m) => <li key={m}>{m}</li>)}</ul>
      )}
      <div className="blog-editor-actions" data-bottom-bar="">
        {entry && !confirming && <button type="button" className="btn secondary blog-danger" onClick={() => setConfirming(true)} disabled={busy}>{labels.delete}</button>}
        {entry && confirming && (
          <span className="blog-confirm" role="group" aria-label={labels.confirmDelete}>
            <span>{labels.confirmDelete}</span>
            <button type="button" className="btn blog-danger-solid" onClick={() => void remove()} disabled={busy}>{labels.confirmDeleteYes}</button>
            <button type="button" className="btn secondary" onClick={() => setConfirming(false)} disabled={deleting}>{labels.cancel}</button>
          </span>
        )}
        <span className="blog-grow" />
        <a className="btn secondary" href={viewUrl}>{labels.cancel}</a>
        <button type="submit" className="btn" disabled={busy}>{isSubmitting ? labels.saving : labels.save}</button>
      </div>
    </IslandForm>
  );
}
