// Responsive settings on the storefront: a section's resolved values for desktop, tablet and phone become custom
// properties (`--cols`, `--cols-tablet`, `--cols-phone`) that the stylesheet's media queries read
// (src/styles/storefront.css: .item-grid, .rich-text). No script: the browser picks the breakpoint.
import type { SettingValues } from './schema.ts';

const safe = (v: unknown) => String(v).replace(/[^\w.#-]/g, '');

/** `--cols:4;--cols-tablet:3;--cols-phone:2` from settings.columns, columns@tablet, columns@phone (empty ones left out). */
export function breakpointVars(settings: SettingValues, id: string, prop: string): string {
  const out: string[] = [];
  for (const [key, suffix] of [[id, ''], [`${id}@tablet`, '-tablet'], [`${id}@phone`, '-phone']] as const) {
    const v = settings[key];
    if (v !== null && v !== undefined && v !== '') out.push(`--${prop}${suffix}:${safe(v)}`);
  }
  return out.join(';');
}
