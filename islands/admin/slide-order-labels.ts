// Texts of the carousel editor's reorder buttons (issue 15), area "panelHistory": Spanish defaults for tests;
// AdminMount and the builder pass the request's language beside the admin labels.
export const slideOrderDefaults = {
  slideUp: 'Subir', slideDown: 'Bajar', slideUpLabel: 'Subir la diapositiva {n}', slideDownLabel: 'Bajar la diapositiva {n}',
  slidesMoved: 'El orden de las diapositivas se guardó',
};
export type SlideOrderLabels = typeof slideOrderDefaults;

/** The texts in one language (`t` is the request's translator). */
export const slideOrderLabelsFor = (t: (key: `panelHistory.${keyof SlideOrderLabels}`) => string): SlideOrderLabels =>
  Object.fromEntries((Object.keys(slideOrderDefaults) as (keyof SlideOrderLabels)[]).map((k) => [k, t(`panelHistory.${k}`)])) as SlideOrderLabels;

/** The reorder texts among whatever labels the island got (one object with the admin labels). */
export const slideOrderLabelsOf = (labels: object): SlideOrderLabels => ({ ...slideOrderDefaults, ...(labels as Partial<SlideOrderLabels>) });
