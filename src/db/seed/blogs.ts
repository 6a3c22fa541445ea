// Demo blog entries (seed 001 §2, §3): four published entries and one unpublished draft for demo-fifth, each with a
// generated cover image owned by the shop's owner. Deterministic: fixed ids (seedUuid) and dates (seedDate); the
// content goes through the same cleaning as the editor's (src/domain/blog/sanitize.ts), so the stored HTML,
// plain text and abstract are exactly what the API would store.
import type { Tx } from '../client.ts';
import { blogEntries, media } from '../schema/index.ts';
import { plainTextOf, sanitizeBlogHtml } from '../../domain/blog/sanitize.ts';
import { blogAbstract, blogSlug } from '../../domain/blog/schema.ts';
import { seedDate, seedUuid } from './ids.ts';
import { mediaUrl, slideImage, toMediaRow, type IconKind, type MediaRow } from './images.ts';

/** The shop the demo entries belong to (its sections include 'blogs'). */
export const DEMO_BLOG_SHOP = 'demo-fifth';

interface BlogDef { title: string; state: 'published' | 'unpublished'; tags: string[]; icon: IconKind; hue: [string, string]; html: string }

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const DEFS: BlogDef[] = [
  {
    title: 'Cómo cuidar tus piezas de barro', state: 'published', tags: ['barro', 'cuidados', 'hogar'], icon: 'vase', hue: ['#b45309', '#78350f'],
    html: `<p>El barro es un material vivo: respira, guarda la humedad y cambia de tono con los años. Con unos cuantos cuidados, tus
      ollas, cántaros y platos artesanales te acompañarán durante generaciones. Estas son las recomendaciones que nos comparten
      los alfareros de Oaxaca y Michoacán con quienes trabajamos.</p>
      <h2>Antes del primer uso</h2>
      <p>Las piezas de barro sin vidriar se <strong>curan</strong> antes de cocinar en ellas: sumérgelas en agua durante una noche,
      déjalas secar a la sombra y frota el interior con un diente de ajo. Así se sellan los poros y el barro no absorbe sabores.</p>
      <h2>En el día a día</h2>
      <ul>
        <li>Lava a mano con agua tibia y jabón neutro; evita el lavavajillas.</li>
        <li>No las expongas a cambios bruscos de temperatura: del refrigerador directo al fuego pueden agrietarse.</li>
        <li>Cocina a fuego bajo o medio y usa un difusor si tu estufa es de inducción.</li>
      </ul>
      <h3>¿Y si aparece una grieta?</h3>
      <p>Las grietas finas en la superficie son normales en el barro bruñido. Si la grieta atraviesa la pieza, úsala como
      maceta o pieza decorativa: seguirá luciendo en tu casa.</p>
      <blockquote><p>«Una olla bien curada cocina mejor con cada guiso.» — Doña Herminia, alfarera de Santa María Atzompa</p></blockquote>`,
  },
  {
    title: 'Textiles del sureste: el bordado de Yucatán', state: 'published', tags: ['textiles', 'bordado', 'Yucatán'], icon: 'needle', hue: ['#0b6b58', '#06372d'],
    html: `<p>El <em>xmanikté</em>, el punto de cruz y el <em>xdeshilado</em> son tres de las técnicas de bordado que las artesanas
      yucatecas transmiten de madre a hija. Cada hipil lleva semanas de trabajo y cuenta una historia con sus flores.</p>
      <h2>Cómo reconocer un bordado a mano</h2>
      <p>Da la vuelta a la prenda: en el bordado hecho a mano el revés muestra pequeñas irregularidades y nudos, mientras que el
      bordado industrial es idéntico por ambos lados. Fíjate también en los colores: los hilos se eligen a mano y rara vez
      coinciden dos piezas.</p>
      <p>Más sobre la prenda tradicional en <a href="https://es.wikipedia.org/wiki/Hipil" target="_blank">la enciclopedia</a>.</p>`,
  },
  {
    title: 'Cinco experiencias para un fin de semana en el sureste', state: 'published', tags: ['experiencias', 'viajes'], icon: 'compass', hue: ['#1d4ed8', '#172554'],
    html: `<p>¿Tienes un fin de semana libre? Estas son las experiencias que más recomiendan nuestros clientes:</p>
      <ol>
        <li><strong>Taller de alfarería</strong> con una familia de artesanos: modela tu propia pieza.</li>
        <li><strong>Ruta de cenotes</strong> en bicicleta, con guía local.</li>
        <li><strong>Clase de cocina tradicional</strong>: cochinita pibil y recado negro.</li>
        <li><strong>Recorrido nocturno</strong> por el centro histórico.</li>
        <li><strong>Visita a un taller de hamacas</strong> y aprende a tejer la tuya.</li>
      </ol>
      <p>Todas se reservan desde la tienda y se pagan en línea.</p>`,
  },
  {
    title: 'Guía de regalos artesanales', state: 'published', tags: ['regalos'], icon: 'bag', hue: ['#9d174d', '#500724'],
    html: `<p>Un regalo hecho a mano dice más que cualquier tarjeta. Reunimos ideas por presupuesto: velas de cera de abeja,
      rebozos ligeros, tazas de barro para el café de la mañana y experiencias para compartir.</p>
      <h2>Para quien lo tiene todo</h2>
      <p>Regala una experiencia: un taller de bordado o de alfarería es un recuerdo que no ocupa espacio.</p>`,
  },
  {
    title: 'Próximamente: colección de temporada', state: 'unpublished', tags: ['novedades'], icon: 'star', hue: ['#6d28d9', '#2e1065'],
    html: `<p>Borrador: la nueva colección llega el próximo mes con piezas de barro negro y textiles en tonos tierra.</p>`,
  },
];

/** The demo entries' ids by slug. */
export const demoBlogId = (slug: string) => seedUuid(`blog:${DEMO_BLOG_SHOP}:${slug}`);

export interface DemoBlogs { media: MediaRow[]; entries: (typeof blogEntries.$inferInsert)[] }

/** Builds the rows (no database access): the shop's id and its owner's profile (the author and the covers' owner). */
export function buildDemoBlogs(shopId: string, ownerProfile: string): DemoBlogs {
  const out: DemoBlogs = { media: [], entries: [] };
  DEFS.forEach((d, i) => {
    const slug = blogSlug(d.title);
    const mediaId = seedUuid(`media:blog:${DEMO_BLOG_SHOP}:${slug}`);
    out.media.push(toMediaRow(mediaId, ownerProfile, slideImage({
      width: 1000, height: 600, headline: capitalised(d.tags[0]!), color1: d.hue[0], color2: d.hue[1], icon: d.icon, fileName: `blog-${slug}.svg`,
    }), seedDate(40_000 + i)));
    const content_html = sanitizeBlogHtml(d.html.replace(/\n\s+/g, ' '));
    const plain_text = plainTextOf(content_html);
    // Newest first in the list: the first entry was changed last.
    const at = seedDate(41_000 - i * 1440);
    out.entries.push({
      id: demoBlogId(slug), shop_id: shopId, author: ownerProfile, slug, title: d.title, content_html, content_json: null,
      plain_text, abstract: blogAbstract(plain_text), tags: d.tags, image: mediaUrl(mediaId), list_state: d.state,
      created_at: seedDate(41_000 - i * 1440 - 60), updated_at: at,
    });
  });
  return out;
}

/** Inserts the demo blog (inside the demo seed's transaction, after shops and profiles). */
export async function insertDemoBlogs(tx: Tx, shopId: string, ownerProfile: string) {
  const rows = buildDemoBlogs(shopId, ownerProfile);
  await tx.insert(media).values(rows.media as never);
  await tx.insert(blogEntries).values(rows.entries);
}
