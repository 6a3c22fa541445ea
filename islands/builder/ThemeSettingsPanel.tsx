// The builder's 'Theme settings' panel: the shop's overrides of its pack's tokens (colour scheme and colours, body and
// heading fonts from the allowed system stacks, corner radii, button style). Every change is one edit of the draft's
// `tokens`, so undo/redo, auto-save and publishing cover it; the server checks the same bounds again.
import { useEffect, useId, useState } from 'react';
import { parseColor } from '../../src/domain/admin/color.ts';
import type { Tokens } from '../../src/themes/schema.ts';
import {
  BUTTON_STYLES, COLOR_KEYS, FONT_IDS, FONT_STACKS, RADIUS_KEYS, RADIUS_MAX, RADIUS_MIN, type ThemeSettings,
} from '../../src/themes/theme-settings.ts';
import IslandForm from '../shared/form.tsx';
import { fmt } from './labels.ts';
import { useThemeLabels } from './theme-labels.ts';

interface Props {
  value: ThemeSettings;
  /** The pack's tokens: what each empty setting falls back to. */
  pack: Tokens | undefined;
  /** The scheme the shop shows when the theme does not choose one. */
  shopScheme: 'light' | 'dark';
  onChange: (next: ThemeSettings) => void;
}

const PACK_COLOUR = { accent: 'accent', background: 'background', text: 'text' } as const;
const PACK_RADIUS = { radius_card: 'card', radius_button: 'button', radius_image: 'image' } as const;

export function ThemeSettingsPanel({ value, pack, shopScheme, onChange }: Props) {
  const T = useThemeLabels();
  const set = <K extends keyof ThemeSettings>(key: K, v: ThemeSettings[K] | undefined) => {
    const next = { ...value };
    if (v === undefined) delete next[key]; else next[key] = v;
    onChange(next);
  };
  const scheme = value.scheme ?? shopScheme;
  const schemeName = scheme === 'dark' ? T.schemeDark : T.schemeLight;
  return (
    <IslandForm className="bf-form bf-theme" aria-label={T.title} onSubmit={(e) => e.preventDefault()} noValidate data-testid="theme-settings">
      <h2 className="bf-h">{T.title}</h2>
      <p className="bf-muted">{T.intro}</p>

      <fieldset className="bf-group">
        <legend>{T.scheme}</legend>
        <div className="bf-seg" role="radiogroup" aria-label={T.scheme}>
          {([[undefined, T.schemeShop], ['light', T.schemeLight], ['dark', T.schemeDark]] as const).map(([v, label]) => (
            <label key={label}><input type="radio" name="bf-scheme" checked={value.scheme === v} onChange={() => set('scheme', v)} /> {label}</label>
          ))}
        </div>
      </fieldset>

      <fieldset className="bf-group">
        <legend>{fmt(T.colours, { scheme: schemeName.toLowerCase() })}</legend>
        {COLOR_KEYS.map((k) => (
          <ColourField key={k} name={k} label={T[k]} value={value[k]} packValue={pack?.colorSchemes[scheme][PACK_COLOUR[k]] ?? '#000000'} onCommit={(v) => set(k, v)} />
        ))}
      </fieldset>

      <fieldset className="bf-group">
        <legend>{T.fonts}</legend>
        {(['font_body', 'font_heading'] as const).map((k) => {
          const stack = value[k] ? FONT_STACKS[value[k]] : (k === 'font_body' ? pack?.fonts.body : pack?.fonts.heading);
          return (
            <div key={k} className="bf-field" data-setting={k}>
              <label htmlFor={`bf-${k}`}>{k === 'font_body' ? T.fontBody : T.fontHeading}</label>
              <select id={`bf-${k}`} name={k} value={value[k] ?? ''} onChange={(e) => set(k, (e.target.value || undefined) as ThemeSettings[typeof k])}>
                <option value="">{T.fontPack}</option>
                {FONT_IDS.map((f) => <option key={f} value={f}>{T[`font_${f}`]}</option>)}
              </select>
              <span className="bf-sample" style={{ fontFamily: stack }} aria-hidden="true">{T.sample}</span>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="bf-group">
        <legend>{T.radius}</legend>
        {RADIUS_KEYS.map((k) => {
          const packText = pack?.radius[PACK_RADIUS[k]] ?? '0px';
          const shown = value[k] ?? Math.min(RADIUS_MAX, Math.round(parseFloat(packText) || 0));
          return (
            <div key={k} className="bf-field" data-setting={k}>
              <label htmlFor={`bf-${k}`}>{T[k]}</label>
              <div className="bf-range">
                <input id={`bf-${k}`} name={k} type="range" min={RADIUS_MIN} max={RADIUS_MAX} step={1} value={shown}
                  aria-valuetext={fmt(T.radiusValue, { value: shown })} onChange={(e) => set(k, Number(e.target.value))} />
                <output htmlFor={`bf-${k}`} className="bf-range-out">{fmt(T.radiusValue, { value: shown })}</output>
              </div>
              <small className="bf-info">
                {value[k] === undefined ? fmt(T.radiusPack, { value: packText }) : <button type="button" className="bf-link" onClick={() => set(k, undefined)}>{T.reset} ({packText})</button>}
              </small>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="bf-group">
        <legend>{T.buttons}</legend>
        <div className="bf-seg" role="radiogroup" aria-label={T.buttons}>
          {BUTTON_STYLES.map((b) => (
            <label key={b}><input type="radio" name="bf-buttons" checked={(value.button_style ?? pack?.buttonStyle ?? 'filled') === b}
              onChange={() => set('button_style', b === (pack?.buttonStyle ?? 'filled') ? undefined : b)} /> {T[`button_${b}`]}</label>
          ))}
        </div>
      </fieldset>

      <button type="button" className="bf-btn bf-small" disabled={Object.keys(value).length === 0} onClick={() => onChange({})}>{T.resetAll}</button>
    </IslandForm>
  );
}

/** A colour: a swatch picker and a text box (hex, rgb(), hsl()); only a valid colour reaches the draft. */
function ColourField({ name, label, value, packValue, onCommit }: { name: string; label: string; value: string | undefined; packValue: string; onCommit: (v: string | undefined) => void }) {
  const T = useThemeLabels();
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [bad, setBad] = useState(false);
  // Follows undo/redo, but not while the text box holds another spelling of the same colour ('#1a5' while typing).
  useEffect(() => {
    setText((t) => (parseColor(t) === (value ?? null) ? t : value ?? ''));
    setBad(false);
  }, [value]);
  const take = (raw: string) => {
    setText(raw);
    if (raw.trim() === '') { setBad(false); onCommit(undefined); return; }
    const hex = parseColor(raw);
    setBad(!hex);
    if (hex) onCommit(hex);
  };
  return (
    <div className={`bf-field bf-colour${bad ? ' bf-invalid' : ''}`} data-setting={name}>
      <label htmlFor={id}>{label}</label>
      <div className="bf-colour-row">
        <input type="color" aria-label={fmt(T.picker, { name: label })} value={value ?? packValue} onChange={(e) => take(e.target.value)} />
        <input id={id} name={name} type="text" value={text} placeholder={packValue} maxLength={64} spellCheck={false}
          aria-invalid={bad || undefined} aria-describedby={`${id}-hint`} onChange={(e) => take(e.target.value)} />
      </div>
      <small className="bf-info" id={`${id}-hint`}>{bad ? <span className="bf-error" role="alert">{T.badColour}</span> : fmt(T.colourHint, { value: packValue })}</small>
    </div>
  );
}
