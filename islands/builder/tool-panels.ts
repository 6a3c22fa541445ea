// The admin editors the builder opens as panels, by their `?panel=` name (the side bar links use the same names).
export const TOOL_PANELS = ['headers', 'carousel', 'banners', 'color', 'photo', 'social', 'catalogues'] as const;
export type ToolPanel = (typeof TOOL_PANELS)[number];

export const isToolPanel = (v: unknown): v is ToolPanel => typeof v === 'string' && (TOOL_PANELS as readonly string[]).includes(v);

/** The builder's address opened at one panel. */
export const builderPanelHref = (base: string, panel: ToolPanel) => `${base}/admin/editor?panel=${panel}`;

/**
 * The shop's own editors of what a section shows (issue 27): the carousel section's slides, its header text and
 * the banners under it; the form of such a section offers them beside its settings (height, show text).
 */
export const SECTION_EDITORS: Record<string, ToolPanel[]> = { 'header-carousel': ['carousel', 'headers', 'banners'] };
