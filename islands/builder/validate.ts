// Client-side checks of one setting value, mirroring src/themes/settings.ts (the server checks again on publish).
import type { SettingDef, SettingValue } from './types.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A message when `value` is not acceptable for `def`, or null. */
export function checkSetting(def: SettingDef, value: SettingValue | undefined): string | null {
  const empty = value === undefined || value === null || value === '';
  if (empty) return def.required ? 'Obligatorio (required)' : null;
  switch (def.type) {
    case 'number':
    case 'range': {
      if (typeof value !== 'number' || Number.isNaN(value)) return 'Un número (a number)';
      if (def.min !== undefined && value < def.min) return `Mínimo ${def.min} (at least ${def.min})`;
      if (def.max !== undefined && value > def.max) return `Máximo ${def.max} (at most ${def.max})`;
      return null;
    }
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'Sí o no';
    case 'select':
      return (def.options ?? []).some((o) => o.value === value) ? null : 'Elige una opción (choose an option)';
    case 'color':
      return typeof value === 'string' && HEX.test(value) ? null : 'Un color como #1a2b3c';
    case 'colorScheme':
      return ['light', 'dark', 'accent'].includes(String(value)) ? null : 'Esquema desconocido';
    case 'url': {
      const v = String(value);
      if (v.length > (def.maxLength ?? 2000)) return `Máximo ${def.maxLength ?? 2000} caracteres`;
      return v.startsWith('/') || /^https?:\/\//.test(v) ? null : 'Un enlace que empiece con / o http(s)://';
    }
    case 'image':
      return String(value).startsWith('/media/') ? null : 'Una imagen subida (/media/...)';
    case 'product':
    case 'catalogue':
      return String(value).length <= 64 ? null : 'Máximo 64 caracteres';
    default: {
      const v = String(value);
      const max = def.maxLength ?? (def.type === 'text' ? 200 : 20_000);
      if (v.length > max) return `Máximo ${max} caracteres (at most ${max})`;
      if (def.pattern && !new RegExp(def.pattern).test(v)) return 'Formato no válido (invalid format)';
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
