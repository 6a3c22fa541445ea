// The resale list (issue 26): ONE component for both ways in, the store menu's 'Productos +' window
// (islands/admin/AddItemsModal.tsx) and the reseller's workspace ({shop}/apps/me/referral, server-rendered and
// hydrated as one island). Each row: photo, name (a link unless faded), supplier, price, what the shop earns per
// sale, badges, and its actions (ResaleRowActions: add, remove with the 5 s undo, add to a catalogue). The rules
// (10 a page, sorted by margin, 400 ms search, 5 s undo) are src/domain/resale/schema.ts's; catalogue places
// come back when an item returns to the store (src/domain/resale/repo.ts addToStore).
import ResaleRowActions from './ResaleRowActions.tsx';
import type { ResaleListItem } from './list-item.ts';
import type { ResaleListLabels } from './labels.ts';
import css from './resale.css?inline';

/** The list's styles, carried by the island itself (the store menu's window is loaded on demand, after the page's CSS). */
export const ResaleStyles = () => <style>{css}</style>;

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

export interface ResaleListProps {
  items: ResaleListItem[];
  shopSlug: string;
  catalogues: { id: string; name: string }[];
  /** The workspace address the row forms post to before hydration. */
  action: string;
  labels: ResaleListLabels;
  apiBase?: string;
  /** An item went into or out of the store (the window reloads the page when it closes). */
  onChange?: (id: string, inStore: boolean) => void;
}

export function ResaleRow({ it, shopSlug, catalogues, action, labels, apiBase, onChange }: Omit<ResaleListProps, 'items'> & { it: ResaleListItem }) {
  return (
    <li className={`rs-row${it.faded ? ' faded' : ''}`} data-testid="resale-row" data-product={it.id} data-in-store={String(it.inStore)}
      data-faded={it.faded ? 'true' : undefined}>
      <div className="rs-photo">
        {it.photo ? <img src={it.photo} srcSet={it.photoSrcSet ?? undefined} sizes={it.photoSrcSet ? '64px' : undefined} alt="" width={64} height={64} loading="lazy" decoding="async" />
          : <span aria-hidden="true"></span>}
      </div>
      <div className="rs-info">
        {it.href ? <a className="rs-name" href={it.href}>{it.name}</a> : <strong className="rs-name">{it.name}</strong>}
        {it.supplier && <small className="muted rs-supplier">{fill(labels.by, { name: it.supplier })}</small>}
        <span className="rs-figures">
          <span className="rs-price">{it.price}</span>
          {it.earning !== null && (
            <span className="rs-earning" data-earning={it.earningMinor ?? undefined}>{fill(labels.earning, { amount: it.earning })} <small>{labels.perSale}</small></span>
          )}
          {it.notForResale && <span className="rs-badge" data-testid="not-for-resale">{labels.notForResale}</span>}
          {it.faded && <span className="rs-badge">{labels.unavailable}</span>}
        </span>
      </div>
      {(it.inStore || it.canAdd) && (
        <div className="rs-row-actions">
          <ResaleRowActions shopSlug={shopSlug} productId={it.id} name={it.name} inStore={it.inStore} canAdd={it.canAdd}
            catalogues={catalogues} action={action} labels={labels} apiBase={apiBase} onChange={onChange ? (v) => onChange(it.id, v) : undefined} />
        </div>
      )}
    </li>
  );
}

export default function ResaleList({ items, ...rest }: ResaleListProps) {
  return <><ResaleStyles /><ul className="rs-list">{items.map((it) => <ResaleRow key={it.id} it={it} {...rest} />)}</ul></>;
}
