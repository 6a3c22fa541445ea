// The shop's admin editors (header, carousel, banners, colours, photo, social links, catalogues) as panels of the
// theme builder: the same components the storefront's side bar opens as modals, rendered inline
// (InlineModalContext). Each save or change reloads the builder's live preview; each live save or delete is also
// handed to the builder's undo/redo as a command (PanelHistoryContext), and every panel says its changes are live.
// Loaded on demand by Builder.tsx, inside the builder's toasts.
import { Suspense, lazy, useMemo } from 'react';
import { AdminApi } from '../admin/api.ts';
import { defaultLabels, type AdminLabels } from '../admin/labels.ts';
import { InlineModalContext, PanelNoticeContext, SUCCESS_TOAST_MS, useToasts } from '../admin/ui.tsx';
import { PanelHistoryContext, type RecordCommand } from '../admin/panel-history.ts';
import { refreshShop } from '../admin/panel-commands.ts';
import type { AdminShop } from '../admin/AdminBar.tsx';
import { type ToolPanel } from './tool-panels.ts';

const ColorModal = lazy(() => import('../admin/ColorModal.tsx'));
const PhotoModal = lazy(() => import('../admin/PhotoModal.tsx'));
const SocialModal = lazy(() => import('../admin/SocialModal.tsx'));
const HeaderEditor = lazy(() => import('../admin/HeaderEditor.tsx'));
const CarouselEditor = lazy(() => import('../admin/CarouselEditor.tsx'));
const CataloguesModal = lazy(() => import('../admin/CataloguesModal.tsx'));
const BannersModal = lazy(() => import('../admin/BannersModal.tsx'));

interface Props {
  panel: ToolPanel;
  /** The slide or banner to open the form of (a click on it in the preview, or its pencil on the storefront). */
  item?: string | null;
  shop: AdminShop;
  base: string;
  labels?: Partial<AdminLabels>;
  /** Back to the section list. */
  onClose: () => void;
  /** Something was saved on the server: the preview reloads. */
  onChanged: () => void;
  /** The toast after a photo or social-links save (those editors have none of their own). */
  savedLabel: string;
  /** The panels' 'live' notice (saved at once, no Publish). */
  notice: string;
  /** Records a live save as an undoable command in the builder's history. */
  onCommand: RecordCommand;
}

export default function AdminPanels(props: Props) {
  const labels = useMemo(() => ({ ...defaultLabels, ...props.labels }), [props.labels]);
  return (
    <InlineModalContext.Provider value={true}>
      <PanelNoticeContext.Provider value={props.notice}>
        <PanelHistoryContext.Provider value={props.onCommand}>
          <Suspense fallback={<p aria-busy="true">{labels.loading}</p>}>
            <Panel {...props} labels={labels} />
          </Suspense>
        </PanelHistoryContext.Provider>
      </PanelNoticeContext.Provider>
    </InlineModalContext.Provider>
  );
}

function Panel({ panel, item, shop, base, labels, onClose, onChanged, savedLabel }: Props & { labels: AdminLabels }) {
  const { push } = useToasts();
  const api = useMemo(() => new AdminApi(shop.slug, ''), [shop.slug]);
  const saved = () => { void refreshShop(shop); onChanged(); push({ kind: 'success', title: labels.successTitle, message: savedLabel, ms: SUCCESS_TOAST_MS }); };
  switch (panel) {
    case 'color':
      return <ColorModal api={api} labels={labels} presets={shop.presets} initial={{ color1: shop.color1, color2: shop.color2 }} onClose={onClose}
        onSaved={(c) => { shop.color1 = c.color1; shop.color2 = c.color2; onChanged(); push({ kind: 'success', title: labels.successTitle, message: labels.colorSaved, ms: SUCCESS_TOAST_MS }); }} />;
    case 'photo':
      return <PhotoModal api={api} labels={labels} name={shop.name} photo={shop.photo} display={shop.photo_display} onClose={onClose} onSaved={saved} />;
    case 'social':
      return <SocialModal api={api} labels={labels} socials={shop.socials} onClose={onClose} onSaved={saved} />;
    case 'headers':
      return <HeaderEditor api={api} labels={labels} presets={shop.presets} colors={{ color1: shop.color1, color2: shop.color2 }} onClose={onClose} onChanged={onChanged} initialItem={item} />;
    case 'carousel':
      return <CarouselEditor api={api} labels={labels} onClose={onClose} onChanged={onChanged} initialItem={item} />;
    case 'banners':
      return <BannersModal api={api} labels={labels} onClose={onClose} onChanged={onChanged} initialItem={item} />;
    case 'catalogues':
      return <CataloguesModal api={api} base={base} labels={labels} onClose={onClose} onChanged={onChanged} />;
  }
}
