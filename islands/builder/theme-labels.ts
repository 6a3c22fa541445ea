// Texts of the builder's 'Theme settings' panel, its breakpoint switch and preview widths: the Spanish defaults
// (src/locales/es.json, area "themeSettings"); the editor page passes the request's language (themeLabelsFor(t)).
import { createContext, useContext } from 'react';

export const defaultThemeLabels = {
  open: 'Ajustes del tema',
  title: 'Ajustes del tema',
  intro: 'Colores, letras y bordes de toda la tienda. Lo que dejes vacío sigue al tema.',
  back: 'Volver a las secciones',
  scheme: 'Esquema de color',
  schemeShop: 'Como la tienda',
  schemeLight: 'Claro',
  schemeDark: 'Oscuro',
  colours: 'Colores del esquema {scheme}',
  accent: 'Acento',
  background: 'Fondo',
  text: 'Texto',
  colourHint: 'Hex, rgb() o hsl(); vacío: el del tema ({value})',
  badColour: 'Escribe un color como #1a2b3c, rgb(…) o hsl(…)',
  picker: 'Elegir el color: {name}',
  fonts: 'Letras',
  fontBody: 'Letra del texto',
  fontHeading: 'Letra de los títulos',
  fontPack: 'La del tema',
  font_system: 'Del sistema',
  font_humanist: 'Humanista',
  font_geometric: 'Geométrica',
  font_rounded: 'Redondeada',
  font_serif: 'Con serifa',
  font_oldstyle: 'Clásica',
  font_mono: 'Monoespaciada',
  sample: 'Así se ve: Tienda de ejemplo 123',
  radius: 'Bordes redondeados',
  radius_card: 'Tarjetas',
  radius_button: 'Botones',
  radius_image: 'Imágenes',
  radiusValue: '{value} px',
  radiusPack: 'del tema: {value}',
  buttons: 'Estilo de los botones',
  button_filled: 'Relleno',
  button_outline: 'Con borde',
  reset: 'Como el tema',
  resetAll: 'Volver a los valores del tema',
  // per-breakpoint settings and preview widths
  breakpoint: 'Ajustes para',
  tablet: 'Tableta',
  bpHint: 'Este ajuste puede cambiar según el ancho de la pantalla.',
  onBreakpoint: '{label} ({breakpoint})',
};
export type ThemeLabels = typeof defaultThemeLabels;
export const THEME_LABEL_KEYS = Object.keys(defaultThemeLabels) as (keyof ThemeLabels)[];

export const ThemeLabelsContext = createContext<ThemeLabels>(defaultThemeLabels);
export const useThemeLabels = () => useContext(ThemeLabelsContext);

/** The texts in one language, as the editor page passes them (`t` is the request's translator). */
export const themeLabelsFor = (t: (key: `themeSettings.${keyof ThemeLabels}`) => string): ThemeLabels =>
  Object.fromEntries(THEME_LABEL_KEYS.map((k) => [k, t(`themeSettings.${k}`)])) as ThemeLabels;
