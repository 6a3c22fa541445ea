// The settings form of one section, generated from its type's setting definitions.
import { useEffect, useRef } from 'react';
import type { ThemeApi } from './api.ts';
import { SettingField } from './fields.tsx';
import type { Section, SectionTypeInfo, SettingValue } from './types.ts';
import { isVisible } from './validate.ts';
import IslandForm from '../shared/form.tsx';
import { fmt, useLabels } from './labels.ts';

interface Props {
  section: Section;
  def: SectionTypeInfo | undefined;
  packDefaults: Record<string, SettingValue>;
  onChange: (key: string, value: SettingValue) => void;
  serverFields: Record<string, string[]>;
  api: ThemeApi;
  catalogues: { id: string; name: string; slug: string }[];
}

export function SettingsForm({ section, def, packDefaults, onChange, serverFields, api, catalogues }: Props) {
  const L = useLabels();
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
      {def.settings.length === 0 && <p className="bf-muted">{L.noSettings}</p>}
      {def.settings.filter((s) => isVisible(s, values)).map((s) => (
        <SettingField
          key={`${section.id}:${s.id}`}
          def={s}
          value={section.settings[s.id]}
          fallback={packDefaults[s.id] ?? s.default ?? null}
          onCommit={(v) => onChange(s.id, v)}
          serverMessages={serverFields[s.id]}
          api={api}
          catalogues={catalogues}
        />
      ))}
      {Object.keys(section.settings).filter((k) => !def.settings.some((s) => s.id === k)).map((k) => (
        <p key={k} className="bf-warning">{fmt(L.unknownSetting, { setting: k, name: def.name })}</p>
      ))}
    </IslandForm>
  );
}
