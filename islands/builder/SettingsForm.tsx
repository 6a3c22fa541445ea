// The settings form of one section, generated from its type's setting definitions.
import { useEffect, useRef } from 'react';
import type { ThemeApi } from './api.ts';
import { SettingField } from './fields.tsx';
import type { Section, SectionTypeInfo, SettingValue } from './types.ts';
import { isVisible } from './validate.ts';
import IslandForm from '../shared/form.tsx';
import { fmt, useLabels } from './labels.ts';
import { useThemeLabels } from './theme-labels.ts';
import { breakpointKey, type Breakpoint } from '../../src/themes/schema.ts';
import type { ToolPanel } from './tool-panels.ts';

interface Props {
  section: Section;
  def: SectionTypeInfo | undefined;
  packDefaults: Record<string, SettingValue>;
  onChange: (key: string, value: SettingValue) => void;
  serverFields: Record<string, string[]>;
  api: ThemeApi;
  catalogues: { id: string; name: string; slug: string }[];
  /** The breakpoint responsive settings are edited for (the preview shows the same width). */
  device?: Breakpoint;
  onDevice?: (d: Breakpoint) => void;
  /** The shop's editors of what the section shows (the carousel: its slides, header text, banners; issue 27). */
  editors?: ToolPanel[];
  editorName?: (p: ToolPanel) => string;
  onEditor?: (p: ToolPanel) => void;
}

export function SettingsForm({ section, def, packDefaults, onChange, serverFields, api, catalogues, device = 'desktop', onDevice = () => {}, editors = [], editorName = (p) => p, onEditor = () => {} }: Props) {
  const L = useLabels();
  const T = useThemeLabels();
  const names: Record<Breakpoint, string> = { phone: L.phone, tablet: T.tablet, desktop: L.desktop };
  const form = useRef<HTMLFormElement>(null);
  const hasServerErrors = Object.keys(serverFields).length > 0;
  // The server refused a publish: bring its first message into view.
  useEffect(() => {
    if (hasServerErrors) form.current?.querySelector('.bf-error')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [hasServerErrors, serverFields]);
  if (!def) return <p className="bf-muted">{fmt(L.unknownType, { type: section.type })}</p>;
  const values = Object.fromEntries(def.settings.map((s) => [s.id, section.settings[s.id] ?? packDefaults[s.id] ?? s.default ?? null]));
  const general = serverFields._ ?? [];
  return (
    <IslandForm ref={form} className="bf-form" aria-label={fmt(L.settingsOf, { name: def.name })} onSubmit={(e) => e.preventDefault()} noValidate>
      <h3>{def.name}</h3>
      {general.length > 0 && <p className="bf-error" role="alert">{general.join('; ')}</p>}
      {editors.length > 0 && (
        <nav className="bf-editors" aria-label={L.alsoEdit}>
          <span className="bf-muted">{L.alsoEdit}</span>
          {editors.map((p) => <button key={p} type="button" className="bf-btn bf-small" data-panel={p} onClick={() => onEditor(p)}>{editorName(p)}</button>)}
        </nav>
      )}
      {def.settings.length === 0 && <p className="bf-muted">{L.noSettings}</p>}
      {def.settings.some((s) => s.responsive) && (
        <div className="bf-bp" role="group" aria-label={T.breakpoint}>
          <span>{T.breakpoint}</span>
          {(['phone', 'tablet', 'desktop'] as const).map((d) => (
            <button key={d} type="button" className="bf-btn bf-small" data-breakpoint={d} aria-pressed={device === d} onClick={() => onDevice(d)}>{names[d]}</button>
          ))}
        </div>
      )}
      {def.settings.filter((s) => isVisible(s, values)).map((s) => {
        // A responsive setting shows the value of the chosen breakpoint (saved as `<id>@phone`, `<id>@tablet`).
        const key = s.responsive ? breakpointKey(s.id, device) : s.id;
        const desktop = values[s.id] ?? null;
        const fallback = key === s.id ? packDefaults[s.id] ?? s.default ?? null
          : packDefaults[key] ?? s.breakpointDefaults?.[device as 'phone' | 'tablet'] ?? desktop;
        return (
          <SettingField
            key={`${section.id}:${key}`}
            def={s.responsive ? { ...s, id: key, required: key === s.id && s.required, label: fmt(T.onBreakpoint, { label: s.label, breakpoint: names[device] }), info: s.info ?? T.bpHint } : s}
            value={section.settings[key]}
            fallback={fallback}
            onCommit={(v) => onChange(key, v)}
            serverMessages={serverFields[key]}
            api={api}
            catalogues={catalogues}
          />
        );
      })}
      {Object.keys(section.settings).filter((k) => !def.settings.some((s) => s.id === k || (s.responsive && k.startsWith(`${s.id}@`)))).map((k) => (
        <p key={k} className="bf-warning">{fmt(L.unknownSetting, { setting: k, name: def.name })}</p>
      ))}
    </IslandForm>
  );
}
