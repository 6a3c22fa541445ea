// The single source of the theme engine's shapes: theme packs (themes/<id>/theme.json), section types,
// settings, and the section instances a shop saves. theme.schema.json, the pack loader's validation,
// the per-section JSON schemas and the TypeScript types all come from here. Imports only zod (browser-safe).
import { z } from 'zod';

export const PAGE_TYPES = ['home', 'catalogue_list', 'catalogue', 'search', 'product', 'cart', 'blog'] as const;
export const pageTypeSchema = z.enum(PAGE_TYPES);
export type PageType = z.infer<typeof pageTypeSchema>;

export const SETTING_TYPES = [
  'text', 'textarea', 'richtext', 'number', 'range', 'checkbox', 'select', 'color', 'colorScheme', 'image', 'url', 'product', 'catalogue',
] as const;

const id = z.string().regex(/^[a-z][a-z0-9_-]{0,47}$/, 'lower-case letters, digits, - and _; starting with a letter');
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1a2b3c');
const cssLength = z.string().regex(/^(0|\d+(\.\d+)?(px|rem|em|%))$/, 'a CSS length like 12px or 0.75rem');

export const settingSchema = z.object({
  id,
  type: z.enum(SETTING_TYPES),
  label: z.string().min(1),
  info: z.string().optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  /** A message key whose text, in the page's language, is the value when none is set (a section's default title). */
  defaultKey: z.string().regex(/^[a-zA-Z]+\.[\w-]+$/).optional(),
  required: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  maxLength: z.number().int().positive().optional(),
  pattern: z.string().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** Shown only when another setting of the same section equals a value. */
  visibleIf: z.object({ setting: id, equals: z.union([z.string(), z.number(), z.boolean()]) }).optional(),
  /**
   * One value per breakpoint: the setting's own key is the desktop value, `<id>@tablet` and `<id>@phone` the
   * others (empty: `breakpointDefaults`, then the desktop value). Rendered as CSS media queries.
   */
  responsive: z.boolean().optional(),
  breakpointDefaults: z.object({ phone: z.union([z.string(), z.number()]), tablet: z.union([z.string(), z.number()]) }).partial().optional(),
}).superRefine((s, ctx) => {
  if (s.responsive && !['number', 'range', 'select'].includes(s.type)) ctx.addIssue({ code: 'custom', path: ['responsive'], message: 'only number, range and select settings can vary per breakpoint' });
  if (s.type === 'select' && !s.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a select needs options' });
  if (s.type === 'range' && (s.min === undefined || s.max === undefined)) ctx.addIssue({ code: 'custom', path: ['min'], message: 'a range needs min and max' });
});
export type SettingDef = z.infer<typeof settingSchema>;

/** Breakpoints of responsive settings: phone below 720px, tablet below 1024px, desktop from 1024px. */
export const BREAKPOINTS = ['phone', 'tablet', 'desktop'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];
export const BREAKPOINT_MIN_WIDTH = { tablet: 720, desktop: 1024 } as const;
/** The key a breakpoint's value is saved under: the setting's own id for desktop, `<id>@phone` / `<id>@tablet`. */
export const breakpointKey = (id: string, bp: Breakpoint) => (bp === 'desktop' ? id : `${id}@${bp}`);
/** Every key a setting's values may use. */
export const settingKeys = (def: Pick<SettingDef, 'id' | 'responsive'>): string[] =>
  def.responsive ? [def.id, `${def.id}@tablet`, `${def.id}@phone`] : [def.id];

export const HYDRATE = ['none', 'visible', 'idle', 'load'] as const;

export const blockTypeSchema = z.object({ type: id, name: z.string(), settings: z.array(settingSchema).default([]) });

/** A section type (code in src/sections/, its definition in src/themes/sections.ts). */
export const sectionTypeSchema = z.object({
  type: id,
  name: z.string(),
  hydrate: z.enum(HYDRATE),
  enabledOn: z.array(pageTypeSchema).min(1),
  settings: z.array(settingSchema).default([]),
  blocks: z.array(blockTypeSchema).default([]),
  minBlocks: z.number().int().min(0).optional(),
  maxBlocks: z.number().int().min(0).optional(),
  /** Only one instance per template (the page's main content). */
  unique: z.boolean().optional(),
});
export type SectionType = z.infer<typeof sectionTypeSchema>;

type SettingValue = string | number | boolean | null;
const settingValues = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const blockInstanceSchema = z.object({ id, type: id, settings: settingValues.default({}) });
export const sectionInstanceSchema = z.object({
  id,
  type: id,
  disabled: z.boolean().default(false),
  settings: settingValues.default({}),
  blocks: z.array(blockInstanceSchema).default([]),
});
export type SectionInstance = z.infer<typeof sectionInstanceSchema>;
export type SettingValues = Record<string, SettingValue>;

export const templateSchema = z.object({ sections: z.array(sectionInstanceSchema) });
export type Template = z.infer<typeof templateSchema>;

const colorScheme = z.object({
  background: hex, surface: hex, text: hex, muted: hex, accent: hex, accentText: hex, border: hex,
});
export type ColorScheme = z.infer<typeof colorScheme>;

export const tokensSchema = z.object({
  colorSchemes: z.object({ light: colorScheme, dark: colorScheme }),
  fonts: z.object({ body: z.string().min(1), heading: z.string().min(1) }),
  radius: z.object({ card: cssLength, button: cssLength, image: cssLength }),
  spacing: z.object({ section: cssLength, gap: cssLength, page: cssLength }),
  /** How the shop's colour pair is used: a gradient header, a solid bar, or only accents. */
  headerStyle: z.enum(['gradient', 'solid', 'light']),
  cardStyle: z.enum(['shadow', 'outline', 'flat', 'overlay']),
  headingCase: z.enum(['none', 'uppercase']).default('none'),
  /** Buttons filled with the shop's colour, or outlined in it. */
  buttonStyle: z.enum(['filled', 'outline']).default('filled'),
});
export type Tokens = z.infer<typeof tokensSchema>;

/** A pack's own section configuration: defaults for a section type's settings. */
export const packSectionSchema = z.object({ defaults: settingValues.default({}) });

export const presetSchema = z.object({ name: z.string(), color1: hex, color2: hex });

export const FOOTER_LAYOUTS = ['simple', '3cols1col'] as const;

/** themes/<id>/theme.json. Packs that extend another inherit every key they do not set. */
export const packSchema = z.object({
  $schema: z.string().optional(),
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/),
  name: z.string().min(1),
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'semantic version like 1.0.0'),
  description: z.string().optional(),
  extends: z.string().optional(),
  tokens: tokensSchema,
  settings: z.array(settingSchema).default([]),
  /** Section types this pack offers, with the pack's defaults for their settings. */
  sections: z.record(id, packSectionSchema),
  templates: z.partialRecord(pageTypeSchema, templateSchema),
  presets: z.array(presetSchema).default([]),
  carousel: z.object({ columns: z.union([z.literal(1), z.literal(2)]) }),
  footer: z.object({ layout: z.enum(FOOTER_LAYOUTS) }),
  /** Extra stylesheet in the pack folder, inlined after the tokens. */
  stylesheet: z.string().regex(/^[\w.-]+\.css$/).optional(),
});
export type Pack = z.infer<typeof packSchema>;

/** A pack file may leave out anything its parent defines. */
export const packFileSchema = z.object({
  $schema: z.string().optional(),
  id: packSchema.shape.id,
  name: z.string().min(1),
  version: packSchema.shape.version,
  description: z.string().optional(),
  extends: z.string().optional(),
  tokens: z.object({
    colorSchemes: z.object({ light: colorScheme.partial(), dark: colorScheme.partial() }).partial(),
    fonts: tokensSchema.shape.fonts.partial(),
    radius: tokensSchema.shape.radius.partial(),
    spacing: tokensSchema.shape.spacing.partial(),
    headerStyle: tokensSchema.shape.headerStyle,
    cardStyle: tokensSchema.shape.cardStyle,
    headingCase: z.enum(['none', 'uppercase']),
    buttonStyle: z.enum(['filled', 'outline']),
  }).partial().optional(),
  settings: z.array(settingSchema).optional(),
  sections: z.record(id, packSectionSchema).optional(),
  templates: z.partialRecord(pageTypeSchema, templateSchema).optional(),
  presets: z.array(presetSchema).optional(),
  carousel: packSchema.shape.carousel.optional(),
  footer: packSchema.shape.footer.optional(),
  stylesheet: packSchema.shape.stylesheet,
}).strict();
export type PackFile = z.infer<typeof packFileSchema>;
