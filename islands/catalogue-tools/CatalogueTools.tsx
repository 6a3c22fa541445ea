// The catalogue page's tools (issue 13), hydrated only for the viewers who may use them (src/components/catalogue/
// ToolsMount.astro): the shop's admins get a bar with add products, order and remove, and edit the catalogue;
// admins of a shop of the same network (the root store's included) get 'duplicate catalogue', which forks it into
// their shop, waits 3.5 s (seed 001 §4) and goes to the copy. Each modal's code loads on demand.
import { lazy, Suspense, useMemo, useState } from 'react';
import { FORK_WAIT_MS, type ForkResult } from '../../src/domain/catalogue-tools/schema.ts';
import { AdminApi } from '../admin/api.ts';
import css from '../admin/admin.css?inline';
import type { AdminLabels } from '../admin/labels.ts';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, ToastProvider, useToasts } from '../admin/ui.tsx';
import type { ToolCatalogue } from './AddProductsModal.tsx';
import toolsCss from './tools.css?inline';

// One text child: two ({css}{toolsCss}) are rendered on the server with a '<!-- -->' between them, which inside a
// <style> is text, so the hydrating client found other text there (React #418 on every catalogue page for admins).
const STYLES = css + toolsCss;
import { defaultToolLabels, fmt, type ToolLabels } from './labels.ts';

const AddProductsModal = lazy(() => import('./AddProductsModal.tsx'));
const OrganiseModal = lazy(() => import('./OrganiseModal.tsx'));
const EditCatalogueModal = lazy(() => import('./EditCatalogueModal.tsx'));
const NetworkModal = lazy(() => import('./NetworkModal.tsx'));

/** A shop the viewer administers that may fork this catalogue, with the address its catalogues live under. */
export interface ForkTarget { slug: string; name: string; base: string }

export interface CatalogueToolsProps {
  /** The shop showing the catalogue. */
  shop: string;
  catalogue: ToolCatalogue;
  /** The viewer administers this shop: add, order, remove, edit. */
  isAdmin: boolean;
  forkTargets: ForkTarget[];
  /** The shop sits in an affinity network: its admins may copy the other network shops' catalogues. */
  inNetwork?: boolean;
  /** The shop's address prefix ('' or '/{slug}'). */
  base?: string;
  labels?: Partial<ToolLabels>;
  adminLabels: AdminLabels;
  locale?: string;
  apiBase?: string;
}

export default function CatalogueTools(props: CatalogueToolsProps) {
  const labels = { ...defaultToolLabels, ...props.labels };
  return <ToastProvider closeLabel={labels.close}><style href="adm-catalogue-tools" precedence="island">{STYLES}</style><Bar {...props} labels={labels} /></ToastProvider>;
}

const reloadPage = () => { window.location.reload(); };
type ModalId = 'add' | 'organise' | 'edit' | 'fork' | 'network';

function Bar({ shop, catalogue, isAdmin, forkTargets, inNetwork = false, base = '', labels, adminLabels, locale, apiBase = '' }: CatalogueToolsProps & { labels: ToolLabels }) {
  const api = useMemo(() => new AdminApi(shop, apiBase), [shop, apiBase]);
  const [modal, setModal] = useState<ModalId | null>(null);
  const closeWith = (changed: boolean) => { setModal(null); if (changed) reloadPage(); };
  return (
    <>
      <nav className="ct-bar" aria-label={labels.toolbar} data-bottom-bar="">
        {isAdmin && <>
          <button type="button" onClick={() => setModal('add')}>{labels.addProducts}</button>
          <button type="button" onClick={() => setModal('organise')}>{labels.organise}</button>
          <button type="button" onClick={() => setModal('edit')}>{labels.editCatalogue}</button>
          {inNetwork && <button type="button" onClick={() => setModal('network')}>{labels.network}</button>}
        </>}
        {forkTargets.length > 0 && <button type="button" onClick={() => setModal('fork')}>{labels.duplicate}</button>}
      </nav>
      <Suspense fallback={null}>
        {modal === 'add' && <AddProductsModal api={api} labels={labels} locale={locale} catalogue={catalogue} onClose={closeWith} reload={reloadPage} />}
        {modal === 'organise' && <OrganiseModal api={api} labels={labels} locale={locale} catalogue={catalogue} onClose={closeWith} />}
        {modal === 'network' && <NetworkModal api={api} labels={labels} locale={locale} base={base} onClose={() => setModal(null)} />}
        {modal === 'edit' && <EditCatalogueModal api={api} labels={labels} adminLabels={adminLabels} catalogue={catalogue} onClose={closeWith} />}
      </Suspense>
      {modal === 'fork' && <ForkModal labels={labels} catalogue={catalogue} targets={forkTargets} apiBase={apiBase} onClose={() => setModal(null)} />}
    </>
  );
}

function ForkModal({ labels, catalogue, targets, apiBase, onClose }: { labels: ToolLabels; catalogue: ToolCatalogue; targets: ForkTarget[]; apiBase: string; onClose: () => void }) {
  const { push } = useToasts();
  const [target, setTarget] = useState(targets[0]!.slug);
  const [busy, setBusy] = useState(false);
  const fork = async () => {
    const to = targets.find((t) => t.slug === target);
    if (!to || busy) return;
    setBusy(true);
    try {
      const made = await new AdminApi(to.slug, apiBase).call<ForkResult>('POST', '/admin/catalogues/fork', { origin_id: catalogue.id });
      push({ kind: 'success', message: labels.forked, ms: SUCCESS_TOAST_MS });
      // Seed 001 §4: forking waits 3.5 s, then the admin lands on the copy.
      setTimeout(() => { window.location.assign(`${to.base}/catalogos/${encodeURIComponent(made.slug)}`); }, FORK_WAIT_MS);
    } catch {
      setBusy(false);
      push({ kind: 'error', title: labels.errorTitle, message: labels.forkError, ms: ERROR_TOAST_MS });
    }
  };
  return (
    <Modal title={fmt(labels.forkTitle, { name: catalogue.name })} onClose={() => { if (!busy) onClose(); }} closeLabel={labels.close}>
      <div className="adm-form">
        <p>{labels.forkHint}</p>
        <Field label={labels.forkInto}>{(p) => (
          <select {...p} value={target} onChange={(e) => setTarget(e.target.value)} disabled={busy}>
            {targets.map((t) => <option key={t.slug} value={t.slug}>{t.name}</option>)}
          </select>
        )}</Field>
        {busy && <p className="ct-adding" role="alert" aria-busy="true">{labels.forking}</p>}
        <div className="adm-actions">
          <button type="button" onClick={onClose} disabled={busy}>{labels.cancel}</button>
          <button type="button" className="adm-primary" onClick={() => void fork()} disabled={busy}>{labels.forkConfirm}</button>
        </div>
      </div>
    </Modal>
  );
}
