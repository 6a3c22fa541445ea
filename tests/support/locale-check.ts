// The locale test's rules: texts of the other language and raw codes that must not show on a page, and the shop
// data (names, descriptions, blog entries: the shop's own language) that is never judged. Data comes from the demo
// seed itself, so the test needs no markers in the templates.
import { LOCALE_NAMES, type Locale } from '../../src/lib/i18n/index.ts';
import { buildDemoData, DEMO_SUPPLIER_BRANCHES, DEMO_USERS } from '../../src/db/seed/demo.ts';
import { buildDemoBlogs } from '../../src/db/seed/blogs.ts';
import { buildDemoAbout, DEMO_EXTRAS_SHOP } from '../../src/db/seed/storefront-extras.ts';
import { DEMO_REVIEWERS } from '../../src/db/seed/reviews.ts';
import type { TextPiece } from './visible-text.ts';

/** Spanish interface texts that an English page must not show (labels as the Spanish dictionary writes them). */
export const SPANISH_UI = [
  'Iniciar sesión', 'Inicia sesión', 'Cerrar sesión', 'Crear cuenta', 'Regístrate', 'Correo electrónico', 'Contraseña',
  'Carrito', 'Agregar', 'Agregar al carrito', 'Comprar ahora', 'Cerrar', 'Buscar', 'Guardar', 'Cancelar', 'Eliminar',
  'Pagar', 'Mis compras', 'Mis boletos', 'Ver más', 'Mostrar más', 'Productos', 'Servicios', 'Experiencias', 'Catálogos',
  'Inicio', 'Volver', 'Siguiente', 'Anterior', 'Cantidad', 'Envío', 'Disponible', 'Agotado', 'Sobre pedido', 'Página',
  'Pedido', 'Obligatorio', 'Configuración', 'Ayuda', 'Red comercial', 'Opiniones', 'Franquicias', 'Alertas', 'Ventas',
  'Preferencias', 'Cargando', 'Editar', 'Compartir', 'Entrar', 'Nombre', 'Teléfono', 'Dirección', 'Enviar', 'Subtotal del',
  'Método de pago', 'Esperando', 'Avanzar', 'Tienes', 'Ordenar', 'Más relevantes', 'Sin resultados', 'Tiendas destacadas',
] as const;

/** English interface texts that a Spanish page must not show, the server messages of issue 10 among them. */
export const ENGLISH_UI = [
  'Sign in', 'Log in', 'Sign up', 'Sign off', 'Log out', 'Cart', 'Search', 'Add to cart', 'Buy now', 'Checkout',
  'The e-mail or the password is not correct', 'Required', 'Invalid input', 'The body is not valid', 'Quantity exceeded',
  'Page not found', 'Not found', 'Products', 'Services', 'Experiences', 'Catalogues', 'Save', 'Cancel', 'Close', 'Delete',
  'Next', 'Previous', 'Loading', 'Settings', 'Orders', 'My orders', 'Price', 'Quantity', 'Shipping', 'Payment',
  'Available', 'Out of stock', 'Home', 'Back', 'Title', 'Subtitle', 'Items shown', 'Header carousel', 'Stripe card',
  'Cash on delivery', 'Bank deposit', 'Password', 'E-mail', 'Phone', 'Address', 'Submit', 'Edit', 'Remove',
  'Show more', 'See more', 'Share', 'Help', 'Welcome', 'supplier', 'Waiting', 'Pending', 'Paid', 'Delivered',
] as const;

/** English words Spanish never uses (whole words, any case): a sentence left in English. */
const ENGLISH_WORDS = /\b(?:the|and|with|your|you|not|is|are|this|to|for|of|from|please|yet|only|must)\b/i;
/** Spanish marks English never uses: '¿', '¡', common Spanish word endings and small words. */
const SPANISH_MARKS = /[¿¡]|\b\w+(?:ción|ciones|ñ\w*)\b|(?<![\p{L}])(?:del|las|los|para|una|por|tus|está|más|aquí|también|después|sección|aún)(?![\p{L}])/iu;

/** Codes that must become words. */
export const RAW_CODES = ['AFFILIATE', 'FRANCHISE', 'AFFINITY', 'str_card', '3cols1col', 'charge_id', 'barcode_format', 'clabe:', 'undefined', 'null', 'NaN', '[object Object]'] as const;
/** enum-like snake_case tokens (sent_to_supplier, requires_action, bdr_cir), and keys left untranslated (area.key). */
const SNAKE_CODE = /(?<![\w@./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w@.-])/;
// Money as formatMoney writes it: "$1,499.00" in es and en (',' groups, '.' decimals, the symbol touching the digits),
// "$ 1.499,00" in es-AR ('.' groups, ',' decimals, a space after the symbol). Each regex is the other style.
const MONEY_DOT_DECIMALS = /(?<![\w.,])[$€£]\d{1,3}(?:,\d{3})*\.\d{2}(?!\d)/;
const MONEY_COMMA_DECIMALS = /(?<![\w.,])[$€£][\s\u00a0]\d{1,3}(?:\.\d{3})*,\d{2}(?!\d)/;
const I18N_KEY = /(?<![\w@./-])(?:common|header|auth|errors|cart|checkout|platform|layout|sandbox|catalogue|product|adminUi|apiErrors|sections|tickets|customer|payment|supplier)\.[a-z][A-Za-z_]+(?![\w.-])/;

const SAT_CATALOGUE = /^(?:\d{3}|[GIDS]\d{2}|CP01|CN01) — /;

export interface Finding { locale: Locale; page: string; kind: 'language' | 'code' | 'status' | 'money'; match: string; where: string; context: string }

// ---------- shop data: never judged ----------

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
/** A seed string is data people read when it is words (a space or a capital), not a code ('3cols1col', 'onstock'). */
const isWords = (s: string) => /\s/.test(s) || /[A-ZÁÉÍÓÚÑ]/.test(s);

function collect(value: unknown, out: Set<string>, depth = 0) {
  if (depth > 8) return;
  if (typeof value === 'string') {
    const segments = value.includes('<') ? value.split(/<[^>]*>/) : [value];
    for (const seg of segments) {
      const s = squash(seg.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'"));
      if (s.length >= 2 && isWords(s)) out.add(s);
    }
  } else if (Array.isArray(value)) value.forEach((v) => collect(v, out, depth + 1));
  else if (value && typeof value === 'object' && !(value instanceof Date)) Object.values(value).forEach((v) => collect(v, out, depth + 1));
}

// A data text that is exactly an interface label ('Productos') cannot tell data from chrome: it excuses nothing.
const LABELS = new Set<string>([...SPANISH_UI, ...ENGLISH_UI]);
const notLabels = (texts: Iterable<string>) => [...texts].filter((s) => !LABELS.has(s));

/** Texts in a JSON answer (shop, catalogues, items, blog entries as they are now), as data. */
export function dataStringsOf(json: unknown): string[] {
  const out = new Set<string>();
  collect(json, out);
  return notLabels(out);
}

/** Every text the demo seed writes (shops, products, catalogues, slides, headers, blogs, people), plus `extra`. */
export function demoDataStrings(extra: unknown[] = []): string[] {
  const out = new Set<string>();
  const d = buildDemoData('x');
  collect([d.shops, d.products, d.catalogues, d.suppliers, d.profiles, d.users, d.plans], out);
  const fifth = d.shops.find((s) => s.slug === 'demo-fifth')!;
  collect(buildDemoBlogs(fifth.id!, fifth.owner!).entries, out);
  const basic = d.shops.find((x) => x.slug === DEMO_EXTRAS_SHOP)!;
  collect(buildDemoAbout(basic.id!, basic.owner!), out);
  // A language switch names each language in itself ('Español' on an English page is right).
  collect([DEMO_SUPPLIER_BRANCHES, DEMO_USERS, DEMO_REVIEWERS, Object.values(LOCALE_NAMES), extra], out);
  return notLabels(out);
}

// ---------- the check ----------

export class LocaleChecker {
  private readonly containing = new Map<string, string[]>();
  constructor(private readonly data: string[]) {}

  /** Data strings that contain `s` (cached). */
  private dataWith(s: string): string[] {
    let list = this.containing.get(s);
    if (!list) { list = this.data.filter((d) => d.includes(s)); this.containing.set(s, list); }
    return list;
  }

  /** Whether the match at [start, end) of `text` lies inside shop data: the piece is a data string or the start of
   *  a long one (a description cut to fit, '…' or not), or a data string occurs in the piece around the match. A
   *  short piece that merely occurs inside some description ('Productos') is interface text, not data. */
  isData(text: string, start: number, end: number, extra: readonly string[] = []): boolean {
    const m = text.slice(start, end);
    const candidates = [...this.dataWith(m), ...extra.filter((d) => d.includes(m))];
    const cut = text.replace(/(?:…|\.\.\.)$/, '').trim();
    for (const d of candidates) {
      if (d === text || (cut.length >= 24 && d.startsWith(cut))) return true;
      for (let i = text.indexOf(d); i >= 0; i = text.indexOf(d, i + 1)) if (i <= start && i + d.length >= end) return true;
    }
    return false;
  }

  /** `extra`: data of this page beyond the seed (what other tests wrote meanwhile: a header, a catalogue). */
  check(locale: Locale, page: string, pieces: TextPiece[], extra: readonly string[] = []): Finding[] {
    const isData = (t: string, a: number, b: number) => this.isData(t, a, b, extra);
    const found: Finding[] = [];
    const seen = new Set<string>();
    const add = (kind: Finding['kind'], match: string, p: TextPiece) => {
      const key = `${kind}|${match}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ locale, page, kind, match, where: p.where, context: p.text.slice(0, 160) });
    };
    const phrases: readonly string[] = locale === 'en' ? SPANISH_UI : ENGLISH_UI;
    const words = locale === 'en' ? SPANISH_MARKS : ENGLISH_WORDS;
    for (const p of pieces) {
      const t = p.text;
      // The tax authority's (SAT) catalogues for invoices ('616 — Sin obligaciones fiscales') are legal names,
      // shown as the SAT writes them in every language.
      if (SAT_CATALOGUE.test(t)) continue;
      for (const phrase of phrases) {
        const re = new RegExp(`(?<![\\p{L}\\p{N}_])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'gu');
        for (const m of t.matchAll(re)) if (!isData(t, m.index, m.index + m[0].length)) add('language', phrase, p);
      }
      // Island props carry data and codes as well as labels: only the phrase lists apply to them.
      if (p.kind === 'prop') continue;
      // E-mail addresses are data, whatever their letters (a test's random 'lote-una9ymgt@…' once read as Spanish):
      // masked with spaces, so the positions still point into `t`.
      const w = words.exec(t.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, (a) => ' '.repeat(a.length)));
      if (w && !isData(t, w.index, w.index + w[0].length)) add('language', w[0], p);
      for (const code of RAW_CODES) {
        for (let i = t.indexOf(code); i >= 0; i = t.indexOf(code, i + 1)) {
          const word = !/[\w]/.test(t[i - 1] ?? '') && !/[\w]/.test(t[i + code.length] ?? '');
          if (word && !isData(t, i, i + code.length)) add('code', code, p);
        }
      }
      // An amount written in another locale's style (issue 27: es-AR cards printed "$1,499.00" beside "$ 319,00").
      const money = (locale === 'es-AR' ? MONEY_DOT_DECIMALS : MONEY_COMMA_DECIMALS).exec(t);
      if (money && !isData(t, money.index, money.index + money[0].length)) add('money', money[0], p);
      for (const re of [SNAKE_CODE, I18N_KEY]) {
        const m = re.exec(t);
        if (m && !isData(t, m.index, m.index + m[0].length)) add('code', m[0], p);
      }
    }
    return found;
  }
}
