// One form control per setting type. Each keeps what the admin typed locally and commits it to the draft only
// when it passes checkSetting; otherwise the message is shown and the draft keeps its last valid value.
import { useEffect, useId, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import type { ThemeApi } from './api.ts';
import type { SettingDef, SettingValue } from './types.ts';
import { fmt, useLabels } from './labels.ts';
import { checkSetting } from './validate.ts';

export interface FieldProps {
  def: SettingDef;
  value: SettingValue | undefined;
  /** The value the section shows when it has none of its own (type default). */
  fallback: SettingValue | undefined;
  onCommit: (v: SettingValue) => void;
  serverMessages?: string[];
  api: ThemeApi;
  catalogues: { id: string; name: string; slug: string }[];
}

const toText = (v: SettingValue | undefined) => (v === null || v === undefined ? '' : String(v));

/** Local text state that follows the committed value (undo/redo) unless the admin is mid-edit on an invalid one. */
function useLocal(value: SettingValue | undefined): [string, (s: string) => void] {
  const [text, setText] = useState(toText(value));
  useEffect(() => { setText(toText(value)); }, [value]);
  return [text, setText];
}

function Shell({ def, id, error, children }: { def: SettingDef; id: string; error: string | null; children: React.ReactNode }) {
  return (
    <div className={`bf-field${error ? ' bf-invalid' : ''}`} data-setting={def.id}>
      <label htmlFor={id}>{def.label}{def.required ? ' *' : ''}</label>
      {children}
      {def.info && <small className="bf-info">{def.info}</small>}
      {error && <p className="bf-error" role="alert" id={`${id}-err`}>{error}</p>}
    </div>
  );
}

export function SettingField(p: FieldProps) {
  const { def, value, fallback, onCommit, serverMessages } = p;
  const L = useLabels();
  const id = useId();
  const [text, setText] = useLocal(value);
  const [local, setLocal] = useState<string | null>(null);
  const shown = value === undefined || value === null ? fallback : value;
  // The server's refusal, said in the page's language when our own check finds the same fault in the value.
  const error = local ?? (serverMessages?.length ? (checkSetting(def, value, L) ?? serverMessages.join('; ')) : null);
  const aria = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-err` : undefined };

  /** Parse, check, commit when valid. */
  const take = (raw: string, parse: (s: string) => SettingValue = (s) => s) => {
    setText(raw);
    const v = raw === '' ? null : parse(raw);
    const msg = checkSetting(def, v, L);
    setLocal(msg);
    if (!msg) onCommit(v);
  };
  const num = (s: string) => (s.trim() === '' ? null : Number(s));

  switch (def.type) {
    case 'textarea':
    case 'richtext':
      return <Shell def={def} id={id} error={error}><textarea {...aria} rows={def.type === 'richtext' ? 6 : 3} value={text} maxLength={def.maxLength ? def.maxLength + 1 : undefined} placeholder={toText(fallback)} onChange={(e) => take(e.target.value)} /></Shell>;
    case 'number':
      return <Shell def={def} id={id} error={error}><input {...aria} type="number" min={def.min} max={def.max} step={def.step ?? 'any'} value={text} placeholder={toText(fallback)} onChange={(e) => take(e.target.value, num)} /></Shell>;
    case 'range': {
      const n = typeof shown === 'number' ? shown : Number(def.min ?? 0);
      return (
        <Shell def={def} id={id} error={error}>
          <div className="bf-range">
            <input type="range" aria-label={fmt(L.slider, { name: def.label })} min={def.min} max={def.max} step={def.step ?? 1} value={n} onChange={(e) => take(e.target.value, num)} />
            <input {...aria} type="number" className="bf-range-num" step={def.step ?? 1} value={text === '' ? toText(shown) : text} onChange={(e) => take(e.target.value, num)} />
          </div>
        </Shell>
      );
    }
    case 'checkbox':
      return (
        <div className="bf-field bf-check" data-setting={def.id}>
          <label><input type="checkbox" checked={shown === true} onChange={(e) => onCommit(e.target.checked)} /> {def.label}</label>
          {error && <p className="bf-error" role="alert">{error}</p>}
        </div>
      );
    case 'select':
    case 'colorScheme': {
      const options = def.type === 'select' ? def.options ?? [] : [{ value: 'light', label: L.scheme_light }, { value: 'dark', label: L.scheme_dark }, { value: 'accent', label: L.scheme_accent }];
      return (
        <Shell def={def} id={id} error={error}>
          <select {...aria} value={toText(shown)} onChange={(e) => take(e.target.value)}>
            {!def.required && <option value="">—</option>}
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </Shell>
      );
    }
    case 'color':
      return (
        <Shell def={def} id={id} error={error}>
          <div className="bf-color">
            <HexColorPicker color={typeof shown === 'string' && /^#[0-9a-f]{6}$/i.test(shown) ? shown : '#ffffff'} onChange={(c) => take(c)} />
            <input {...aria} type="text" value={text} placeholder={toText(fallback) || '#1a2b3c'} maxLength={7} onChange={(e) => take(e.target.value)} />
          </div>
        </Shell>
      );
    case 'image':
      return <ImageField {...p} id={id} text={text} error={error} take={take} aria={aria} />;
    case 'url':
      return <Shell def={def} id={id} error={error}><input {...aria} type="text" inputMode="url" value={text} placeholder={toText(fallback) || '/catalogos'} onChange={(e) => take(e.target.value)} /></Shell>;
    case 'product':
      return <ProductField {...p} id={id} text={text} error={error} take={take} aria={aria} />;
    case 'catalogue':
      return (
        <Shell def={def} id={id} error={error}>
          <select {...aria} value={text} onChange={(e) => take(e.target.value)}>
            <option value="">—</option>
            {p.catalogues.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            {text && !p.catalogues.some((c) => c.id === text) && <option value={text}>{text}</option>}
          </select>
        </Shell>
      );
    default:
      return <Shell def={def} id={id} error={error}><input {...aria} type="text" value={text} placeholder={toText(fallback)} onChange={(e) => take(e.target.value)} /></Shell>;
  }
}

type Extra = { id: string; text: string; error: string | null; take: (raw: string) => void; aria: Record<string, unknown> };

function ImageField({ def, api, id, text, error, take, aria }: FieldProps & Extra) {
  const L = useLabels();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Shell def={def} id={id} error={error ?? failed}>
      <div className="bf-image">
        {text.startsWith('/media/') && <img src={text} alt="" />}
        <input {...aria} type="text" value={text} placeholder="/media/..." onChange={(e) => take(e.target.value)} />
        <label className="bf-btn bf-small">
          {busy ? L.uploading : L.upload}
          <input type="file" accept="image/jpeg,image/png,image/svg+xml,image/webp" hidden disabled={busy} onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setBusy(true); setFailed(null);
            try { take((await api.upload(file)).url); } catch (err) { setFailed((err as Error).message); } finally { setBusy(false); }
          }} />
        </label>
      </div>
    </Shell>
  );
}

function ProductField({ def, api, id, text, error, take, aria }: FieldProps & Extra) {
  const L = useLabels();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (q.trim().length < 2) { setResults([]); return; }
    const t = setTimeout(() => { api.searchProducts(q.trim()).then((r) => setResults(r.results.slice(0, 8))).catch(() => setResults([])); }, 300);
    return () => clearTimeout(t);
  }, [q, api]);
  return (
    <Shell def={def} id={id} error={error}>
      <input {...aria} type="text" value={text} placeholder="id" onChange={(e) => take(e.target.value)} />
      <input type="search" aria-label={fmt(L.productSearch, { name: def.label })} placeholder={L.productSearchPlaceholder} value={q} onChange={(e) => setQ(e.target.value)} />
      {results.length > 0 && (
        <ul className="bf-results">
          {results.map((r) => <li key={r.id}><button type="button" onClick={() => { take(r.id); setQ(''); }}>{r.name}</button></li>)}
        </ul>
      )}
    </Shell>
  );
}
