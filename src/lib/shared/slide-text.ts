// A carousel slide's optional words (issue 15): title, subtitle and a button rendered as HTML with the picture,
// so they stay readable at any width, instead of being drawn into the image. Browser-safe constants.
export const SLIDE_TITLE_MAX = 60;
export const SLIDE_SUBTITLE_MAX = 120;
export const SLIDE_BUTTON_MAX = 30;
/** Where the words go, per breakpoint: over the picture, below it, or not shown. */
export const SLIDE_TEXT_PLACES = ['over', 'below', 'hidden'] as const;
export type SlideTextPlace = (typeof SLIDE_TEXT_PLACES)[number];
/** Defaults: over the wide desktop picture; below the short phone picture, where words over it would be tiny. */
export const SLIDE_TEXT_DEFAULTS = { desktop: 'over', phone: 'below' } as const satisfies Record<string, SlideTextPlace>;
