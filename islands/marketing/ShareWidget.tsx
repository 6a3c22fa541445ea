// The share-campaign widget (issue 14; seed 001 §2, §7): a floating 'Share' button on storefront pages for people who
// may share the shop's pages. Before hydration (or without script) it is a plain form posting to {shop}/compartir,
// which makes the campaign and shows the link; hydrated, it calls POST /api/shops/{slug}/share with the page's title
// and address and shows the answer's encoded_mkt_url with the native share sheet when the browser has one and a copy
// button (the clipboard) otherwise.
import { useEffect, useRef, useState } from 'react';
import IslandForm, { useHydrated } from '../shared/form.tsx';
import { callJson } from '../shared/json-api.ts';
import './share-widget.css';

export interface ShareWidgetLabels {
  button: string; title: string; hint: string; copy: string; copied: string; share: string; close: string; working: string;
  failed: string; campaign: string; linkLabel: string; campaigns: string;
}

interface Props { shopSlug: string; action: string; url: string; name: string; campaignsHref: string; labels: ShareWidgetLabels }

type State = { kind: 'idle' } | { kind: 'working' } | { kind: 'failed' } | { kind: 'made'; link: string; name: string };

export default function ShareWidget({ shopSlug, action, url, name, campaignsHref, labels }: Props) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const canShare = hydrated && typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useEffect(() => { if (state.kind === 'made') input.current?.select(); }, [state]);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    if (state.kind === 'working') return;
    setState({ kind: 'working' });
    setCopied(false);
    try {
      const made = await callJson<{ encoded_mkt_url: string; name: string }>(`/api/shops/${encodeURIComponent(shopSlug)}/share`, 'POST', {
        url: window.location.href, name: document.title || name,
      });
      setState({ kind: 'made', link: made.encoded_mkt_url, name: made.name });
    } catch {
      setState({ kind: 'failed' });
    }
  }

  async function copy(link: string) {
    try { await navigator.clipboard.writeText(link); setCopied(true); } catch { input.current?.select(); }
  }

  const open = state.kind !== 'idle';
  return (
    <div className="share-widget" data-testid="share-widget">
      {open && (
        <div className="sw-panel" role="dialog" aria-labelledby="sw-title" onKeyDown={(e) => { if (e.key === 'Escape') setState({ kind: 'idle' }); }}>
          <div className="sw-head">
            <strong id="sw-title">{labels.title}</strong>
            <button type="button" className="sw-close" aria-label={labels.close} onClick={() => setState({ kind: 'idle' })}>×</button>
          </div>
          {state.kind === 'working' && <p role="status">{labels.working}</p>}
          {state.kind === 'failed' && <p role="alert" className="sw-failed">{labels.failed}</p>}
          {state.kind === 'made' && (
            <>
              <p className="sw-hint">{labels.campaign.replace('{{name}}', state.name)}</p>
              <label className="sw-link">{labels.linkLabel}
                <input ref={input} type="url" readOnly value={state.link} data-testid="share-widget-link" />
              </label>
              <div className="sw-actions">
                {canShare
                  ? <button type="button" className="btn" onClick={() => { navigator.share({ title: state.name, url: state.link }).catch(() => {}); }}>{labels.share}</button>
                  : <button type="button" className="btn" onClick={() => copy(state.link)} data-testid="share-widget-copy">{copied ? labels.copied : labels.copy}</button>}
                <a href={campaignsHref}>{labels.campaigns}</a>
              </div>
              <p className="sw-hint">{labels.hint}</p>
            </>
          )}
        </div>
      )}
      <IslandForm action={action} fields={{ url, name }} onSubmit={hydrated ? create : undefined}>
        <button type="submit" className="sw-button" data-testid="share-widget-button" aria-expanded={open}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18"><path fill="currentColor" d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z" /></svg>
          <span>{labels.button}</span>
        </button>
      </IslandForm>
    </div>
  );
}
