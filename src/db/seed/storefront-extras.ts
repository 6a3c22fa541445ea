// Demo data for the footer pages and the storefront sliders (issues 13, 14): demo-basic gets an about entry
// ({shop}/acerca; a blog entry the shop points to with shops.about_entry_id, shown even though its blog section is
// off) and a published theme whose home places a catalogue slider and a product slider, both with autoplay OFF,
// so the demo shows them without adding any JavaScript to the page. Deterministic ids and dates.
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { blogEntries, shops, shopThemes } from '../schema/index.ts';
import { plainTextOf, sanitizeBlogHtml } from '../../domain/blog/sanitize.ts';
import { blogAbstract } from '../../domain/blog/schema.ts';
import type { ThemeDocument } from '../../domain/admin/schema.ts';
import { seedDate, seedUuid } from './ids.ts';

export const DEMO_EXTRAS_SHOP = 'demo-basic';
export const demoAboutId = seedUuid(`blog:${DEMO_EXTRAS_SHOP}:about`);

const ABOUT_HTML = `<p>La Tiendita del Centro nació en 2019 en un local de la calle Madero, con tres mesas de artesanías y un
  mostrador de café. Hoy reunimos en línea piezas de talleres familiares de todo México y las enviamos a todo el país.</p>
  <h2>Cómo trabajamos</h2>
  <ul><li>Conocemos a cada proveedor y visitamos sus talleres.</li><li>Pagamos precios justos y a tiempo.</li>
  <li>Empacamos con material reciclado.</li></ul>
  <p>¿Tienes una pregunta? Escríbenos desde la página de contacto y te respondemos en un día hábil.</p>`;

/** The about entry's row (no database access); the locale test reads its texts as shop data. */
export function buildDemoAbout(shopId: string, ownerProfile: string) {
  const content_html = sanitizeBlogHtml(ABOUT_HTML.replace(/\n\s+/g, ' '));
  const plain_text = plainTextOf(content_html);
  return {
    id: demoAboutId, shop_id: shopId, author: ownerProfile, slug: 'quienes-somos', title: 'Quiénes somos', content_html,
    content_json: null, plain_text, abstract: blogAbstract(plain_text), tags: ['nosotros'], image: null,
    list_state: 'published' as const, created_at: seedDate(39_000), updated_at: seedDate(39_000),
  };
}

/** demo-basic's home: the pack's sections with the catalogue strip replaced by a catalogue slider and a product slider of 'Novedades'. */
export function demoSliderTheme(novedadesId: string): ThemeDocument {
  const s = (id: string, type: string, settings: Record<string, string | number | boolean> = {}) => ({ id, type, disabled: false, settings, blocks: [] });
  return {
    pack: 'basic',
    settings: {},
    tokens: {},
    templates: {
      home: {
        sections: [
          s('search', 'search-bar'), s('carousel', 'header-carousel'),
          s('catalogue-slider', 'catalogue-slider', { autoplay: false }),
          s('new-products', 'product-slider', { source: 'catalogue', catalogue: novedadesId, limit: 10, autoplay: false }),
          s('products', 'products'), s('services', 'services'), s('experiences', 'experiences'), s('franchises', 'franchises'), s('retail', 'retail'),
        ],
      },
    },
  };
}

export async function insertDemoStorefrontExtras(tx: Tx, shopId: string, ownerProfile: string, novedadesId: string) {
  await tx.insert(blogEntries).values(buildDemoAbout(shopId, ownerProfile));
  await tx.update(shops).set({ about_entry_id: demoAboutId }).where(eq(shops.id, shopId));
  const doc = demoSliderTheme(novedadesId);
  await tx.insert(shopThemes).values({ shop_id: shopId, draft: doc, draft_version: 1, draft_updated_at: seedDate(39_100), published: doc, published_at: seedDate(39_100) });
}
