// The shop as the admin bar and its panels see it (types only): its own module so that the panels' commands
// (panel-commands.ts) need not import the bar that loads them (an import cycle).
import type { PHOTO_DISPLAYS } from '../../src/lib/shared/constants.ts';

export type PhotoDisplay = (typeof PHOTO_DISPLAYS)[number];
export interface Preset { name: string; color1: string; color2: string }

export interface AdminShop {
  slug: string; name: string; photo: string | null; photo_display?: PhotoDisplay; color1: string; color2: string; columns: 1 | 2;
  socials: Record<string, string | null>; presets: Preset[];
}
