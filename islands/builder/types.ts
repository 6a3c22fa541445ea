// Shapes the builder reads from GET /api/shops/{slug}/admin/theme (islands import only browser-safe schema types).
import type { z } from 'zod';
import type { ThemeDocument, ThemeIssue, themeSectionSchema } from '../../src/domain/admin/schema.ts';
import type { SettingDef } from '../../src/themes/schema.ts';

export type { ThemeDocument, ThemeIssue, SettingDef };
export type SettingValue = string | number | boolean | null;
export type Section = z.output<typeof themeSectionSchema>;

export interface SectionTypeInfo {
  type: string;
  name: string;
  hydrate: string;
  enabledOn: string[];
  unique: boolean;
  settings: SettingDef[];
  blocks: { type: string; name: string; settings: SettingDef[] }[];
}

export interface PackInfo { id: string; name: string; description: string | null; settings?: SettingDef[]; sections?: Record<string, { defaults?: Record<string, SettingValue> }> }

export interface ThemeState {
  theme_pack: string;
  draft: ThemeDocument;
  draft_version: number;
  published: ThemeDocument | null;
  warnings: ThemeIssue[];
  page_types: string[];
  packs: PackInfo[];
  section_types: SectionTypeInfo[];
}

/** The page types the builder edits, with the storefront address that previews each. */
export const EDITABLE_PAGES = ['home', 'catalogue_list', 'catalogue', 'search', 'product'] as const;
export type EditablePage = (typeof EDITABLE_PAGES)[number];
