// The visual theme builder at {shop}/admin/editor: template and pack selectors, the section list (drag and
// keyboard reordering, add, hide, remove), a generated settings form, undo/redo, debounced auto-saved draft with a
// live server-rendered preview, and publishing with the server's per-field messages.
// Texts come from the page in the visitor's language (labels.ts has the Spanish defaults); section and setting
// names come translated from the theme API.
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { AdminShop } from '../admin/AdminBar.tsx';
import type { AdminLabels } from '../admin/labels.ts';
import { isToolPanel, TOOL_PANELS, type ToolPanel } from './tool-panels.ts';
import { ApiError, themeApi } from './api.ts';
import { addSection, moveSection, removeSection, sectionsOf, setSetting, toggleSection } from './doc.ts';
import { historyReducer, initHistory } from './history.ts';
import { previewUrl, samplePaths, STATIC_PATHS, type PreviewPaths } from './preview.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { ThemeSettingsPanel } from './ThemeSettingsPanel.tsx';
import { defaultThemeLabels, ThemeLabelsContext, type ThemeLabels } from './theme-labels.ts';
import { themeSettingsCss } from '../../src/themes/theme-settings.ts';
import type { Breakpoint, Tokens } from '../../src/themes/schema.ts';
import { SectionList } from './SectionList.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { BuilderLabelsContext, defaultBuilderLabels, fmt, type BuilderLabels } from './labels.ts';
import { EDITABLE_PAGES, type SectionTypeInfo, type SettingValue, type ThemeDocument, type ThemeIssue, type ThemeState } from './types.ts';
import { fieldsForPage } from './validate.ts';
import './builder.css';

export const AUTOSAVE_MS = 800;
const AdminPanels = lazy(() => import('./AdminPanels.tsx'));

interface Props {
  slug: string;
  /** The storefront's base path: `/demo-03` in path mode, '' on the shop's own host. */
  base: string;
  shopName?: string;
  /** Texts in the page's language (the Spanish defaults fill any gap). */
  labels?: Partial<BuilderLabels>;
  /** The shop's editors (header, carousel, …) as panels; without them the builder shows sections only. */
  adminShop?: AdminShop;
  adminLabels?: Partial<AdminLabels>;
  /** `?panel=<name>` of the address: the builder opens at that panel ('theme': the theme settings). */
  initialPanel?: string | null;
  /** Texts of the theme settings panel and the breakpoint switch (area themeSettings). */
  themeLabels?: Partial<ThemeLabels>;
  /** The shop's own colour scheme (its dark-mode flag), shown when the theme does not choose one. */
  shopScheme?: 'light' | 'dark';
}

type Status = { kind: 'idle' | 'saving' | 'saved' | 'publishing' | 'published' | 'error' | 'conflict'; text?: string };
/** Server messages of the last failed publish: section id -> setting id ('_' for the section itself) -> messages. */
type SectionErrors = Record<string, Record<string, string[]>>;

const emptyDoc: ThemeDocument = { pack: '', settings: {}, tokens: {}, templates: {} };

export default function Builder({ slug, base, shopName, labels, adminShop, adminLabels, initialPanel, themeLabels, shopScheme = 'light' }: Props) {
  const L = useMemo<BuilderLabels>(() => ({ ...defaultBuilderLabels, ...labels }), [labels]);
  const T = useMemo<ThemeLabels>(() => ({ ...defaultThemeLabels, ...themeLabels }), [themeLabels]);
  const api = useMemo(() => themeApi(slug), [slug]);
  const [state, setState] = useState<ThemeState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [history, dispatch] = useReducer(historyReducer, emptyDoc, initHistory);
  const doc = history.present;
  const version = useRef(0);
  const saved = useRef<ThemeDocument | null>(null);
  const [warnings, setWarnings] = useState<ThemeIssue[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [page, setPage] = useState<string>('home');
  const [selected, setSelected] = useState<string | null>(null);
  const [sectionErrors, setSectionErrors] = useState<SectionErrors>({});
  const [otherErrors, setOtherErrors] = useState<ThemeIssue[]>([]);
  const [paths, setPaths] = useState<PreviewPaths>(STATIC_PATHS);
  const [catalogues, setCatalogues] = useState<{ id: string; name: string; slug: string }[]>([]);
  const [nonce, setNonce] = useState(0);
  const [device, setDevice] = useState<Breakpoint>('desktop');
  const [themeOpen, setThemeOpen] = useState(initialPanel === 'theme');
  const [adding, setAdding] = useState('');
  const [tool, setTool] = useState<ToolPanel | null>(adminShop && isToolPanel(initialPanel) ? initialPanel : null);
  const openTool = useCallback((p: ToolPanel | 'theme' | null) => {
    setTool(p === 'theme' ? null : p);
    setThemeOpen(p === 'theme');
    // The address says which panel is open, so a reload or a shared link comes back to it.
    const u = new URL(window.location.href);
    if (p) u.searchParams.set('panel', p); else u.searchParams.delete('panel');
    window.history.replaceState(null, '', u);
  }, []);
  const reloadPreview = useCallback(() => setNonce((n) => n + 1), []);
  const pageRef = useRef(page);
  pageRef.current = page;

  const load = useCallback(async () => {
    const s = await api.load();
    setState(s);
    version.current = s.draft_version;
    saved.current = s.draft;
    setWarnings(s.warnings);
    dispatch({ type: 'reset', doc: s.draft });
    setNonce((n) => n + 1);
  }, [api]);

  useEffect(() => {
    load().catch((e: Error) => setLoadError(e.message));
    samplePaths(api).then(setPaths).catch(() => {});
    api.catalogues().then((r) => setCatalogues(r.results)).catch(() => {});
  }, [api, load]);

  const types = useMemo(() => new Map<string, SectionTypeInfo>((state?.section_types ?? []).map((t) => [t.type, t])), [state]);
  const pack = state?.packs.find((p) => p.id === doc.pack);

  // ---- saving ----
  const saveNow = useCallback(async (d: ThemeDocument): Promise<boolean> => {
    if (d === saved.current) return true;
    setStatus({ kind: 'saving', text: L.saving });
    try {
      const r = await api.saveDraft(d, version.current);
      version.current = r.draft_version;
      saved.current = d;
      setWarnings(r.warnings);
      setStatus({ kind: 'saved', text: L.saved });
      setNonce((n) => n + 1);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setStatus({ kind: 'conflict', text: L.conflict });
        await load().catch(() => {});
      } else {
        const err = e as ApiError;
        setStatus({ kind: 'error', text: fmt(L.notSaved, { message: Object.keys(err.fields ?? {}).length ? L.fixFields : err.message }) });
        if (err.fields) showFields(err.fields, d);
      }
      return false;
    }
  }, [api, load, L]);

  useEffect(() => {
    if (!state || doc === saved.current) return;
    const t = setTimeout(() => { void saveNow(doc); }, AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [doc, state, saveNow]);

  /** Server field paths -> messages beside the right section and setting. */
  function showFields(fields: Record<string, string[]>, d: ThemeDocument) {
    const page = pageRef.current;
    const bySection: SectionErrors = {};
    const other: ThemeIssue[] = [];
    for (const p of EDITABLE_PAGES.concat(['cart', 'blog'] as never[])) {
      const list = sectionsOf(d, p);
      for (const f of fieldsForPage(fields, p)) {
        const s = list[f.index];
        if (!s) continue;
        (bySection[s.id] ??= {})[f.setting ?? '_'] = f.messages;
      }
    }
    for (const [path, messages] of Object.entries(fields)) {
      if (!/^templates\.\w+\.sections\[\d+\]/.test(path) || !path.startsWith(`templates.${page}.`)) other.push({ path, message: messages.join('; ') });
    }
    setSectionErrors(bySection);
    setOtherErrors(other);
    const first = sectionsOf(d, page)[fieldsForPage(fields, page)[0]?.index ?? -1];
    if (first) setSelected(first.id);
  }

  const publish = async () => {
    if (!(await saveNow(doc))) return;
    setStatus({ kind: 'publishing', text: L.publishing });
    setSectionErrors({}); setOtherErrors([]);
    try {
      const r = await api.publish(version.current);
      setState((s) => (s ? { ...s, theme_pack: r.theme_pack, published: r.published } : s));
      setStatus({ kind: 'published', text: L.published });
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 409) { setStatus({ kind: 'conflict', text: L.conflict }); await load().catch(() => {}); return; }
      setStatus({ kind: 'error', text: fmt(L.notPublished, { message: Object.keys(err.fields ?? {}).length ? L.fixFields : err.message }) });
      showFields(err.fields ?? {}, doc);
    }
  };

  const discard = async () => {
    if (!confirm(L.confirmDiscard)) return;
    try {
      const r = await api.discard();
      version.current = r.draft_version; saved.current = r.draft; setWarnings(r.warnings);
      dispatch({ type: 'reset', doc: r.draft }); setNonce((n) => n + 1);
      setStatus({ kind: 'saved', text: L.discarded });
    } catch (e) { setStatus({ kind: 'error', text: (e as Error).message }); }
  };

  // ---- undo / redo by keyboard (text fields keep their own undo) ----
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT' && !['checkbox', 'range', 'button'].includes((t as HTMLInputElement).type)))) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { e.preventDefault(); dispatch({ type: 'undo' }); }
      else if ((k === 'z' && e.shiftKey) || k === 'y') { e.preventDefault(); dispatch({ type: 'redo' }); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A click on a section in the preview (src/components/builder/PreviewBridge.astro) selects it here, and the
  // preview outlines the section selected here (also after each reload, when it says it is ready).
  const frame = useRef<HTMLIFrameElement>(null);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const tellPreview = (id: string | null) => frame.current?.contentWindow?.postMessage({ type: 'builder:selected', id }, window.location.origin);
  useEffect(() => { tellPreview(selected); }, [selected]);
  // Theme settings show in the preview at once (the same CSS the server renders after the auto-save).
  const packTokens = (state?.packs.find((p) => p.id === history.present.pack) as { tokens?: Tokens } | undefined)?.tokens;
  const tokensRef = useRef({ css: '', scheme: undefined as string | undefined });
  tokensRef.current = { css: packTokens ? themeSettingsCss(packTokens, history.present.tokens, shopScheme === 'dark') : '', scheme: history.present.tokens?.scheme };
  const tellTokens = () => frame.current?.contentWindow?.postMessage({ type: 'builder:tokens', ...tokensRef.current }, window.location.origin);
  useEffect(() => { tellTokens(); }, [history.present.tokens, packTokens]);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      const m = e.data as { type?: unknown; id?: unknown } | null;
      if (m?.type === 'builder:preview-ready') { tellPreview(selectedRef.current); tellTokens(); return; }
      if (m?.type !== 'builder:select-section' || typeof m.id !== 'string') return;
      const id = m.id;
      if (!sectionsOf(history.present, pageRef.current).some((s) => s.id === id)) return;
      openTool(null);
      setSelected(id);
      requestAnimationFrame(() => document.querySelector(`.bf-row[data-section-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest' }));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [history.present, openTool]);

  // Leaving with changes the auto-save has not sent yet asks first.
  useEffect(() => {
    const onLeave = (e: BeforeUnloadEvent) => { if (history.present !== saved.current && state) e.preventDefault(); };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [history.present, state]);

  if (loadError) return <div className="bf-root bf-fatal" role="alert">{fmt(L.loadFailed, { message: loadError })}</div>;
  if (!state) return <div className="bf-root bf-fatal" aria-busy="true">{L.loading}</div>;

  const sections = sectionsOf(doc, page);
  const current = sections.find((s) => s.id === selected) ?? null;
  const change = (d: ThemeDocument) => dispatch({ type: 'change', doc: d });
  const addable = [...types.values()].filter((t) => t.enabledOn.includes(page) && !(t.unique && sections.some((s) => s.type === t.type)));
  const errorIds = new Set(Object.keys(sectionErrors));
  const pageWarnings = warnings.filter((w) => !w.path.startsWith('templates.') || w.path.startsWith(`templates.${page}.`) );
  const dirty = doc !== saved.current;
  /** An issue's path in words: 'templates.home.sections[2].settings.columns' -> 'Home › Products › Columns on desktop:'. */
  const place = (path: string): string => {
    const m = /^templates\.(\w+)\.sections\[(\d+)\](?:\.settings\.([\w@-]+))?/.exec(path);
    if (m) {
      const s = sectionsOf(doc, m[1]!)[Number(m[2])];
      const def = s ? types.get(s.type) : undefined;
      const setting = m[3] ? def?.settings.find((x) => x.id === m[3].split('@')[0])?.label ?? m[3] : null;
      return [pageLabel(L, m[1]!), def?.name ?? s?.id ?? `#${Number(m[2]) + 1}`, setting].filter(Boolean).join(' › ') + ':';
    }
    const tok = /^tokens\.(\w+)$/.exec(path);
    if (tok) return `${T.title} › ${tok[1]}:`;
    const own = /^settings\.([\w-]+)$/.exec(path);
    return own ? `${L.themeSettings} › ${own[1]}:` : `${path}:`;
  };

  return (
    <BuilderLabelsContext.Provider value={L}>
    <ThemeLabelsContext.Provider value={T}>
    <div className="bf-root">
      <header className="bf-top">
        <a className="bf-back" href={`${base}/`}>← {shopName ?? slug}</a>
        <strong className="bf-title">{L.title}</strong>
        <div className="bf-actions">
          <button type="button" className="bf-btn" onClick={() => dispatch({ type: 'undo' })} disabled={!history.past.length} aria-keyshortcuts="Control+Z" title={L.undoHint}>↶ {L.undo}</button>
          <button type="button" className="bf-btn" onClick={() => dispatch({ type: 'redo' })} disabled={!history.future.length} aria-keyshortcuts="Control+Shift+Z" title={L.redoHint}>↷ {L.redo}</button>
          <span className={`bf-status bf-${status.kind}`} role="status" aria-live="polite">{dirty && status.kind !== 'saving' ? L.unsaved : status.text ?? ''}</span>
          <button type="button" className="bf-btn" onClick={() => void saveNow(doc)} disabled={!dirty}>{L.saveDraft}</button>
          <button type="button" className="bf-btn bf-ghost" onClick={() => void discard()}>{L.discard}</button>
          <button type="button" className="bf-btn bf-primary" onClick={() => void publish()} disabled={status.kind === 'publishing'}>{L.publish}</button>
        </div>
      </header>
      <div className="bf-main">
        <aside className="bf-panel" aria-label={L.panel}>
          {tool && adminShop ? (
            <>
              <button type="button" className="bf-btn bf-back-btn" onClick={() => openTool(null)}>← {L.backToSections}</button>
              <Suspense fallback={<p aria-busy="true">{L.toolLoading}</p>}>
                <AdminPanels key={tool} panel={tool} shop={adminShop} base={base} labels={adminLabels} savedLabel={L.toolSaved}
                  onClose={() => openTool(null)} onChanged={reloadPreview} />
              </Suspense>
            </>
          ) : themeOpen ? (
            <>
              <button type="button" className="bf-btn bf-back-btn" onClick={() => openTool(null)}>← {T.back}</button>
              <ThemeSettingsPanel value={doc.tokens ?? {}} pack={packTokens} shopScheme={shopScheme} onChange={(tokens) => change({ ...doc, tokens })} />
            </>
          ) : (<>
          <button type="button" className="bf-btn bf-open-theme" data-panel="theme" onClick={() => openTool('theme')}>{T.open}</button>
          {adminShop && (
            <nav className="bf-tools" aria-label={L.tools}>
              <h2 className="bf-h">{L.tools}</h2>
              <ul>
                {TOOL_PANELS.map((p) => (
                  <li key={p}><button type="button" className="bf-btn bf-small" data-panel={p} onClick={() => openTool(p)}>{toolName(adminLabels, p)}</button></li>
                ))}
              </ul>
            </nav>
          )}
          <div className="bf-row2">
            <label className="bf-field">{L.template}
              <select value={page} onChange={(e) => { setPage(e.target.value); setSelected(null); }}>
                {EDITABLE_PAGES.filter((p) => state.page_types.includes(p)).map((p) => <option key={p} value={p}>{pageLabel(L, p)}</option>)}
              </select>
            </label>
            <label className="bf-field">{L.pack}
              <select value={doc.pack} onChange={(e) => change({ ...doc, pack: e.target.value })}>
                {state.packs.map((p) => <option key={p.id} value={p.id}>{p.name} ({p.id}){p.id === state.theme_pack ? ` · ${L.packPublished}` : ''}</option>)}
              </select>
            </label>
          </div>
          {doc.pack !== state.theme_pack && (
            <p className="bf-note">{fmt(L.previewNote, { pack: pack?.name ?? doc.pack, published: state.theme_pack })}</p>
          )}
          {(pageWarnings.length > 0) && (
            <details className="bf-warnings" open={doc.pack !== state.theme_pack}>
              <summary>{fmt(L.warnings, { count: pageWarnings.length })}</summary>
              <ul>{pageWarnings.map((w, i) => <li key={i}><strong>{place(w.path)}</strong> {w.message}</li>)}</ul>
            </details>
          )}
          {otherErrors.length > 0 && (
            <div className="bf-error-box" role="alert">
              <ul>{otherErrors.map((w, i) => <li key={i}><strong>{place(w.path)}</strong> {w.message}</li>)}</ul>
            </div>
          )}
          <h2 className="bf-h">{L.sections}</h2>
          <SectionList
            sections={sections}
            types={types}
            selected={selected}
            errors={errorIds}
            onSelect={(id) => setSelected(id === selected ? null : id)}
            onMove={(from, to) => change(moveSection(doc, page, from, to))}
            onToggle={(id) => change(toggleSection(doc, page, id))}
            onRemove={(id) => { change(removeSection(doc, page, id)); if (selected === id) setSelected(null); }}
          />
          <div className="bf-add">
            <label className="bf-field">{L.addSection}
              <select value={adding} onChange={(e) => setAdding(e.target.value)}>
                <option value="">—</option>
                {addable.map((t) => <option key={t.type} value={t.type}>{t.name}</option>)}
              </select>
            </label>
            <button type="button" className="bf-btn" disabled={!adding} onClick={() => {
              const r = addSection(doc, page, adding);
              change(r.doc); setSelected(r.id); setAdding('');
            }}>{L.add}</button>
          </div>
          {current && (
            <SettingsForm
              section={current}
              def={types.get(current.type)}
              packDefaults={(pack?.sections?.[current.type]?.defaults ?? {}) as Record<string, SettingValue>}
              onChange={(k, v) => change(setSetting(doc, page, current.id, k, v))}
              device={device}
              onDevice={setDevice}
              serverFields={sectionErrors[current.id] ?? {}}
              api={api}
              catalogues={catalogues}
            />
          )}
          </>)}
        </aside>
        <PreviewPane ref={frame} device={device} onDevice={setDevice} src={previewUrl(base, paths[page] ?? '/', nonce)} frameKey={`${page}-${nonce}`} />
      </div>
    </div>
    </ThemeLabelsContext.Provider>
    </BuilderLabelsContext.Provider>
  );
}

/** A panel's name as the side bar shows it (admin texts, area adminUi). */
const toolName = (A: Partial<AdminLabels> | undefined, p: ToolPanel) => (A as Record<string, string> | undefined)?.[p] ?? p;

const pageLabel = (L: BuilderLabels, page: string) => (L as Record<string, string>)[`page_${page}`] ?? page;
