// Background colour: the pack's preset swatches, a react-colorful picker and colour text (hex, rgb(), hsv(), hsl()
// accepted only when valid). The live preview (CSS --c1/--c2 on the page) is debounced 250 ms.
import { useEffect, useRef, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { parseColor } from '../../src/domain/admin/color.ts';
import { DEFAULT_BACKGROUND_RGB } from '../../src/lib/shared/constants.ts';
import type { AdminApi } from './api.ts';
import { patchStore } from './panel-commands.ts';
import { usePanelHistory } from './panel-history.ts';
import { defaultLabels, type AdminLabels } from './labels.ts';
import { COLOR_DEBOUNCE_MS, ERROR_TOAST_MS, useToasts } from './ui.tsx';
import type { Preset } from './admin-shop.ts';

export type { Preset } from './admin-shop.ts';

const { r, g, b } = DEFAULT_BACKGROUND_RGB;
export const DEFAULT_COLOR = `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;

/** The colour text as #rrggbb, or null when it is not a valid hex, rgb(), hsl() or hsv() colour. */
export const validColor = (text: string): string | null => parseColor(text);

export function previewColors(c1: string, c2?: string) {
  const root = document.documentElement.style;
  root.setProperty('--c1', c1);
  if (c2) root.setProperty('--c2', c2);
}

export default function ColorPanel({ api, presets, initial, labels = defaultLabels, onDone }: {
  api: AdminApi; presets: Preset[]; initial?: { color1: string; color2: string }; labels?: AdminLabels; onDone: (saved: boolean, colors?: { color1: string; color2: string }) => void;
}) {
  const { push } = useToasts();
  const record = usePanelHistory();
  const start = initial?.color1 ?? DEFAULT_COLOR;
  const [color, setColor] = useState(start);
  const [color2, setColor2] = useState(initial?.color2 ?? start);
  const [text, setText] = useState(start);
  const [textError, setTextError] = useState(false);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const saved = useRef(false);
  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => previewColors(color, color2), COLOR_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [color, color2]);
  useEffect(() => () => { if (initial && !saved.current) previewColors(initial.color1, initial.color2); }, []);

  const onText = (v: string) => {
    setText(v);
    const hex = validColor(v);
    setTextError(!hex);
    if (hex) { setColor(hex); setColor2(hex); }
  };
  const apply = async () => {
    setSaving(true);
    try {
      await patchStore(api, record, 'color', { color1: color, color2 });
      saved.current = true;
      clearTimeout(timer.current);
      previewColors(color, color2);
      onDone(true, { color1: color, color2 });
    } catch {
      push({ kind: 'error', title: labels.errorTitle, message: labels.genericError, ms: ERROR_TOAST_MS });
    } finally { setSaving(false); }
  };
  return (
    <div className="adm-color">
      {presets.length > 0 && (
        <fieldset className="adm-swatches">
          <legend>{labels.presets}</legend>
          {presets.map((p) => (
            <button key={p.name} type="button" className="adm-swatch" aria-pressed={color === p.color1} title={p.name} aria-label={p.name}
              style={{ background: `linear-gradient(135deg, ${p.color1} 50%, ${p.color2} 50%)` }}
              onClick={() => { setColor(p.color1); setColor2(p.color2); setText(p.color1); setTextError(false); }} />
          ))}
        </fieldset>
      )}
      <p className="adm-sub">{labels.customColor}</p>
      <HexColorPicker color={color} onChange={(c) => { setColor(c); setColor2(c); setText(c); setTextError(false); }} />
      <div className="adm-field">
        <label htmlFor="adm-color-text">{labels.colorText}</label>
        <input id="adm-color-text" value={text} aria-invalid={textError} aria-describedby={textError ? 'adm-color-err' : undefined} onChange={(e) => onText(e.target.value)} />
        {textError && <small id="adm-color-err" className="adm-error" role="alert">{labels.invalidColor}</small>}
      </div>
      <div className="adm-preview" aria-hidden="true" style={{ background: color }} />
      <div className="adm-actions">
        <button type="button" onClick={() => onDone(false)}>{labels.cancel}</button>
        <button type="button" className="adm-primary" disabled={saving || textError} onClick={apply}>{saving ? labels.saving : labels.apply}</button>
      </div>
    </div>
  );
}
