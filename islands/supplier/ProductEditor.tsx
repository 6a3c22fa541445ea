// The supplier's product editor (issue 11; seed 001 §3 product fields): create a product, a service or an experience
// at /apps/me/products/create, /services/create, /experiences/create, and edit any at /apps/me/products/{id}.
// react-hook-form checks the form with productInput, the endpoint's own schema, before anything is sent (a margin at
// or above the price never leaves the browser); the server's field errors land next to their fields. Money is typed
// in major units and sent in minor units. Inert until hydrated (IslandForm). Loaded only on those supplier pages.
import '../admin/admin.css';
import '../blog/blog-editor.css';
import './supplier.css';
import { useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { productInput, PRODUCT_NAME_MAX, PRODUCT_PLAIN_DESCRIPTION_MAX, PRODUCT_SLUG_MAX, PRODUCT_TAG_MAX, PRODUCT_TAGS_MAX, type ProductType, type SupplierProductView } from '../../src/domain/products/schema.ts';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS, ToastProvider, WARNING_TOAST_MS, useToasts } from '../admin/ui.tsx';
import type { BlogLabels } from '../blog/labels.ts';
import RichText, { useBlogEditor } from '../blog/RichText.tsx';
import IslandForm from '../shared/form.tsx';
import { SupplierApi, fieldLists, isApiError } from './api.ts';
import Chips from './Chips.tsx';
import { EditorCtx, errorTextAt, useEditor, useSp, type FieldName, type FormOutput, type FormValues } from './context.ts';
import ExperienceFields from './ExperienceFields.tsx';
import { CheckField, Field, NumberField, describedBy } from './fields.tsx';
import { makeSupplierT, messageText, type SupplierTexts } from './i18n.ts';
import PhotosField from './PhotosField.tsx';
import PricingFields from './PricingFields.tsx';
import { translatedZodResolver } from './resolver.ts';
import StockFields from './StockFields.tsx';
import { initialValues, requestBody, slugFrom } from './values.ts';
import VariantsField from './VariantsField.tsx';

export interface ProductEditorProps {
  texts: SupplierTexts;
  /** The rich-text toolbar's texts (the blog editor's). */
  richLabels: BlogLabels;
  /** The type of a new item; an edited one keeps its own. */
  type: ProductType;
  product?: SupplierProductView | null;
  /** The supplier's currency, for a new item. */
  currency?: string;
  /** The product list (/apps/me/products); an item's page is `${listUrl}/{id}`. */
  listUrl?: string;
  /** For tests: API origin and navigation. */
  apiBase?: string;
  navigate?: (url: string) => void;
}

/** Fields shown for each type; a server error about another lands in the list under the form. */
const shownFor = (type: ProductType) => new Set<string>([
  'name', 'slug', 'photos', 'plain_description', 'list_price', 'crossout_price', 'hide_price', 'is_free', 'currency', 'is_dropshipping',
  'contribution_margin', 'variants', 'variant_stock', 'tags', 'stock_type', 'stock_on_hand', 'max_purchase_amount', 'list_state', 'hiden',
  ...(type === 'product' ? ['weight_g', 'length_cm', 'width_cm', 'height_cm'] : []),
  ...(type === 'experience' ? ['experience_date', 'experience_place', 'experience_capacity', 'attendee_fields'] : []),
]);

export default function ProductEditor(props: ProductEditorProps) {
  const t = useMemo(() => makeSupplierT(props.texts), [props.texts]);
  const api = useMemo(() => new SupplierApi(props.apiBase ?? ''), [props.apiBase]);
  return (
    <EditorCtx.Provider value={{ t, api }}>
      <ToastProvider closeLabel={t('supplierProducts.close')}>
        <EditorForm {...props} />
      </ToastProvider>
    </EditorCtx.Provider>
  );
}

function EditorForm({ richLabels, type: newType, product: initial = null, currency = 'MXN', listUrl = '/apps/me/products', navigate = (u) => window.location.assign(u) }: ProductEditorProps) {
  const sp = useSp();
  const { t, api } = useEditor();
  const { push } = useToasts();
  const [product, setProduct] = useState(initial);
  const type = product?.type ?? newType;
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: translatedZodResolver(productInput, t), defaultValues: initialValues(type, product, currency), mode: 'onSubmit', reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setError, setValue, control, formState: { isSubmitting, errors } } = form;
  const editor = useBlogEditor({ html: initial?.description ?? '', json: null }, richLabels);
  const [photosBusy, setPhotosBusy] = useState(false);
  const [richUploading, setRichUploading] = useState(false);
  const [other, setOther] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const perVariantInitially = useRef((initial?.variant_stock.length ?? 0) > 0).current;
  const [name, slug, listState] = useWatch({ control, name: ['name', 'slug', 'list_state'] });
  const nameError = errorTextAt(errors, 'name', t);
  const slugError = errorTextAt(errors, 'slug', t);
  const plainError = errorTextAt(errors, 'plain_description', t);
  const tagsError = errorTextAt(errors, 'tags', t, true);
  const shown = shownFor(type);

  const uploadInText = async (file: File): Promise<string | null> => {
    setRichUploading(true);
    try { return (await api.upload(file)).url; }
    catch { push({ kind: 'error', title: sp('errorTitle'), message: sp('photoFailed'), ms: ERROR_TOAST_MS }); return null; }
    finally { setRichUploading(false); }
  };

  const save = async (v: FormOutput) => {
    setOther([]);
    try {
      const saved = product ? await api.update(product.id, requestBody(v)) : await api.create(requestBody(v));
      if (!product) {
        push({ kind: 'success', title: sp('successTitle'), message: sp('created'), ms: SUCCESS_TOAST_MS });
        navigate(`${listUrl}/${encodeURIComponent(saved.id)}?created=1`);
        return;
      }
      setProduct(saved);
      form.reset(initialValues(saved.type, saved, saved.currency));
      push({ kind: 'success', title: sp('successTitle'), message: sp('saved'), ms: SUCCESS_TOAST_MS });
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.status === 0) { push({ kind: 'warning', title: sp('warningTitle'), message: sp('networkError'), ms: WARNING_TOAST_MS }); return; }
      const rest: string[] = [];
      for (const [field, list] of fieldLists(e)) {
        const message = list.map((m) => messageText(t, m)).join(' ');
        if (shown.has(field.split('.')[0]!)) setError(field as FieldName, { type: 'server', message });
        else rest.push(`${fieldName(field)}: ${message}`);
      }
      setOther(rest);
      const fallback = e.status === 401 ? sp('signedOut') : e.status === 400 ? sp('fixFields') : sp('saveFailed');
      push({ kind: e.status === 400 ? 'warning' : 'error', title: e.status === 400 ? sp('warningTitle') : sp('errorTitle'), message: e.message ?? fallback, ms: e.status === 400 ? WARNING_TOAST_MS : ERROR_TOAST_MS });
    }
  };
  const invalid = () => push({ kind: 'error', title: sp('errorTitle'), message: sp('fixFields'), ms: ERROR_TOAST_MS });
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    if (editor) setValue('description', editor.isEmpty ? '' : editor.getHTML());
    return handleSubmit(save, invalid)(e);
  };
  const fieldName = (path: string) => {
    const top = path.split('.')[0]!;
    return t.has(`supplierProducts.field-${top}`) ? sp(`field-${top}`) : path;
  };

  const remove = async () => {
    if (!product) return;
    setDeleting(true);
    setDeleteProblem(null);
    try {
      await api.remove(product.id);
      navigate(`${listUrl}?deleted=1`);
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.code === 'product_has_orders' || e.status === 409) setDeleteProblem(sp('deleteHasOrders'));
      else push({ kind: 'error', title: sp('errorTitle'), message: e.status === 0 ? sp('networkError') : e.message ?? sp('saveFailed'), ms: ERROR_TOAST_MS });
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };

  const busy = isSubmitting || photosBusy || richUploading || deleting;
  const address = slug || slugFrom(name ?? '');
  return (
    <FormProvider {...form}>
      <IslandForm className="sp-editor" onSubmit={submit} noValidate aria-busy={isSubmitting}>
        <div className="sp-editor-main">
          <section className="sp-box" aria-labelledby="sp-h-basics">
            <h2 id="sp-h-basics">{sp('sectionBasics')}</h2>
            <Field id="sp-name" label={sp('field-name')} error={nameError}>
              <input id="sp-name" className="sp-name-input" autoComplete="off" maxLength={PRODUCT_NAME_MAX + 20} {...describedBy('sp-name', nameError)} {...register('name')} />
            </Field>
            <Field id="sp-slug" label={sp('field-slug')} error={slugError} hint={address ? sp('slugPreview', { slug: address }) : sp('slugHint')}>
              <input id="sp-slug" autoComplete="off" maxLength={PRODUCT_SLUG_MAX + 20} placeholder={slugFrom(name ?? '')} {...describedBy('sp-slug', slugError, true)}
                {...register('slug', { setValueAs: (v: unknown) => (typeof v === 'string' ? v.trim() : v) })} />
            </Field>
          </section>
          <section className="sp-box" aria-labelledby="sp-h-photos">
            <h2 id="sp-h-photos">{sp('photos')}</h2>
            <PhotosField onBusy={setPhotosBusy} />
          </section>
          <section className="sp-box" aria-labelledby="sp-h-description">
            <h2 id="sp-h-description">{sp('sectionDescription')}</h2>
            <Field id="sp-plain" label={sp('field-plain_description')} error={plainError} hint={sp('plainHint')}>
              <textarea id="sp-plain" rows={3} maxLength={PRODUCT_PLAIN_DESCRIPTION_MAX + 100} {...describedBy('sp-plain', plainError, true)} {...register('plain_description')} />
            </Field>
            <div className="sp-field">
              <span className="sp-label" id="sp-rich-label">{sp('field-description')}</span>
              <RichText editor={editor} labels={richLabels} onUpload={uploadInText} uploading={richUploading} />
            </div>
          </section>
          <section className="sp-box" aria-labelledby="sp-h-price">
            <h2 id="sp-h-price">{sp('sectionPrice')}</h2>
            <PricingFields />
          </section>
          <section className="sp-box" aria-labelledby="sp-h-variants">
            <h2 id="sp-h-variants">{sp('sectionVariants')}</h2>
            <VariantsField />
          </section>
          <section className="sp-box" aria-labelledby="sp-h-stock">
            <h2 id="sp-h-stock">{sp('sectionStock')}</h2>
            <StockFields perVariantInitially={perVariantInitially} />
          </section>
          {type === 'product' && (
            <section className="sp-box" aria-labelledby="sp-h-shipping">
              <h2 id="sp-h-shipping">{sp('sectionShipping')}</h2>
              <p className="sp-hint">{sp('shippingHint')}</p>
              <div className="sp-row sp-row-4">
                <NumberField name="weight_g" label={sp('field-weight_g')} min={1} />
                <NumberField name="length_cm" label={sp('field-length_cm')} min={1} />
                <NumberField name="width_cm" label={sp('field-width_cm')} min={1} />
                <NumberField name="height_cm" label={sp('field-height_cm')} min={1} />
              </div>
            </section>
          )}
          {type === 'experience' && (
            <section className="sp-box" aria-labelledby="sp-h-experience">
              <h2 id="sp-h-experience">{sp('sectionExperience')}</h2>
              <ExperienceFields />
            </section>
          )}
        </div>
        <aside className="sp-editor-side">
          <section className="sp-box" aria-labelledby="sp-h-visibility">
            <h2 id="sp-h-visibility">{sp('sectionVisibility')}</h2>
            <p className="sp-type">{sp('typeIs', { type: sp(`type-${type}`) })}</p>
            <Controller control={control} name="list_state" render={({ field }) => (
              <label className="blog-switch">
                <input type="checkbox" role="switch" checked={field.value === 'published'} ref={field.ref}
                  onChange={(e) => field.onChange(e.target.checked ? 'published' : 'unpublished')} onBlur={field.onBlur} />
                <span className="blog-switch-track" aria-hidden="true" />
                <span>{sp('publishSwitch')}</span>
              </label>
            )} />
            <small className="sp-hint">{listState === 'published' ? sp('publishedHint') : sp('unpublishedHint')}</small>
            <CheckField name="hiden" label={sp('field-hiden')} hint={sp('hiddenHint')} />
            {product && <p className="sp-hint">{sp('inStores', { count: product.in_stores })}</p>}
            {product && product.list_state === 'published' && !product.hiden && <a href={product.url}>{sp('viewInStore')}</a>}
          </section>
          <section className="sp-box" aria-labelledby="sp-h-tags">
            <h2 id="sp-h-tags">{sp('field-tags')}</h2>
            <Controller control={control} name="tags" render={({ field }) => (
              <Chips inputId="sp-tags" values={(field.value ?? []) as string[]} onChange={field.onChange} label={sp('tagsLabel')} addLabel={sp('addTag')}
                removeLabel={(v) => sp('removeTag', { tag: v })} max={PRODUCT_TAGS_MAX} maxLength={PRODUCT_TAG_MAX} error={tagsError || undefined} />
            )} />
          </section>
        </aside>
        {other.length > 0 && <ul className="sp-server-errors" role="alert">{other.map((m) => <li key={m}>{m}</li>)}</ul>}
        {deleteProblem && <p className="sp-server-errors" role="alert">{deleteProblem}</p>}
        <div className="sp-editor-actions">
          {product && !confirming && <button type="button" className="btn secondary sp-danger" onClick={() => setConfirming(true)} disabled={busy}>{sp('delete')}</button>}
          {product && confirming && (
            <span className="sp-confirm" role="group" aria-label={sp('confirmDelete')}>
              <span>{sp('confirmDelete')}</span>
              <button type="button" className="btn sp-danger-solid" onClick={() => void remove()} disabled={busy}>{sp('confirmDeleteYes')}</button>
              <button type="button" className="btn secondary" onClick={() => setConfirming(false)} disabled={deleting}>{sp('cancel')}</button>
            </span>
          )}
          <span className="sp-grow" />
          <a className="btn secondary" href={listUrl}>{sp('backToList')}</a>
          <button type="submit" className="btn" disabled={busy}>{isSubmitting ? sp('saving') : product ? sp('save') : sp('create')}</button>
        </div>
      </IslandForm>
    </FormProvider>
  );
}

