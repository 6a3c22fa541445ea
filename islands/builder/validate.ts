// Client-side checks of one setting value, mirroring src/themes/settings.ts (the server checks again on publish).
import { defaultBuilderLabels, fmt, type BuilderLabels } from './labels.ts';
import type { SettingDef, SettingValue } from './types.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A message when `value` is not acceptable for `def`, or null. */
export function checkSetting(def: SettingDef, value: SettingValue | undefined, L: BuilderLabels = defaultBuilderLabels): string | null {
  const empty = value === undefined || value === null || value === '';
  if (empty) return def.required ? L.required : null;
  switch (def.type) {
    case 'number':
    case 'range': {
      if (typeof value !== 'number' || Number.isNaN(value)) return L.aNumber;
      if (def.min !== undefined && value < def.min) return fmt(L.atLeast, { min: def.min });
      if (def.max !== undefined && value > def.max) return fmt(L.atMost, { max: def.max });
      return null;
    }
    case 'checkbox':
      return typeof value === 'boolean' ? null : L.yesNo;
    case 'select':
      return (def.options ?? []).some((o) => o.value === value) ? null : L.chooseOption;
    case 'color':
      return typeof value === 'string' && HEX.test(value) ? null : L.aColour;
    case 'colorScheme':
      return ['light', 'dark', 'accent'].includes(String(value)) ? null : L.unknownScheme;
    case 'url': {
      const v = String(value);
      if (v.length > (def.maxLength ?? 2000)) return fmt(L.tooLong, { max: def.maxLength ?? 2000 });
      return v.startsWith('/') || /^https?:\/\//.test(v) ? null : L.aLink;
    }
    case 'image':
      return String(value).startsWith('/media/') ? null : L.anUpload;
    case 'product':
    case 'catalogue':
      return String(value).length <= 64 ? null : fmt(L.tooLong, { max: 64 });
    default: {
      const v = String(value);
      const max = def.maxLength ?? (def.type === 'text' ? 200 : 20_000);
      if (v.length > max) return fmt(L.tooLong, { max });
      if (def.pattern && !new RegExp(def.pattern).test(v)) return L.badFormat;
      return null;
    }
  }
}

/** visibleIf: shown only when another setting of the same section equals a value. */
export function isVisible(def: SettingDef, values: Record<string, SettingValue | undefined>): boolean {
  if (!def.visibleIf) return true;
  return values[def.visibleIf.setting] === def.visibleIf.equals;
}

/** Server field paths (templates.home.sections[2].settings.columns) -> { sectionIndex, setting } for one page. */
export function fieldsForPage(fields: Record<string, string[]>, page: string): { index: number; setting: string | null; messages: string[] }[] {
  const out: { index: number; setting: string | null; messages: string[] }[] = [];
  const re = new RegExp(`^templates\\.${page}\\.sections\\[(\\d+)\\](?:\\.settings\\.([\\w-]+))?`);
  for (const [path, messages] of Object.entries(fields)) {
    const m = re.exec(path);
    if (m) out.push({ index: Number(m[1]), setting: m[2] ?? null, messages });
  }
  return out;
}
