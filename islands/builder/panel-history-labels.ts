// Texts of the builder's panel commands (undo/redo of the tool panels' live saves) and of the panels' 'live'
// notice: the Spanish defaults (src/locales/es.json, area "panelHistory"); the editor page passes the request's
// language (panelHistoryLabelsFor(t)).
import type { PanelCommandKind } from '../admin/panel-history.ts';

export const defaultPanelHistoryLabels = {
  liveNotice: 'Estos cambios se guardan y se ven en la tienda al instante, sin Publicar. Deshacer también los revierte.',
  undoThis: 'Deshacer: {what}',
  redoThis: 'Rehacer: {what}',
  undone: 'Se deshizo en la tienda: {what}',
  redone: 'Se rehízo en la tienda: {what}',
  undoFailed: 'No se pudo deshacer «{what}»: {reason}. Se quitó del historial.',
  redoFailed: 'No se pudo rehacer «{what}»: {reason}. Se quitó del historial.',
  reasonGone: 'ya no existe (quizá se borró en otro lugar)',
  reasonRefused: 'la tienda no lo aceptó',
  reasonNetwork: 'no hay conexión',
  kind_color: 'color de fondo',
  kind_photo: 'foto y nombre de la tienda',
  kind_social: 'redes sociales',
  kind_headerSave: 'cambios del encabezado',
  kind_headerCreate: 'encabezado nuevo',
  kind_slideEdit: 'cambios de la diapositiva',
  kind_slideCreate: 'diapositiva nueva',
  kind_slideDelete: 'diapositiva eliminada',
  kind_bannerEdit: 'cambios del banner',
  kind_bannerCreate: 'banner nuevo',
  kind_bannerDelete: 'banner eliminado',
  kind_headerDelete: 'encabezado eliminado',
  kind_headerApply: 'encabezado aplicado',
  kind_headerUnapply: 'encabezado quitado de la tienda',
  kind_slideOrder: 'orden de las diapositivas',
  kind_catalogueCreate: 'catálogo nuevo',
  kind_catalogueEdit: 'cambios del catálogo',
  kind_catalogueDelete: 'catálogo eliminado',
};
export type PanelHistoryLabels = typeof defaultPanelHistoryLabels;
export const PANEL_HISTORY_LABEL_KEYS = Object.keys(defaultPanelHistoryLabels) as (keyof PanelHistoryLabels)[];

/** A command's name in words ('color de fondo'). */
export const commandName = (L: PanelHistoryLabels, kind: PanelCommandKind) => L[`kind_${kind}`];

/** The texts in one language, as the editor page passes them (`t` is the request's translator). */
export const panelHistoryLabelsFor = (t: (key: `panelHistory.${keyof PanelHistoryLabels}`) => string): PanelHistoryLabels =>
  Object.fromEntries(PANEL_HISTORY_LABEL_KEYS.map((k) => [k, t(`panelHistory.${k}`)])) as PanelHistoryLabels;
