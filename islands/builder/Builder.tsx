// The visual theme builder at {shop}/admin/editor: template and pack selectors, the section list (drag and
// keyboard reordering, add, hide, remove), a generated settings form, undo/redo, and ONE save model (issue 27):
// every edit is live with undo. A section, setting, pack or theme change is auto-saved and published at once (the
// server's per-field messages when it refuses), exactly like the shop's panels (header, carousel, banners...), which
// save at once; Undo takes back either kind. A click on an element in the preview (a slide, a banner, the header
// text, the shop's name, its social links) opens that element's own editor, scrolled into view.
// Texts come from the page in the visitor's language (labels.ts has the Spanish defaults); section and setting
// names come translated from the theme API.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminShop } from '../admin/AdminBar.tsx';
import type { AdminLabels } from '../admin/labels.ts';
import adminCss from '../admin/admin.css?inline';
import { ToastProvider } from '../admin/ui.tsx';
import type { PanelCommand } from '../admin/panel-history.ts';
import { refreshShop } from '../admin/panel-commands.ts';
import { defaultPanelHistoryLabels, type PanelHistoryLabels } from './panel-history-labels.ts';
import { useBuilderHistory } from './use-history.ts';
import { usePreviewBridge } from './use-preview.ts';
import { OpenToolPanel, ToolNav, useOpenPanel } from './ToolPanels.tsx';
import { isToolPanel, SECTION_EDITORS } from './tool-panels.ts';
import { ApiError, themeApi } from './api.ts';
import { addSection, moveSection, removeSection, sectionsOf, setSetting, toggleSection } from './doc.ts';
import { previewUrl, samplePaths, STATIC_PATHS, type PreviewPaths } from './preview.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { ThemeSettingsPanel } from './ThemeSettingsPanel.tsx';
import { defaultThemeLabels, ThemeLabelsContext, type ThemeLabels } from './theme-labels.ts';
import type { Breakpoint, Tokens } from '../../src/themes/schema.ts';
import { SectionList } from './SectionList.tsx';
import { TopBar } from './TopBar.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { BuilderLabelsContext, defaultBuilderLabels, fmt, type BuilderLabels } from './labels.ts';
import { EDITABLE_PAGES, type SectionTypeInfo, type SettingValue, type ThemeDocument, type ThemeIssue, type ThemeState } from './types.ts';
import { fieldsBySection, issuePlace, pageLabel, toolName, type SectionErrors } from './issues.ts';
import './builder.css';

export const AUTOSAVE_MS = 800;

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
  /** `?item=<id>` with a panel: the slide or banner whose own form the panel opens at (a storefront pencil). */
  initialItem?: string | null;
  /** Texts of the theme settings panel and the breakpoint switch (area themeSettings). */
  themeLabels?: Partial<ThemeLabels>;
  /** The shop's own colour scheme (its dark-mode flag), shown when the theme does not choose one. */
  shopScheme?: 'light' | 'dark';
  /** Texts of the panels' undo/redo and 'live' notice (area panelHistory). */
  panelLabels?: Partial<PanelHistoryLabels>;
}

type Status = { kind: 'idle' | 'saving' | 'saved' | 'publishing' | 'published' | 'error' | 'conflict'; text?: string };

const emptyDoc: ThemeDocument = { pack: '', settings: {}, tokens: {}, templates: {} };

/** The builder inside the toasts the panels and the undo of their commands share. */
export default function Builder(props: Props) {
  return <ToastProvider closeLabel={props.adminLabels?.close ?? 'Cerrar'}><style href="adm-admin" precedence="island">{adminCss}</style><BuilderView {...props} /></ToastProvider>;
}

function BuilderView({ slug, base, shopName, labels, adminShop, adminLabels, initialPanel, initialItem, themeLabels, shopScheme = 'light', panelLabels }: Props) {
  const L = useMemo<BuilderLabels>(() => ({ ...defaultBuilderLabels, ...labels }), [labels]);
  const T = useMemo<ThemeLabels>(() => ({ ...defaultThemeLabels, ...themeLabels }), [themeLabels]);
  const api = useMemo(() => themeApi(slug), [slug]);
  const [state, setState] = useState<ThemeState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const P = useMemo<PanelHistoryLabels>(() => ({ ...defaultPanelHistoryLabels, ...panelLabels }), [panelLabels]);
  const [nonce, setNonce] = useState(0);
  // A panel command undone or redone changed live data: the preview reloads and the open panel reads it again.
  const [panelEpoch, setPanelEpoch] = useState(0);
  const onCommand = useCallback((c: PanelCommand) => {
    setNonce((n) => n + 1); setPanelEpoch((n) => n + 1);
    if (adminShop && ['color', 'photo', 'social'].includes(c.kind)) void refreshShop(adminShop);
  }, [adminShop]);
  const { history, doc, busy, undo, redo, change, record, reset, title } = useBuilderHistory(emptyDoc, P, onCommand);
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
  const [device, setDevice] = useState<Breakpoint>('desktop');
  const [adding, setAdding] = useState('');
  const { tool, item, themeOpen, openTool } = useOpenPanel(initialPanel, !!adminShop, initialItem);
  const reloadPreview = useCallback(() => setNonce((n) => n + 1), []);
  const pageRef = useRef(page);
  // eslint-disable-next-line react-hooks/refs -- the preview frame and its handlers are read by reference on purpose (no re-render per message)
  pageRef.current = page;

  const load = useCallback(async () => {
    const s = await api.load();
    setState(s);
    version.current = s.draft_version;
    saved.current = s.draft;
    setWarnings(s.warnings);
    reset(s.draft);
    setNonce((n) => n + 1);
  }, [api, reset]);

  useEffect(() => {
    load().catch((e: Error) => setLoadError(e.message));
    samplePaths(api).then(setPaths).catch(() => {});
    api.catalogues().then((r) => setCatalogues(r.results)).catch(() => {});
  }, [api, load]);

  const types = useMemo(() => new Map<string, SectionTypeInfo>((state?.section_types ?? []).map((t) => [t.type, t])), [state]);
  const pack = state?.packs.find((p) => p.id === doc.pack);

  // ---- saving: every edit is live (saved, then published), Undo takes it back ----
  const publishSaved = useCallback(async (): Promise<boolean> => {
    setStatus({ kind: 'publishing', text: L.publishing });
    setSectionErrors({}); setOtherErrors([]);
    try {
      const r = await api.publish(version.current);
      setState((s) => (s ? { ...s, theme_pack: r.theme_pack, published: r.published } : s));
      setStatus({ kind: 'published', text: L.published });
      return true;
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 409) { setStatus({ kind: 'conflict', text: L.conflict }); await load().catch(() => {}); return false; }
      setStatus({ kind: 'error', text: fmt(L.notPublished, { message: Object.keys(err.fields ?? {}).length ? L.fixFields : err.message }) });
      // eslint-disable-next-line react-hooks/immutability -- the handler is declared below and only called after mount
      showFields(err.fields ?? {}, saved.current ?? emptyDoc);
      return false;
    }
  }, [api, load, L]);

  const saveNow = useCallback(async (d: ThemeDocument, force = false): Promise<boolean> => {
    if (d === saved.current && !force) return true;
    setStatus({ kind: 'saving', text: L.saving });
    try {
      if (d !== saved.current) {
        const r = await api.saveDraft(d, version.current);
        version.current = r.draft_version;
        saved.current = d;
        setWarnings(r.warnings);
      }
      const ok = await publishSaved();
      setNonce((n) => n + 1);
      return ok;
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
    const r = fieldsBySection(fields, d, pageRef.current);
    setSectionErrors(r.bySection);
    setOtherErrors(r.other);
    if (r.first) setSelected(r.first);
  }

  const [focusForm, setFocusForm] = useState(0);
  // The preview bridge: selection both ways, theme settings shown at once.
  const frame = useRef<HTMLIFrameElement>(null);
  const packTokens = (state?.packs.find((p) => p.id === doc.pack) as { tokens?: Tokens } | undefined)?.tokens;
  usePreviewBridge({ frame, selected, doc, packTokens, dark: shopScheme === 'dark', onSelect: (id) => {
    if (!sectionsOf(doc, pageRef.current).some((s) => s.id === id)) return;
    openTool(null);
    setSelected(id);
    setFocusForm((n) => n + 1);
  }, onEdit: (panel, item) => {
    if (!adminShop || !isToolPanel(panel)) return;
    openTool(panel, item);
  } });
  // The settings form of a section chosen in the preview (or the list) is brought into view: at 1280 x 800 it
  // opens below the section list.
  useEffect(() => {
    if (!focusForm) return;
    requestAnimationFrame(() => document.querySelector('.bf-panel .bf-form')?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  }, [focusForm, selected]);

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
  const addable = [...types.values()].filter((t) => t.enabledOn.includes(page) && !(t.unique && sections.some((s) => s.type === t.type)));
  const errorIds = new Set(Object.keys(sectionErrors));
  const pageWarnings = warnings.filter((w) => !w.path.startsWith('templates.') || w.path.startsWith(`templates.${page}.`) );
  // eslint-disable-next-line react-hooks/refs -- the preview frame and its handlers are read by reference on purpose (no re-render per message)
  const dirty = doc !== saved.current;
  const place = (path: string) => issuePlace(path, doc, types, L, T);

  return (
    <BuilderLabelsContext.Provider value={L}>
    <ThemeLabelsContext.Provider value={T}>
    <div className="bf-root">
      <TopBar back={`${base}/`} name={shopName ?? slug} canUndo={history.past.length > 0 && !busy} canRedo={history.future.length > 0 && !busy}
        undoTitle={title('undo', L.undoHint)} redoTitle={title('redo', L.redoHint)} onUndo={undo} onRedo={redo}
        status={{ kind: status.kind, text: dirty && status.kind !== 'saving' ? L.unsaved : status.text ?? '' }}
        busy={status.kind === 'saving' || status.kind === 'publishing'} onSave={() => void saveNow(doc, true)} />
      <div className="bf-main">
        <aside className="bf-panel" aria-label={L.panel}>
          {tool && adminShop ? (
            <OpenToolPanel tool={tool} item={item} shop={adminShop} base={base} adminLabels={adminLabels} epoch={panelEpoch} notice={P.liveNotice}
              onCommand={record} onClose={() => openTool(null)} onChanged={reloadPreview} />
          ) : themeOpen ? (
            <>
              <button type="button" className="bf-btn bf-back-btn" onClick={() => openTool(null)}>← {T.back}</button>
              <ThemeSettingsPanel value={doc.tokens ?? {}} pack={packTokens} shopScheme={shopScheme} onChange={(tokens) => change({ ...doc, tokens })} />
            </>
          ) : (<>
          <button type="button" className="bf-btn bf-open-theme" data-panel="theme" onClick={() => openTool('theme')}>{T.open}</button>
          {adminShop && <ToolNav adminLabels={adminLabels} onOpen={openTool} />}
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
            onSelect={(id) => { setSelected(id === selected ? null : id); if (id !== selected) setFocusForm((n) => n + 1); }}
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
              editors={adminShop ? SECTION_EDITORS[current.type] ?? [] : []}
              editorName={(p) => toolName(adminLabels, p)}
              onEditor={(p) => openTool(p)}
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
