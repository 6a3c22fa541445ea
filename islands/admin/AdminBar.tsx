// The floating admin side bar (seed 000 §6; issue 4): shown to the shop's admins (and accountant, dispatcher,
// qrreader members); edit actions only for admins. Each modal's code is loaded on demand (React.lazy). Admins also
// open modals and delete catalogues from the page's own markup (data-admin-action, see actions.ts).
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useAdminActions, type PageAction, type ResaleType } from './actions.ts';
import { AdminApi } from './api.ts';
import css from './admin.css?inline';
import type { AdminShop } from './admin-shop.ts';
import { defaultLabels, type AdminLabels } from './labels.ts';
import { BuilderLinkContext, ERROR_TOAST_MS, SUCCESS_TOAST_MS, ToastProvider, useToasts } from './ui.tsx';
import { builderPanelHref, isToolPanel } from '../builder/tool-panels.ts';
import type { ResaleListLabels } from '../resale/labels.ts';

const ColorModal = lazy(() => import('./ColorModal.tsx'));
const PhotoModal = lazy(() => import('./PhotoModal.tsx'));
const SocialModal = lazy(() => import('./SocialModal.tsx'));
const HeaderEditor = lazy(() => import('./HeaderEditor.tsx'));
const CarouselEditor = lazy(() => import('./CarouselEditor.tsx'));
const CataloguesModal = lazy(() => import('./CataloguesModal.tsx'));
const BannersModal = lazy(() => import('./BannersModal.tsx'));
const AddItemsModal = lazy(() => import('./AddItemsModal.tsx'));
const FranchisesModal = lazy(() => import('./FranchisesModal.tsx'));

export type { AdminShop } from './admin-shop.ts';
type ModalId = 'color' | 'photo' | 'social' | 'headers' | 'carousel' | 'banners' | PageAction['modal'];

/** A link of the bar (also the menu apps: orders, collaborators): the ticket scanner ({shop}/admin/boletos, admins and qrreader members), the reseller's workspace ({shop}/apps/me/referral, admins). */
export interface ScanEntry { href: string; label: string }

export default function AdminBar(props: { shop: AdminShop; base: string; isAdmin?: boolean; labels?: Partial<AdminLabels>; resaleLabels?: ResaleListLabels; locale?: string; apiBase?: string; scan?: ScanEntry | null; resell?: ScanEntry | null; apps?: ScanEntry[] }) {
  const labels = { ...defaultLabels, ...props.labels };
  return <ToastProvider closeLabel={labels.close}><style href="adm-admin" precedence="island">{css}</style><Bar {...props} labels={labels} /></ToastProvider>;
}

const reload = () => { window.location.reload(); };

function Bar({ shop, base, isAdmin = true, labels, resaleLabels, locale, apiBase = '', scan = null, resell = null, apps = [] }: { shop: AdminShop; base: string; isAdmin?: boolean; labels: AdminLabels; resaleLabels?: ResaleListLabels; locale?: string; apiBase?: string; scan?: ScanEntry | null; resell?: ScanEntry | null; apps?: ScanEntry[] }) {
  const { push } = useToasts();
  const api = useMemo(() => new AdminApi(shop.slug, apiBase), [shop.slug, apiBase]);
  const [open, setOpen] = useState(false);
  const [modal, setModal] = useState<ModalId | null>(null);
  const [itemsType, setItemsType] = useState<ResaleType>('product');
  const [columns, setColumns] = useState(shop.columns);
  const [colors, setColors] = useState({ color1: shop.color1, color2: shop.color2 });
  const dirty = useRef(false);
  const changed = () => { dirty.current = true; };
  // Editors with several steps reload the page once they close after a change (the server dropped its page cache).
  const close = () => { setModal(null); if (dirty.current) reload(); };
  // The store menu and catalogue cards outside the island (data-admin-action), for admins only.
  useAdminActions(isAdmin, api, labels, (a) => { if (a.modal === 'items') setItemsType(a.type); setModal(a.modal); });
  const share = async () => {
    const url = new URL(`${base}/`, window.location.origin).href;
    try { await navigator.clipboard.writeText(url); push({ kind: 'success', message: labels.linkCopied, ms: SUCCESS_TOAST_MS }); }
    catch { window.prompt(labels.share, url); }
  };
  const setCols = async (n: 1 | 2) => {
    if (n === columns) return;
    try { await api.patchStore({ columns: n }); setColumns(n); reload(); }
    catch { push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS }); }
  };
  const btn = (id: ModalId, text: string, icon: string) => (
    <li><button type="button" onClick={() => setModal(id)} aria-haspopup="dialog"><span className="adm-bar-icon" aria-hidden="true">{icon}</span> <span className="adm-bar-text">{text}</span></button></li>
  );
  return (
    <>
      <nav className={`adm-bar${open ? ' adm-bar-open' : ''}`} aria-label={labels.bar}>
        <button type="button" className="adm-bar-toggle" aria-expanded={open} aria-controls="adm-bar-items" onClick={() => setOpen(!open)}
          aria-label={open ? labels.collapse : labels.expand} title={labels.bar}>
          <span className="adm-bar-icon" aria-hidden="true">{open ? '›' : '⚙'}</span>
        </button>
        <ul id="adm-bar-items" hidden={!open}>
          <li><button type="button" onClick={() => void share()}><span className="adm-bar-icon" aria-hidden="true">⇪</span> <span className="adm-bar-text">{labels.share}</span></button></li>
          {scan && <li><a href={scan.href}><span className="adm-bar-icon" aria-hidden="true">▦</span> <span className="adm-bar-text">{scan.label}</span></a></li>}
          {apps.map((a) => <li key={a.href}><a href={a.href}><span className="adm-bar-icon" aria-hidden="true">›</span> <span className="adm-bar-text">{a.label}</span></a></li>)}
          {isAdmin && resell && <li><a href={resell.href} data-testid="bar-resell"><span className="adm-bar-icon" aria-hidden="true">%</span> <span className="adm-bar-text">{resell.label}</span></a></li>}
          {isAdmin && (
            <>
              {btn('color', labels.color, '◐')}
              {btn('photo', labels.photo, '▣')}
              {btn('headers', labels.headers, '≡')}
              {btn('carousel', labels.carousel, '▤')}
              {btn('banners', labels.banners, '▭')}
              {btn('catalogues', labels.catalogues, '☰')}
              {btn('social', labels.social, '@')}
              {/* A list item cannot take role=group (Nu checker): the group is a div inside it. */}
              <li>
                <div className="adm-cols" role="group" aria-label={labels.columns}>
                  <button type="button" aria-pressed={columns === 1} onClick={() => void setCols(1)}>{labels.oneColumn}</button>
                  <button type="button" aria-pressed={columns === 2} onClick={() => void setCols(2)}>{labels.twoColumns}</button>
                </div>
              </li>
              <li><a href={`${base}/admin/configuracion?showCustomShopToggle=true`}><span className="adm-bar-icon" aria-hidden="true">⚙</span> <span className="adm-bar-text">{labels.config}</span></a></li>
              <li><a href={`${base}/admin/editor`}><span className="adm-bar-icon" aria-hidden="true">✏</span> <span className="adm-bar-text">{labels.builder}</span></a></li>
            </>
          )}
        </ul>
      </nav>
      {/* The editors that are also builder panels link there (issue 15: one place to edit). */}
      <BuilderLinkContext.Provider value={isToolPanel(modal) ? { href: builderPanelHref(base, modal), label: labels.openInBuilder } : null}>
      <Suspense fallback={<div className="adm-backdrop" aria-busy="true"><p className="adm-modal">{labels.loading}</p></div>}>
        {modal === 'color' && <ColorModal api={api} labels={labels} presets={shop.presets} initial={colors} onClose={close} onSaved={(c) => { setColors(c); setModal(null); push({ kind: 'success', title: labels.successTitle, message: labels.colorSaved, ms: SUCCESS_TOAST_MS }); }} />}
        {modal === 'photo' && <PhotoModal api={api} labels={labels} name={shop.name} photo={shop.photo} display={shop.photo_display} onClose={close} onSaved={reload} />}
        {modal === 'social' && <SocialModal api={api} labels={labels} socials={shop.socials} onClose={close} onSaved={reload} />}
        {modal === 'headers' && <HeaderEditor api={api} labels={labels} presets={shop.presets} colors={colors} onClose={close} onChanged={changed} />}
        {modal === 'carousel' && <CarouselEditor api={api} labels={labels} onClose={close} onChanged={changed} />}
        {modal === 'banners' && <BannersModal api={api} labels={labels} onClose={close} onChanged={changed} />}
        {modal === 'catalogues' && <CataloguesModal api={api} base={base} labels={labels} onClose={close} onChanged={changed} />}
        {modal === 'items' && resaleLabels && <AddItemsModal key={itemsType} api={api} labels={labels} listLabels={resaleLabels} base={base} locale={locale} type={itemsType} onClose={close} onChanged={changed} />}
        {modal === 'franchises' && <FranchisesModal api={api} labels={labels} onClose={close} onChanged={changed} />}
      </Suspense>
      </BuilderLinkContext.Provider>
    </>
  );
}
