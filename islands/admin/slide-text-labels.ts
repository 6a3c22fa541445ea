// Texts of the carousel editor's slide words (issue 15), area "layoutUi": Spanish defaults for tests; AdminMount
// passes the request's language beside the admin labels.
export const slideTextDefaults = {
  slideWords: 'Texto sobre la imagen', slideWordsHint: 'Opcional: se muestra como texto, legible en teléfonos.',
  slideTitle: 'Título', slideSubtitle: 'Subtítulo', slideButtonLabel: 'Texto del botón', slideButtonUrl: 'Enlace del botón',
  slideTextDesktop: 'En computadoras', slideTextPhone: 'En teléfonos',
  slidePlace_over: 'Sobre la imagen', slidePlace_below: 'Debajo de la imagen', slidePlace_hidden: 'No mostrar',
  slideButtonNeedsLink: 'Escribe el enlace del botón',
};
export type SlideTextLabels = typeof slideTextDefaults;

/** The texts in one language (`t` is the request's translator). */
export const slideTextLabelsFor = (t: (key: `layoutUi.${keyof SlideTextLabels}`) => string): SlideTextLabels =>
  Object.fromEntries((Object.keys(slideTextDefaults) as (keyof SlideTextLabels)[]).map((k) => [k, t(`layoutUi.${k}`)])) as SlideTextLabels;

/** The slide-word texts among whatever labels the island got (the admin bar passes both sets in one object). */
export const slideTextLabelsOf = (labels: object): SlideTextLabels => ({ ...slideTextDefaults, ...(labels as Partial<SlideTextLabels>) });
