// Texts of the theme builder island: the Spanish defaults (src/locales/es.json, "builder"); the editor page passes
// the request's locale's texts (t('builder.<key>')). `{name}` placeholders are filled with fmt().
import { createContext, useContext } from 'react';

export const defaultBuilderLabels = {
  title: 'Editor del tema',
  loading: 'Cargando el editor…',
  loadFailed: 'No se pudo cargar el tema: {message}',
  undo: 'Deshacer',
  undoHint: 'Deshacer (Ctrl+Z)',
  redo: 'Rehacer',
  redoHint: 'Rehacer (Ctrl+Shift+Z)',
  unsaved: 'Cambios sin guardar',
  saving: 'Guardando…',
  saved: 'Borrador guardado',
  conflict: 'El borrador cambió en otra ventana; se volvió a cargar.',
  notSaved: 'No se guardó: {message}',
  publishing: 'Publicando…',
  published: 'Publicado',
  notPublished: 'No se publicó: {message}',
  fixFields: 'corrige los campos marcados.',
  confirmDiscard: '¿Descartar el borrador? Se perderán los cambios sin publicar.',
  discarded: 'Borrador descartado',
  saveDraft: 'Guardar borrador',
  discard: 'Descartar',
  publish: 'Publicar',
  /** The one save model, said on screen (issue 27). */
  saveModel: 'Cada cambio se publica en tu tienda al instante; Deshacer lo revierte.',
  saveNow: 'Guardar ahora',
  alsoEdit: 'Lo que muestra esta sección',
  panel: 'Secciones y ajustes',
  template: 'Plantilla',
  pack: 'Tema',
  packPublished: 'publicado',
  previewNote: 'Vista previa con el tema «{pack}»; la tienda sigue con «{published}» hasta publicar.',
  warnings: 'Avisos: {count}',
  themeSettings: 'Ajustes del tema',
  sections: 'Secciones',
  addSection: 'Añadir sección',
  add: 'Añadir',
  preview: 'Vista previa',
  width: 'Ancho',
  desktop: 'Escritorio',
  phone: 'Teléfono',
  openTab: 'Abrir en otra pestaña',
  previewFrame: 'Vista previa de la tienda',
  page_home: 'Inicio',
  page_catalogue_list: 'Lista de catálogos',
  page_catalogue: 'Catálogo',
  page_search: 'Búsqueda',
  page_product: 'Producto',
  page_cart: 'Carrito',
  page_blog: 'Blog',
  // section list
  dragHelp: 'Para mover una sección: espacio para tomarla, flechas para moverla, espacio para soltarla, Escape para cancelar.',
  dragStart: 'Sección {name} tomada.',
  dragOver: 'Sección {name} sobre {over}.',
  dragEnd: 'Sección {name} soltada en {over}.',
  dragCancel: 'Movimiento de {name} cancelado.',
  move: 'Mover {name}',
  hidden: 'oculta',
  hasErrors: 'con errores',
  show: 'Mostrar {name}',
  hide: 'Ocultar {name}',
  showShort: 'Mostrar',
  hideShort: 'Ocultar',
  remove: 'Quitar {name}',
  removeShort: 'Quitar',
  // settings form
  settingsOf: 'Ajustes: {name}',
  unknownType: 'Tipo de sección desconocido: {type}',
  noSettings: 'Esta sección no tiene ajustes.',
  unknownSetting: 'El ajuste «{setting}» no es de «{name}»; se conserva pero no se usa.',
  slider: '{name} (control deslizante)',
  scheme_light: 'Claro',
  scheme_dark: 'Oscuro',
  scheme_accent: 'Acento',
  uploading: 'Subiendo…',
  upload: 'Subir imagen',
  productSearch: '{name}: buscar',
  productSearchPlaceholder: 'Buscar producto…',
  // client-side checks
  required: 'Obligatorio',
  aNumber: 'Escribe un número',
  atLeast: 'Mínimo {min}',
  atMost: 'Máximo {max}',
  yesNo: 'Sí o no',
  chooseOption: 'Elige una opción',
  aColour: 'Un color como #1a2b3c',
  unknownScheme: 'Esquema desconocido',
  tooLong: 'Máximo {max} caracteres',
  aLink: 'Un enlace que empiece con / o http(s)://',
  anUpload: 'Una imagen subida (/media/...)',
  badFormat: 'Formato no válido',
  // the shop's editors as panels
  tools: 'Tienda',
  backToSections: 'Volver a las secciones',
  toolSaved: 'Los cambios se guardaron',
  toolLoading: 'Cargando…',
};
export type BuilderLabels = typeof defaultBuilderLabels;
export const BUILDER_LABEL_KEYS = Object.keys(defaultBuilderLabels) as (keyof BuilderLabels)[];

/** 'Mínimo {min}', { min: 4 } -> 'Mínimo 4' */
export const fmt = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));

export const BuilderLabelsContext = createContext<BuilderLabels>(defaultBuilderLabels);
export const useLabels = () => useContext(BuilderLabelsContext);

/** The texts in one language, as the editor page passes them (`t` is the request's translator; area "builder"). */
export const builderLabelsFor = (t: (key: `builder.${keyof BuilderLabels}`) => string): BuilderLabels =>
  Object.fromEntries(BUILDER_LABEL_KEYS.map((k) => [k, t(`builder.${k}`)])) as BuilderLabels;
