// Setting definitions -> zod validators and resolved values. Used for pack defaults, for the shop's saved
// section data (refused when invalid) and, through z.toJSONSchema, for a JSON schema per section type.
import { z } from 'zod';
import { checkLink } from '../lib/shared/safe-url.ts';
import { settingKeys, type SectionInstance, type SectionType, type SettingDef, type SettingValues } from './schema.ts';

const hex = /^#[0-9a-fA-F]{6}$/;

export function settingValueSchema(def: SettingDef): z.ZodType {
  switch (def.type) {
    case 'number':
    case 'range': {
      let n = z.number();
      if (def.min !== undefined) n = n.min(def.min);
      if (def.max !== undefined) n = n.max(def.max);
      return n;
    }
    case 'checkbox':
      return z.boolean();
    case 'select':
      return z.enum((def.options ?? []).map((o) => o.value) as [string, ...string[]]);
    case 'color':
      return z.string().regex(hex, 'validation.colour');
    case 'colorScheme':
      return z.enum(['light', 'dark', 'accent']);
    case 'url':
      return z.string().max(def.maxLength ?? 2000).refine((v) => v === '' || checkLink(v, { paths: true }) !== null, 'validation.link');
    case 'image':
      return z.string().max(500).refine((v) => v === '' || (v.startsWith('/media/') && checkLink(v, { paths: true }) !== null), 'validation.uploadedImage');
    case 'product':
    case 'catalogue':
      return z.string().max(64);
    default: {
      let s = z.string().max(def.maxLength ?? (def.type === 'text' ? 200 : 20_000));
      if (def.pattern) s = s.regex(new RegExp(def.pattern));
      return s;
    }
  }
}

/** One object schema for a section type's settings; every setting optional (defaults fill gaps). */
export function sectionSettingsSchema(type: SectionType) {
  const shape: Record<string, z.ZodType> = {};
  for (const def of type.settings) {
    const v = settingValueSchema(def);
    shape[def.id] = def.required ? v : v.nullable().optional();
    // A responsive setting's other breakpoints are never required: empty follows the desktop value.
    for (const key of settingKeys(def).slice(1)) shape[key] = v.nullable().optional();
  }
  return z.object(shape).strict();
}

/** The JSON schema the builder and API clients use for one section type's saved data. */
export function sectionInstanceJsonSchema(type: SectionType) {
  return z.toJSONSchema(z.object({
    id: z.string(), type: z.literal(type.type), disabled: z.boolean().optional(),
    settings: sectionSettingsSchema(type),
    blocks: z.array(z.object({ id: z.string(), type: z.enum((type.blocks.map((b) => b.type) as [string, ...string[]]).concat(type.blocks.length ? [] : ['_none']) as [string, ...string[]]), settings: z.record(z.string(), z.unknown()) })),
  }), { io: 'input' });
}

export interface SettingsResult { values: SettingValues; unknown: string[]; invalid: Record<string, string> }

/**
 * Section defaults <- pack defaults <- the instance's own values. Values the type does not know are reported
 * (not silently kept); invalid values fall back to the default and are reported.
 */
export function resolveSettings(type: SectionType, packDefaults: SettingValues, instance: SettingValues): SettingsResult {
  const values: SettingValues = {};
  const invalid: Record<string, string> = {};
  const known = new Set(type.settings.flatMap(settingKeys));
  const take = (def: SettingDef, key: string, base: SettingValues[string]) => {
    const own = instance[key];
    if (own === undefined || own === null) { values[key] = base ?? null; return; }
    const r = settingValueSchema(def).safeParse(own);
    if (r.success) values[key] = own;
    else { values[key] = base ?? null; invalid[key] = r.error.issues[0]?.message ?? 'invalid'; }
  };
  for (const def of type.settings) {
    take(def, def.id, packDefaults[def.id] !== undefined ? packDefaults[def.id] : def.default ?? null);
    if (!def.responsive) continue;
    // Tablet and phone: their own value, the pack's, the type's breakpoint default, then the desktop value.
    for (const bp of ['tablet', 'phone'] as const) {
      const key = `${def.id}@${bp}`;
      take(def, key, packDefaults[key] ?? def.breakpointDefaults?.[bp] ?? values[def.id]);
    }
  }
  return { values, unknown: Object.keys(instance).filter((k) => !known.has(k)), invalid };
}

export function validateSectionInstance(type: SectionType, instance: SectionInstance): Record<string, string[]> {
  const r = sectionSettingsSchema(type).safeParse(instance.settings);
  const fields: Record<string, string[]> = {};
  if (!r.success) for (const i of r.error.issues) (fields[`settings.${i.path.join('.') || '_'}`] ??= []).push(i.message);
  if (type.minBlocks !== undefined && instance.blocks.length < type.minBlocks) fields.blocks = [`at least ${type.minBlocks} blocks`];
  if (type.maxBlocks !== undefined && instance.blocks.length > type.maxBlocks) fields.blocks = [`at most ${type.maxBlocks} blocks`];
  return fields;
}

/**
 * Settings left empty take their `defaultKey`'s text in the page's language (a section's default title): the
 * storefront renders 'Products' for an English visitor and 'Productos' for a Spanish one; what the admin typed stays.
 */
export function withDefaultTexts(type: SectionType, values: SettingValues, t: (key: string) => string): SettingValues {
  const out = { ...values };
  for (const def of type.settings) {
    if (def.defaultKey && (out[def.id] === null || out[def.id] === undefined || out[def.id] === '')) out[def.id] = t(def.defaultKey);
  }
  return out;
}
