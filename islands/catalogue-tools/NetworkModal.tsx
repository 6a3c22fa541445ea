// Copy a catalogue of the network into this shop (issue 13; seed 001 §2, §4, §7 root store catalogues): the other
// network shops' catalogues (the root store first, 50 a fetch, name search debounced 400 ms); 'Duplicate' forks one,
// waits 3.5 s and goes to the copy.
import { useEffect, useState } from 'react';
import { FORK_WAIT_MS, NETWORK_CATALOGUES_LIMIT, SEARCH_DEBOUNCE_MS, type ForkResult, type NetworkCatalogue } from '../../src/domain/catalogue-tools/schema.ts';
import { formatNumber } from '../../src/lib/shared/intl.ts';
import type { AdminApi } from '../admin/api.ts';
import { ADMIN_SEARCH_MAX, useDebounced, type Page } from '../admin/infinite.tsx';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, useToasts } from '../admin/ui.tsx';
import { fmt, type ToolLabels } from './labels.ts';

export default function NetworkModal({ api, labels, locale, base, onClose }: { api: AdminApi; labels: ToolLabels; locale?: string; base: string; onClose: () => void }) {
  const { push } = useToasts();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [list, setList] = useState<NetworkCatalogue[] | null>(null);
  const [forking, setForking] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setList(null);
    const q = new URLSearchParams({ limit: String(NETWORK_CATALOGUES_LIMIT) });
    if (query) q.set('text', query);
    api.get<Page<NetworkCatalogue>>(`/admin/catalogues/network?${q}`).then((r) => { if (live) setList(r.results); }, () => { if (live) setList([]); });
    return () => { live = false; };
  }, [api, query]);
  const fork = async (c: NetworkCatalogue) => {
    if (forking) return;
    setForking(c.id);
    try {
      const made = await api.call<ForkResult>('POST', '/admin/catalogues/fork', { origin_id: c.id });
      push({ kind: 'success', message: labels.forked, ms: SUCCESS_TOAST_MS });
      setTimeout(() => { window.location.assign(`${base}/catalogos/${encodeURIComponent(made.slug)}`); }, FORK_WAIT_MS);
    } catch {
      setForking(null);
      push({ kind: 'error', title: labels.errorTitle, message: labels.forkError, ms: ERROR_TOAST_MS });
    }
  };
  return (
    <Modal title={labels.networkTitle} onClose={() => { if (!forking) onClose(); }} closeLabel={labels.close} wide>
      <p className="adm-muted">{labels.forkHint}</p>
      <Field label={labels.search}>{(p) => <input {...p} type="search" maxLength={ADMIN_SEARCH_MAX} value={text} onChange={(e) => setText(e.target.value)} disabled={!!forking} />}</Field>
      {forking && <p className="ct-adding" role="alert" aria-busy="true">{labels.forking}</p>}
      <ul className="adm-list adm-scroll adm-top" style={{ maxHeight: 400, marginTop: 10 }}>
        {!list && <li className="adm-muted">{labels.loading}</li>}
        {list && list.length === 0 && <li className="adm-muted">{labels.networkEmpty}</li>}
        {(list ?? []).map((c) => (
          <li key={c.id} data-testid="network-catalogue">
            {c.photo ? <img src={c.photo} alt="" className="adm-thumb-sm" loading="lazy" /> : <span className="adm-thumb-sm" aria-hidden="true" />}
            <span className="adm-grow">{c.name}<br /><small>{fmt(labels.networkShop, { shop: c.shop_name, count: formatNumber(c.num_products, locale) })}</small></span>
            <button type="button" className="adm-primary" disabled={!!forking} aria-label={`${labels.forkConfirm} ${c.name} · ${c.shop_name}`} onClick={() => void fork(c)}>{labels.forkConfirm}</button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
