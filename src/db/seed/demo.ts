// The demo data set: plans, seven shops (one per theme pack plus franchise, disabled and the root affinity
// store), their owners and a few other users, four suppliers with ~280 products/services/experiences,
// shop assortments, catalogues and generated pictures. Deterministic: same ids and content on every run
// (only the password hash differs, scrypt salts are random). Inserted in one transaction, only into an
// empty database (no shops yet).
import { insertDemoHistory } from './history.ts';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbHandle, Tx } from '../client.ts';
import {
  catalogueProducts, catalogues, media, operatorActions, plans, products, profiles, shopFranchises, shopMemberships, shopProducts, shops, supplierBranches, suppliers, users,
  type AddressFields,
} from '../schema/index.ts';
import { hashPassword } from '../../domain/accounts/password.ts';
import { storeThemeInfoSchema, type StoreThemeInfo } from '../../domain/shops/schema.ts';
import { PLAN_DEFAULTS, PLAN_IDS, type ShopPermission, type UserLevel } from '../../lib/shared/constants.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/shared/intl.ts';
import { configurationGaps } from '../../domain/suppliers/rules.ts';
import { mulberry32, seedDate, seedUuid, slugify } from './ids.ts';
import { DEMO_BLOG_SHOP, insertDemoBlogs } from './blogs.ts';
import { DEMO_TICKET_STAFF, insertDemoTicketStaff } from './tickets.ts';
import { insertDemoReviews } from './reviews.ts';
import { insertDemoWallet } from './wallet.ts';
import { insertDemoMail } from './mail.ts';
import { insertDemoPromoted } from './promoted.ts';
import { DEMO_EXTRAS_SHOP, insertDemoStorefrontExtras } from './storefront-extras.ts';
import { insertDemoPeople } from './people.ts';
import { insertDemoCampaigns } from './campaigns.ts';
import { insertDemoSubscription } from './plans.ts';
import { insertDemoHeadersAndBanners } from './banners.ts';
import {
  catalogueImage, logoImage, mediaUrl, productImage, slideImage, supplierImage, toMediaRow,
  type IconKind, type MediaRow, type SvgImage,
} from './images.ts';
import { CATEGORIES, generateItem, itemName, SUPPLIER_SPECS, type GeneratedItem, type SupplierSpec } from './words.ts';

export const DEMO_PASSWORD = 'demo-password-1';

// ---------- stable ids ----------

/** The deterministic ids of every demo row, by key. */
export const demoId = {
  shop: (slug: string) => seedUuid(`shop:${slug}`),
  user: (key: string) => seedUuid(`user:${key}`),
  userProfile: (key: string) => seedUuid(`profile:user:${key}`),
  supplier: (key: string) => seedUuid(`supplier:${key}`),
  supplierProfile: (key: string) => seedUuid(`profile:supplier:${key}`),
  /** Product ids are keyed by supplier key and product slug. */
  product: (supplierKey: string, slug: string) => seedUuid(`product:${supplierKey}:${slug}`),
  catalogue: (shopSlug: string, slug: string) => seedUuid(`catalogue:${shopSlug}:${slug}`),
  media: (key: string) => seedUuid(`media:${key}`),
};

// ---------- suppliers ----------

const SUPPLIER_ICONS: Record<string, IconKind> = { textiles: 'shirt', cafe: 'coffee', aventura: 'mountain', barro: 'vase' };

export interface DemoSupplier {
  key: string;
  id: string;
  profileId: string;
  name: string;
  /** The supplier profile's slug. */
  slug: string;
  is_configured: boolean;
}

interface DemoBranch { key: string; supplier: string; name: string; phone: string; hours: string; address: Omit<AddressFields, 'address_name' | 'address_phone'> }

const branchAddress = (a: { street: string; number: string; sublocality: string; locality: string; state: string; postal_code: string }): DemoBranch['address'] => ({
  street_address: a.street, route: a.street, street_number: a.number, country: 'MX', administrative_area_level_1: a.state,
  administrative_area_level_2: a.locality, administrative_area_level_3: null, administrative_area_level_4: null, administrative_area_level_5: null,
  locality: a.locality, sublocality: a.sublocality, postal_code: a.postal_code,
  formatted_address: `${a.street} ${a.number}, ${a.sublocality}, ${a.locality}, ${a.state}, ${a.postal_code}, MX`,
});

/**
 * Where a 'collection' order is picked up (seed 001 §2: the order detail shows the branch address and phone):
 * Textiles del Bajío has two branches, Café de Altura one; Aventura MX and Barro y Madera none, so they offer no
 * collection. Listed at checkout in this order.
 */
export const DEMO_SUPPLIER_BRANCHES: readonly DemoBranch[] = [
  {
    key: 'textiles:leon-centro', supplier: 'textiles', name: 'Tienda León Centro', phone: '4777123456', hours: 'Lunes a viernes 9:00–19:00, sábado 10:00–14:00',
    address: branchAddress({ street: 'Calle Francisco I. Madero', number: '212', sublocality: 'Zona Centro', locality: 'León', state: 'Guanajuato', postal_code: '37000' }),
  },
  {
    key: 'textiles:celaya', supplier: 'textiles', name: 'Tienda Celaya', phone: '4616124500', hours: 'Lunes a sábado 10:00–18:00',
    address: branchAddress({ street: 'Av. Benito Juárez', number: '145', sublocality: 'Centro', locality: 'Celaya', state: 'Guanajuato', postal_code: '38000' }),
  },
  {
    key: 'cafe:coatepec', supplier: 'cafe', name: 'Tostaduría Coatepec', phone: '2288165432', hours: 'Todos los días 8:00–20:00',
    address: branchAddress({ street: 'Calle Jiménez del Campillo', number: '18', sublocality: 'Centro', locality: 'Coatepec', state: 'Veracruz', postal_code: '91500' }),
  },
];

/** The supplier_branches rows of DEMO_SUPPLIER_BRANCHES: fixed ids and creation times. */
export function demoSupplierBranchRows(): Row<typeof supplierBranches>[] {
  return DEMO_SUPPLIER_BRANCHES.map((b, i) => ({
    id: seedUuid(`branch:${b.key}`), supplier_id: demoId.supplier(b.supplier), name: b.name, phone: b.phone, hours: b.hours,
    address: { address_name: b.name, address_phone: b.phone, ...b.address }, enabled: true, created_at: seedDate(4_000 + i),
  }));
}

/**
 * Whether a demo supplier can sell, by the same rule the settings use (every demo supplier sells physical products;
 * all its branches are enabled). Methods count as taken: a server without the sandbox providers checks them again
 * where a purchase starts (sellsHere).
 */
const demoConfigured = (s: SupplierSpec) => configurationGaps({
  ...s, currency: 'MXN', needs_delivery: true, branches: DEMO_SUPPLIER_BRANCHES.filter((b) => b.supplier === s.key).length,
}, () => true).length === 0;

export const DEMO_SUPPLIERS: Record<string, DemoSupplier> = Object.fromEntries(SUPPLIER_SPECS.map((s) => [s.key, {
  key: s.key, id: demoId.supplier(s.key), profileId: demoId.supplierProfile(s.key), name: s.name, slug: s.slug,
  is_configured: demoConfigured(s),
}]));

// ---------- users ----------

interface UserDef {
  email: string;
  name: string;
  user_level: UserLevel;
  /** Slug of the shop this user owns, if any. */
  owns: string | null;
  profileSlug: string;
  /** What the account is for, shown by the start script. */
  role: string;
  /** The user acts as this supplier: its profile is the supplier's dssupplier profile. */
  supplier?: string;
  mainType?: 'affinity' | 'dssupplier' | 'referral';
}

const USER_DEFS = {
  admin03: { email: 'admin03@demo.test', name: 'Ana Sofía Treviño', user_level: 'ul2', owns: 'demo-03', profileSlug: 'ana-trevino', role: 'owner of demo-03' },
  admin04: { email: 'admin04@demo.test', name: 'Jorge Luis Medina', user_level: 'ul2', owns: 'demo-04', profileSlug: 'jorge-medina', role: 'owner of demo-04' },
  adminfifth: { email: 'adminfifth@demo.test', name: 'Mariana Quintero', user_level: 'ul2', owns: 'demo-fifth', profileSlug: 'mariana-quintero', role: 'owner of demo-fifth' },
  adminbasic: { email: 'adminbasic@demo.test', name: 'Luis Ramírez Olvera', user_level: 'ul2', owns: 'demo-basic', profileSlug: 'luis-ramirez', role: 'owner of demo-basic' },
  adminfranquicia: { email: 'adminfranquicia@demo.test', name: 'Patricia Franco', user_level: 'ul2', owns: 'demo-franquicia', profileSlug: 'patricia-franco', role: 'owner of demo-franquicia' },
  admindeshabilitada: { email: 'admindeshabilitada@demo.test', name: 'Diego Solís', user_level: 'ul2', owns: 'demo-deshabilitada', profileSlug: 'diego-solis', role: 'owner of demo-deshabilitada' },
  coordinador: { email: 'coordinador@demo.test', name: 'Carmen Villalobos', user_level: 'ul2', owns: 'red-demo', profileSlug: 'carmen-villalobos', mainType: 'affinity', role: 'owner of red-demo (root affinity store), admin permission on demo-franquicia' },
  cliente: { email: 'cliente@demo.test', name: 'Rosa Martínez', user_level: 'ul0', owns: null, profileSlug: 'rosa-martinez', role: 'customer (ul0), member of demo-03 without permissions' },
  emprendedor: { email: 'emprendedor@demo.test', name: 'Emilio Robles', user_level: 'ul1', owns: null, profileSlug: 'emilio-robles', role: 'entrepreneur without shop (ul1), accountant of demo-03' },
  abretienda: { email: 'abretienda@demo.test', name: 'Valeria Campos', user_level: 'ul1', owns: null, profileSlug: 'valeria-campos', role: 'entrepreneur without shop (ul1) who can open a free store at /asistentes/emprendedores' },
  operador: { email: 'operador@demo.test', name: 'Olga Operación', user_level: 'ul3', owns: null, profileSlug: 'olga-operacion', role: 'platform operator (ul3): the money reconciliation report' },
  proveedor: { email: 'proveedor@demo.test', name: 'Guadalupe Herrera', user_level: 'ul0', owns: null, profileSlug: 'textiles-del-bajio', supplier: 'textiles', mainType: 'dssupplier', role: 'supplier Textiles del Bajío (dssupplier profile)' },
  proveedorcafe: { email: 'cafe@demo.test', name: 'Tomás Aguilar', user_level: 'ul0', owns: null, profileSlug: 'cafe-de-altura', supplier: 'cafe', mainType: 'dssupplier', role: 'supplier Café de Altura, the franchise supplier of demo-franquicia (packing lists at /apps/me/supplier/packing)' },
  proveedoraventura: { email: 'aventura@demo.test', name: 'Rodrigo Pineda', user_level: 'ul0', owns: null, profileSlug: 'aventura-mx', supplier: 'aventura', mainType: 'dssupplier', role: 'supplier Aventura MX (takes bank deposits: marks them received on its sale page, ships with carrier and tracking number)' },
} as const satisfies Record<string, UserDef>;

export type DemoUserKey = keyof typeof USER_DEFS;

export interface DemoUser extends UserDef {
  key: DemoUserKey;
  id: string;
  profileId: string;
}

/** The demo accounts by key, e.g. DEMO_USER_BY_KEY.admin03.email; all use DEMO_PASSWORD. */
export const DEMO_USER_BY_KEY = Object.fromEntries(Object.entries(USER_DEFS).map(([key, d]) => {
  const def: UserDef = d;
  const profileId = def.supplier ? demoId.supplierProfile(def.supplier) : demoId.userProfile(key);
  return [key, { ...def, key, id: demoId.user(key), profileId }];
})) as Record<DemoUserKey, DemoUser>;

/** The demo accounts as a list (same objects as DEMO_USER_BY_KEY). */
export const DEMO_USERS: readonly DemoUser[] = Object.values(DEMO_USER_BY_KEY);

/** Shop memberships besides ownership (seed 000 §6): who may act for a shop and how. */
export const DEMO_MEMBERSHIPS: readonly { shop: string; user: DemoUserKey; permissions: ShopPermission[] }[] = [
  { shop: 'demo-03', user: 'cliente', permissions: [] },
  { shop: 'demo-03', user: 'emprendedor', permissions: ['accountant'] },
  { shop: 'demo-franquicia', user: 'coordinador', permissions: ['admin'] },
];

// ---------- shops ----------

type ShopInsert = typeof shops.$inferInsert;

interface SlideDef {
  headline: string;
  subline?: string;
  button?: string;
  icon: IconKind;
  /** URL slide with a link, a product slide (first item of that category in the shop), or no action. */
  kind: 'url' | 'product' | 'none';
  url?: string;
  productCategory?: string;
  url_target?: '_self' | '_blank';
  target?: 'all' | 'anon' | 'ul0' | 'ul1' | 'ul2';
}

interface CatalogueDef {
  slug: string;
  name: string;
  icon: IconKind;
  hue: number;
  /** Which of the shop's items go in (kept in the shop's order). */
  pick: 'first' | 'offers' | 'none' | { categories: string[] } | { type: 'service' | 'experience' };
  limit?: number;
}

interface ShopDef {
  slug: string;
  owner: DemoUserKey;
  /** How many items the shop offers; `supplier` restricts them to one supplier. */
  itemCount: number;
  supplier?: string;
  wideLogo?: boolean;
  columns: 1 | 2;
  signup_form?: 'complete' | 'basic';
  sections: StoreThemeInfo['sections_info'];
  slides: SlideDef[];
  header?: Omit<NonNullable<StoreThemeInfo['header_info']>, 'product' | 'product_supplier' | 'url' | 'subtitle' | 'description' | 'target' | 'button_label'> & {
    subtitle?: string; description?: string; url?: string; productCategory?: string;
    target?: NonNullable<StoreThemeInfo['header_info']>['target'];
    button_label?: NonNullable<StoreThemeInfo['header_info']>['button_label'];
  };
  catalogues: CatalogueDef[];
  color1: string;
  color2: string;
  row: Omit<ShopInsert, 'id' | 'owner' | 'slug' | 'store_theme_info' | 'photo' | 'root_affinity_store_id'>;
}

const GROUPS = {
  moda: ['ropa', 'vestidos', 'accesorios', 'hogar', 'costura'],
  cafe: ['cafe', 'tazas', 'despensa', 'barismo', 'fincas'],
  aventura: ['equipo', 'brujula', 'guias', 'tours', 'montana', 'globo'],
  artesania: ['barro', 'madera', 'ceramica', 'talleresVisita'],
};

const CAT = {
  novedades: (limit: number): CatalogueDef => ({ slug: 'novedades', name: 'Novedades', icon: 'star', hue: 45, pick: 'first', limit }),
  ofertas: { slug: 'ofertas', name: 'Ofertas de temporada', icon: 'tag', hue: 0, pick: 'offers', limit: 40 } as CatalogueDef,
  moda: { slug: 'moda-y-textiles', name: 'Moda y textiles', icon: 'shirt', hue: 210, pick: { categories: GROUPS.moda }, limit: 40 } as CatalogueDef,
  cafe: { slug: 'cafe-y-cocina', name: 'Café y cocina', icon: 'cup', hue: 25, pick: { categories: GROUPS.cafe }, limit: 40 } as CatalogueDef,
  aventura: { slug: 'aventura-al-aire-libre', name: 'Aventura al aire libre', icon: 'mountain', hue: 140, pick: { categories: GROUPS.aventura }, limit: 40 } as CatalogueDef,
  artesania: { slug: 'artesanias', name: 'Artesanías mexicanas', icon: 'vase', hue: 12, pick: { categories: GROUPS.artesania }, limit: 40 } as CatalogueDef,
  experiencias: { slug: 'experiencias', name: 'Experiencias para regalar', icon: 'ticket', hue: 280, pick: { type: 'experience' }, limit: 40 } as CatalogueDef,
  servicios: { slug: 'servicios-y-talleres', name: 'Servicios y talleres', icon: 'needle', hue: 300, pick: { type: 'service' }, limit: 40 } as CatalogueDef,
};

const SHOP_DEFS: readonly ShopDef[] = [
  {
    // Inserted first: demo-03 points at it through root_affinity_store_id.
    slug: 'red-demo', owner: 'coordinador', itemCount: 90, columns: 2, color1: '#be123c', color2: '#881337',
    sections: ['products', 'services', 'experiences', 'franchises'], slides: [],
    header: {
      title: 'Red Emprende México', subtitle: 'Tu tienda en línea, gratis',
      description: 'Vende productos de proveedores mexicanos sin inventario y gana comisiones por cada venta.',
      action_type: 'url', url: '/asistentes/emprendedores', button_label: 'startnow', target: 'ul1',
    },
    catalogues: [CAT.novedades(20), CAT.aventura, CAT.artesania, CAT.servicios],
    row: {
      name: 'Red Emprende México', store_type: 'affinity', theme_pack: 'basic', photo_display: 'bdr_cir',
      seo_description: 'La red de tiendas en línea de emprendedores mexicanos: productos, servicios y experiencias.',
      contact_email: 'soporte@red-emprende.example', contact_phone: '5550001234', contact_country_code: '52',
      whatsapp_country_code: '52', whatsapp_phone: '5550001234',
      users_support_url: 'https://ayuda.red-emprende.example/usuarios',
      franchise_support_url: 'https://ayuda.red-emprende.example/franquicias',
      affiliate_support_url: 'https://ayuda.red-emprende.example/afiliados',
      affiliate_landing: '/emprendedores', dssupplier_landing: '/proveedores', signup_plan: 'negocio_digital',
      facebook: 'https://www.facebook.com/redemprendemx', youtube: 'https://www.youtube.com/@redemprendemx',
      footer_style: '3cols1col', footer_bg: '#881337', footer_fg: '#ffffff',
    },
  },
  {
    slug: 'demo-03', owner: 'admin03', itemCount: 150, columns: 1, signup_form: 'complete', color1: '#0f766e', color2: '#134e4a',
    sections: ['products', 'services', 'experiences', 'franchises'],
    slides: [
      { headline: 'Nueva colección de verano', subline: 'Lino, algodón y bordados hechos a mano en México', button: 'Ver colección', icon: 'shirt', kind: 'url', url: '/catalogos/novedades' },
      { headline: 'Café de altura recién tostado', subline: 'Directo de las fincas de Veracruz y Chiapas', button: 'Comprar', icon: 'coffee', kind: 'product', productCategory: 'cafe' },
      { headline: 'Vive México en cada experiencia', subline: 'Tours, talleres y aventuras para regalar', icon: 'mountain', kind: 'none', target: 'anon' },
    ],
    header: {
      title: 'Hecho en México', subtitle: 'Moda, café y aventuras locales',
      description: 'Productos de talleres y productores mexicanos, con envío a todo el país.',
      action_type: 'signup', button_label: 'signupfree', target: 'all',
    },
    catalogues: [CAT.novedades(70), CAT.moda, CAT.cafe, CAT.experiencias, CAT.ofertas,
      { slug: 'proximamente', name: 'Próximamente', icon: 'star', hue: 200, pick: 'none' }],
    row: {
      name: 'Casa Norte 03', store_type: 'affiliate', theme_pack: '03', photo_display: 'cir',
      seo_description: 'Casa Norte: moda artesanal, café de especialidad y experiencias hechas en México.',
      contact_email: 'hola@casanorte.example', contact_phone: '8112345678', contact_country_code: '52',
      whatsapp_country_code: '52', whatsapp_phone: '8112345678', live_chat_license: 12345678,
      facebook: 'https://www.facebook.com/casanorte03', instagram: 'https://www.instagram.com/casanorte03',
      footer_style: '3cols1col', adornment_type: 'geom-circle', signup_plan: 'tienda_en_linea',
      users_support_url: 'https://ayuda.casanorte.example',
    },
  },
  {
    slug: 'demo-04', owner: 'admin04', itemCount: 110, columns: 2, wideLogo: true, color1: '#7c3aed', color2: '#4c1d95',
    sections: ['products', 'experiences', 'services', 'blogs'],
    slides: [
      { headline: 'Ofertas de temporada', subline: 'Hasta 30% de descuento', button: 'Ver ofertas', icon: 'tag', kind: 'url', url: '/catalogos/ofertas' },
      { headline: 'Aventuras para el fin de semana', subline: 'Reserva hoy tu lugar', button: 'Reservar', icon: 'wave', kind: 'product', productCategory: 'tours' },
      { headline: 'Emprende con nosotros', subline: 'Abre tu tienda sin inventario', button: 'Saber más', icon: 'star', kind: 'url', url: '/emprendedores', url_target: '_blank', target: 'ul1' },
    ],
    header: {
      title: 'Mercado Cuatro Vientos', subtitle: 'Lo mejor de cada temporada',
      description: 'Artesanía, café y aventura seleccionados por nuestro equipo cada semana.',
      action_type: 'product', productCategory: 'tazas', button_label: 'buynow',
    },
    catalogues: [CAT.novedades(24), CAT.ofertas, CAT.aventura, CAT.servicios],
    row: {
      name: 'Mercado Cuatro Vientos', store_type: 'affiliate', theme_pack: '04', photo_display: 'bdr_rec',
      canonical_url: 'https://tienda-04.example', domain: 'tienda-04.example',
      seo_description: 'Mercado Cuatro Vientos: artesanía, café y aventura de productores mexicanos.',
      contact_email: 'contacto@tienda-04.example', contact_phone: '3331234567', contact_country_code: '52',
      twitter: 'https://x.com/cuatrovientosmx', youtube: 'https://www.youtube.com/@cuatrovientosmx',
      instagram: 'https://www.instagram.com/cuatrovientosmx', footer_style: '3cols1col',
      footer_bg: '#2e1065', footer_fg: '#ede9fe', fb_pixel: '123456789012345',
    },
  },
  {
    slug: 'demo-fifth', owner: 'adminfifth', itemCount: 70, columns: 2, color1: '#b45309', color2: '#78350f',
    sections: ['experiences', 'products', 'services', 'blogs'], slides: [],
    catalogues: [CAT.experiencias, CAT.artesania, CAT.novedades(20)],
    row: {
      name: 'Quinta Avenida Artesanal', store_type: 'affiliate', theme_pack: 'fifth', photo_display: 'sq',
      seo_description: 'Quinta Avenida Artesanal: barro, textiles y experiencias del sureste mexicano.',
      contact_email: 'ventas@quintaavenida.example', contact_phone: '9981234567', contact_country_code: '52',
      whatsapp_country_code: '52', whatsapp_phone: '9981234567',
      instagram: 'https://www.instagram.com/quintaavenidaartesanal', darkmode: true,
    },
  },
  {
    slug: 'demo-basic', owner: 'adminbasic', itemCount: 40, columns: 1, color1: '#1f6feb', color2: '#0a3d91',
    sections: ['products', 'services', 'experiences'],
    slides: [{ headline: 'Bienvenido a La Tiendita del Centro', subline: 'Productos mexicanos a un clic', icon: 'bag', kind: 'none' }],
    catalogues: [CAT.novedades(12), CAT.moda, CAT.cafe],
    row: {
      name: 'La Tiendita del Centro', store_type: 'affiliate', theme_pack: 'basic', photo_display: 'bdr_cir',
      seo_description: 'La Tiendita del Centro: lo mejor de los productores mexicanos en un solo lugar.',
      contact_email: 'tiendita@centro.example', contact_phone: '5512345678', contact_country_code: '52',
      hidden_affiliate_banner: true,
    },
  },
  {
    slug: 'demo-franquicia', owner: 'adminfranquicia', itemCount: 999, supplier: 'cafe', columns: 2, wideLogo: true,
    color1: '#92400e', color2: '#451a03', sections: ['products', 'services', 'experiences', 'retail'], slides: [],
    catalogues: [
      CAT.novedades(15),
      { slug: 'cafe-de-grano', name: 'Café de grano y molido', icon: 'coffee', hue: 24, pick: { categories: ['cafe'] } },
      { slug: 'tazas-y-cafeteras', name: 'Tazas y cafeteras', icon: 'cup', hue: 190, pick: { categories: ['tazas'] } },
      { slug: 'cursos-y-rutas', name: 'Cursos y rutas del café', icon: 'ticket', hue: 32, pick: { categories: ['barismo', 'fincas'] } },
    ],
    row: {
      name: 'Café de Altura Franquicias', store_type: 'franchise', theme_pack: 'basic', photo_display: 'rec',
      seo_description: 'Franquicia oficial de Café de Altura: café de especialidad, cursos y rutas del café.',
      contact_email: 'franquicias@cafedealtura.example', contact_phone: '2281234567', contact_country_code: '52',
      whatsapp_country_code: '52', whatsapp_phone: '2281234567', hidden_dssupplier_banner: true,
      franchise_support_url: 'https://cafedealtura.example/franquicias/ayuda',
    },
  },
  {
    slug: 'demo-deshabilitada', owner: 'admindeshabilitada', itemCount: 24, columns: 2, color1: '#475569', color2: '#1e293b',
    sections: ['products', 'services', 'experiences'], slides: [],
    catalogues: [CAT.novedades(10), CAT.ofertas, CAT.moda],
    row: {
      name: 'Boutique Sol de Mayo', store_type: 'affiliate', theme_pack: 'basic', photo_display: 'bdr_sq', disabled: true,
      // Disabled by the operator (issue 25: /apps/operador/tiendas shows who, when and why; the audit log has the row).
      disabled_at: seedDate(20_000), disabled_by: demoId.user('operador'), disabled_reason: 'Datos fiscales vencidos: se reactiva al actualizarlos',
      // The one demo shop outside Mexico: its dates show three hours ahead of Mexico City's.
      time_zone: 'America/Argentina/Buenos_Aires',
      seo_description: 'Boutique Sol de Mayo: moda y accesorios artesanales.',
      contact_email: 'boutique@soldemayo.example',
    },
  },
];

/** Every demo shop slug; the storefront shops are all but the disabled one. */
export const DEMO_SHOP_SLUGS = ['demo-03', 'demo-04', 'demo-fifth', 'demo-basic', 'demo-franquicia', 'demo-deshabilitada', 'red-demo'] as const;
export type DemoShopSlug = (typeof DEMO_SHOP_SLUGS)[number];
export const DEMO_ROOT_AFFINITY_SLUG = 'red-demo';
export const DEMO_OWN_DOMAIN = 'tienda-04.example';
export const DEMO_NOVEDADES_SLUG = 'novedades';

export interface DemoShop {
  slug: DemoShopSlug;
  id: string;
  name: string;
  owner: DemoUserKey;
  ownerProfileId: string;
  theme_pack: string;
  store_type: string;
  /** Catalogue slugs of this shop, in creation order. */
  catalogues: string[];
}

export const DEMO_SHOPS = Object.fromEntries(SHOP_DEFS.map((d) => [d.slug, {
  slug: d.slug as DemoShopSlug, id: demoId.shop(d.slug), name: d.row.name, owner: d.owner,
  ownerProfileId: DEMO_USER_BY_KEY[d.owner].profileId, theme_pack: d.row.theme_pack ?? 'basic',
  store_type: d.row.store_type ?? 'affiliate', catalogues: d.catalogues.map((c) => c.slug),
}])) as Record<DemoShopSlug, DemoShop>;

export const DEMO_PLANS: readonly { id: (typeof PLAN_IDS)[number]; name: string }[] = [
  { id: 'plan_profesional', name: 'Plan Profesional' },
  { id: 'tienda_en_linea', name: 'Tienda en Línea' },
  { id: 'negocio_digital', name: 'Negocio Digital' },
  { id: 'facturacion_electronica', name: 'Facturación Electrónica' },
];

// ---------- items ----------

export interface DemoItem {
  id: string;
  slug: string;
  supplier: SupplierSpec;
  gen: GeneratedItem;
}

/** The ~280 demo items, in a fixed order (supplier by supplier, category by category). */
export function buildDemoItems(): DemoItem[] {
  const items: DemoItem[] = [];
  for (const sup of SUPPLIER_SPECS) {
    const names = new Set<string>();
    const slugs = new Set<string>();
    for (const [catKey, n] of Object.entries(sup.mix)) {
      const cat = CATEGORIES[catKey];
      if (!cat) throw new Error(`unknown category ${catKey}`);
      const rng = mulberry32(`items:${sup.key}:${catKey}`);
      for (let i = 0; i < n; i++) {
        let picked = itemName(cat, rng);
        for (let tries = 0; names.has(picked.name) && tries < 40; tries++) picked = itemName(cat, rng);
        let name = picked.name;
        for (let k = 2; names.has(name); k++) name = `${picked.name} edición ${k}`;
        names.add(name);
        const base = slugify(name);
        let slug = base;
        for (let k = 2; slugs.has(slug); k++) slug = `${base}-${k}`;
        slugs.add(slug);
        const gen = generateItem(cat, rng, name, picked.accent, sup.name);
        items.push({ id: demoId.product(sup.key, slug), slug, supplier: sup, gen });
      }
    }
  }
  guaranteeRareCases(items);
  return items;
}

/** Makes sure the rarer cases exist a few times whatever the odds gave (deterministically). */
function guaranteeRareCases(items: DemoItem[]) {
  const rng = mulberry32('guarantees');
  const order = rng.shuffle(items.map((_, i) => i));
  const ensure = (want: number, has: (g: GeneratedItem) => boolean, ok: (g: GeneratedItem) => boolean, apply: (g: GeneratedItem) => void) => {
    let n = items.filter((it) => has(it.gen)).length;
    for (const i of order) {
      if (n >= want) return;
      const g = items[i]!.gen;
      if (has(g) || !ok(g)) continue;
      apply(g);
      n++;
    }
  };
  const plain = (g: GeneratedItem) => !g.is_free && !g.hide_price && g.currency === 'MXN' && g.list_state === 'published';
  ensure(4, (g) => g.currency === 'USD', (g) => plain(g) && g.type === 'product', (g) => {
    g.currency = 'USD'; g.list_price = Math.max(900, Math.round(g.list_price / 1800) * 100 - 100 + 99);
    g.crossout_price = null; g.contribution_margin = Math.round(g.list_price * 0.2);
  });
  ensure(3, (g) => g.currency === 'EUR', (g) => plain(g) && g.type !== 'experience', (g) => {
    g.currency = 'EUR'; g.list_price = Math.max(900, Math.round(g.list_price / 2000) * 100);
    g.crossout_price = null; g.contribution_margin = Math.round(g.list_price * 0.2);
  });
  ensure(4, (g) => g.is_free, (g) => plain(g) && g.type !== 'product', (g) => {
    g.is_free = true; g.list_price = 0; g.crossout_price = null; g.contribution_margin = 0;
  });
  ensure(4, (g) => g.hide_price, (g) => plain(g) && g.type === 'service', (g) => { g.hide_price = true; });
  ensure(5, (g) => g.list_state === 'unpublished', (g) => plain(g), (g) => { g.list_state = 'unpublished'; });
  ensure(40, (g) => g.crossout_price !== null, (g) => plain(g) && g.list_price > 0, (g) => {
    g.crossout_price = Math.round((g.list_price * 1.3) / 1000) * 1000 + 900;
  });
  ensure(10, (g) => g.max_purchase_amount !== null, (g) => g.type === 'product', (g) => { g.max_purchase_amount = 3; });
  ensure(10, (g) => g.type === 'product' && g.stock_type === 'onstock' && g.stock_on_hand === 0,
    (g) => g.type === 'product' && g.stock_type === 'onstock', (g) => { g.stock_on_hand = 0; });
  ensure(10, (g) => g.type === 'product' && g.stock_type === 'ondemand', (g) => g.type === 'product' && g.stock_on_hand > 3,
    (g) => { g.stock_type = 'ondemand'; g.stock_on_hand = 0; });
  ensure(6, (g) => g.type === 'experience' && g.experience_date !== null && g.experience_date.getUTCFullYear() === 2025,
    (g) => g.type === 'experience', (g) => {
      g.experience_date = new Date(Date.UTC(2025, 5, 14, 15)); g.experience_available = false;
    });
  ensure(12, (g) => g.type === 'experience' && g.experience_date !== null && g.experience_date.getUTCFullYear() === 2027,
    (g) => g.type === 'experience', (g) => {
      g.experience_date = new Date(Date.UTC(2027, 2, 20, 16)); g.experience_available = true;
    });
}

/** Where the demo's experiences meet (shown on their page; their Event JSON-LD's location and address, issue 27). */
const EXPERIENCE_PLACES = [
  'Plaza de la Constitución s/n, Centro, 06000 Ciudad de México',
  'Parque Ecológico Xochimilco, Periférico Sur 1, 16036 Ciudad de México',
  'Calle Hidalgo 12, Centro, 91500 Coatepec, Veracruz',
];

// ---------- the whole data set ----------

type Row<T extends PgTable> = T['$inferInsert'];

export interface DemoData {
  plans: Row<typeof plans>[];
  profiles: Row<typeof profiles>[];
  users: Row<typeof users>[];
  media: MediaRow[];
  suppliers: Row<typeof suppliers>[];
  shops: Row<typeof shops>[];
  memberships: Row<typeof shopMemberships>[];
  products: Row<typeof products>[];
  shopProducts: Row<typeof shopProducts>[];
  catalogues: Row<typeof catalogues>[];
  catalogueProducts: Row<typeof catalogueProducts>[];
}

/** Builds every demo row in memory (no database access). */
export function buildDemoData(passwordHash: string): DemoData {
  const out: DemoData = {
    plans: [], profiles: [], users: [], media: [], suppliers: [], shops: [], memberships: [], products: [],
    shopProducts: [], catalogues: [], catalogueProducts: [],
  };
  let clock = 0;
  const tick = () => seedDate(clock++);
  const addMedia = (key: string, owner: string | null, img: SvgImage): string => {
    const id = demoId.media(key);
    out.media.push(toMediaRow(id, owner, img, tick()));
    return mediaUrl(id);
  };

  for (const p of DEMO_PLANS) {
    out.plans.push({
      id: p.id, name: p.name, price: PLAN_DEFAULTS.price, currency: PLAN_DEFAULTS.currency,
      periodicity: PLAN_DEFAULTS.periodicity, plan_commission_rate: PLAN_DEFAULTS.plan_commission_rate,
      contribution_margin: PLAN_DEFAULTS.contribution_margin,
    });
  }

  // Supplier profiles first: the proveedor user shares one.
  for (const s of SUPPLIER_SPECS) {
    out.profiles.push({ id: demoId.supplierProfile(s.key), name: s.name, slug: s.slug, main_type: 'dssupplier', images: [], created_at: tick() });
  }
  for (const u of DEMO_USERS) {
    if (!u.supplier) {
      const shop = SHOP_DEFS.find((d) => d.slug === u.owns);
      const avatar = addMedia(`avatar:${u.key}`, u.profileId, logoImage({
        name: u.name, color1: shop?.color1 ?? '#64748b', color2: shop?.color2 ?? '#334155', fileName: `${u.profileSlug}.svg`,
      }));
      out.profiles.push({ id: u.profileId, name: u.name, slug: u.profileSlug, main_type: u.mainType ?? 'referral', images: [avatar], created_at: tick() });
    }
    out.users.push({
      id: u.id, email: u.email, password_hash: passwordHash, name: u.name, user_level: u.user_level, profile_id: u.profileId, created_at: tick(), email_verified_at: seedDate(0),
    });
  }
  for (const s of SUPPLIER_SPECS) {
    const image = addMedia(`supplier:${s.key}`, demoId.supplierProfile(s.key), supplierImage({
      name: s.name, color: s.color, icon: SUPPLIER_ICONS[s.key] ?? 'star', fileName: `${s.slug}.svg`,
    }));
    const profile = out.profiles.find((p) => p.id === demoId.supplierProfile(s.key))!;
    profile.images = [image];
    out.suppliers.push({
      id: demoId.supplier(s.key), profile_id: demoId.supplierProfile(s.key), name: s.name, image,
      is_configured: DEMO_SUPPLIERS[s.key]!.is_configured, enabled_payment_types: s.enabled_payment_types,
      fixed_shipping_cost: s.fixed_shipping_cost, fixed_shipping_days: s.fixed_shipping_days, currency: 'MXN',
      courier_shipping: s.courier_shipping, contact_email: s.contact_email, contact_phone: s.contact_phone,
      payment_config: s.deposit ? { deposit: s.deposit } : {}, invoicing: s.invoicing ?? null, created_at: tick(), updated_at: seedDate(5_000),
    });
  }

  const items = buildDemoItems();
  items.forEach((it, n) => {
    const g = it.gen;
    const owner = demoId.supplierProfile(it.supplier.key);
    const photos: string[] = [];
    for (let i = 0; i < g.photoCount; i++) {
      photos.push(addMedia(`product:${it.supplier.key}:${it.slug}:${i}`, owner, productImage({
        name: g.name, icon: g.category.icon, hue: g.category.hue, accent: g.accent, type: g.type, index: i, fileName: `${it.slug}-${i + 1}.svg`,
      })));
    }
    const at = seedDate(10_000 + n * 37);
    out.products.push({
      id: it.id, owner, supplier_id: demoId.supplier(it.supplier.key), type: g.type, main_type: 'business', slug: it.slug, name: g.name,
      photos, list_price: g.list_price, crossout_price: g.crossout_price, hide_price: g.hide_price, is_free: g.is_free,
      currency: g.currency, is_dropshipping: true, contribution_margin: g.contribution_margin, list_state: g.list_state,
      sold_out: g.sold_out, experience_date: g.experience_date, experience_available: g.experience_available,
      experience_place: g.type === 'experience' ? EXPERIENCE_PLACES[n % EXPERIENCE_PLACES.length]! : null,
      variants: g.variants, plain_description: g.plain_description, description: g.description, tags: g.tags,
      stock_type: g.stock_type, stock_on_hand: g.stock_on_hand, stock_reserved: 0, max_purchase_amount: g.max_purchase_amount,
      created_at: at, updated_at: at,
    });
  });

  SHOP_DEFS.forEach((d, shopIndex) => {
    const shopId = demoId.shop(d.slug);
    const ownerProfile = DEMO_USER_BY_KEY[d.owner].profileId;
    const pool = d.supplier ? items.filter((it) => it.supplier.key === d.supplier) : items;
    const shopItems = mulberry32(`shop-items:${d.slug}`).shuffle(pool).slice(0, d.itemCount);
    const shopAt = seedDate(5_000 + shopIndex * 60);
    shopItems.forEach((it, i) => out.shopProducts.push({ shop_id: shopId, product_id: it.id, queue_position: i, added_at: seedDate(20_000 + shopIndex * 1000 + i) }));

    const photo = addMedia(`logo:${d.slug}`, ownerProfile, logoImage({
      name: d.row.name, color1: d.color1, color2: d.color2, wide: d.wideLogo, fileName: `logo-${d.slug}.svg`,
    }));
    const firstOf = (category: string) => shopItems.find((it) => it.gen.category.key === category && it.gen.list_state === 'published')
      ?? shopItems.find((it) => it.gen.list_state === 'published')!;
    const slides = d.slides.map((s, i) => {
      const [w, h] = d.columns === 2 ? [1100, 982] : [3200, 982];
      // The words are the slide's HTML text (readable on phones), not drawn into the pictures.
      const colours = { color1: d.color1, color2: d.color2, icon: s.icon, headline: '' };
      const hztId = demoId.media(`slide:${d.slug}:${i}:hzt`);
      const vrtId = demoId.media(`slide:${d.slug}:${i}:vrt`);
      addMedia(`slide:${d.slug}:${i}:hzt`, ownerProfile, slideImage({ ...colours, width: w, height: h, fileName: `slide-${d.slug}-${i + 1}.svg` }));
      addMedia(`slide:${d.slug}:${i}:vrt`, ownerProfile, slideImage({ ...colours, width: 1000, height: 450, fileName: `slide-${d.slug}-${i + 1}-movil.svg` }));
      const item = s.kind === 'product' ? firstOf(s.productCategory ?? '') : null;
      const itemOwner = item ? demoId.supplierProfile(item.supplier.key) : null;
      return {
        id: seedUuid(`slide:${d.slug}:${i}`),
        hzt_image: mediaUrl(hztId), hzt_image_id: hztId, vrt_image: mediaUrl(vrtId), vrt_image_id: vrtId,
        type: item ? 'PRODUCT' : 'URL', product: item?.id ?? null, supplier: itemOwner,
        url: item ? `/productos/${itemOwner}/${item.id}` : (s.url ?? null),
        url_target: s.url_target ?? '_self', target: s.target ?? 'all', action_type: s.kind === 'none' ? 'none' : 'url',
        title: s.headline, subtitle: s.subline ?? null, button_label: s.kind !== 'none' && s.button ? s.button : null,
        button_url: s.kind !== 'none' && s.button ? (item ? `/productos/${itemOwner}/${item.id}` : (s.url ?? null)) : null,
      };
    });
    let header: unknown = null;
    if (d.header) {
      const { productCategory, ...h } = d.header;
      const item = productCategory ? firstOf(productCategory) : null;
      header = { ...h, product: item?.id ?? null, product_supplier: item ? demoId.supplierProfile(item.supplier.key) : null };
    }
    const themeInfo = storeThemeInfoSchema.parse({
      color1: d.color1, color2: d.color2, columns: d.columns, signup_form: d.signup_form ?? 'basic',
      slider_info: slides, header_info: header, sections_info: d.sections,
    });
    out.shops.push({
      ...d.row, id: shopId, owner: ownerProfile, slug: d.slug, photo, favicon: d.wideLogo ? null : photo,
      time_zone: d.row.time_zone ?? DEFAULT_TIME_ZONE,
      root_affinity_store_id: d.slug === 'demo-03' ? demoId.shop('red-demo') : null,
      store_theme_info: themeInfo, created_at: shopAt, updated_at: shopAt,
    });

    d.catalogues.forEach((c, ci) => {
      const catalogueId = demoId.catalogue(d.slug, c.slug);
      const chosen = c.pick === 'none' ? []
        : c.pick === 'first' ? shopItems
          : c.pick === 'offers' ? shopItems.filter((it) => it.gen.crossout_price !== null)
            : 'categories' in c.pick ? shopItems.filter((it) => (c.pick as { categories: string[] }).categories.includes(it.gen.category.key))
              : shopItems.filter((it) => it.gen.type === (c.pick as { type: string }).type);
      const members = chosen.slice(0, c.limit ?? chosen.length);
      const at = seedDate(30_000 + shopIndex * 100 + ci);
      out.catalogues.push({
        id: catalogueId, shop_id: shopId, owner: ownerProfile, slug: c.slug, name: c.name,
        photo: addMedia(`catalogue:${d.slug}:${c.slug}`, ownerProfile, catalogueImage({ name: c.name, icon: c.icon, hue: c.hue, fileName: `catalogo-${d.slug}-${c.slug}.svg` })),
        created_at: at, updated_at: at,
      });
      members.forEach((it, i) => out.catalogueProducts.push({ catalogue_id: catalogueId, product_id: it.id, queue_position: i }));
    });
  });

  for (const m of DEMO_MEMBERSHIPS) {
    out.memberships.push({ shop_id: demoId.shop(m.shop), user_id: DEMO_USER_BY_KEY[m.user].id, permissions: m.permissions });
  }
  return out;
}

// ---------- inserting ----------

/** Multi-row inserts of at most `size` rows a statement. */
export async function insertBatches<T extends PgTable>(tx: Tx, table: T, rows: Row<T>[], size = 500, onConflictDoNothing = false) {
  for (let i = 0; i < rows.length; i += size) {
    const q = tx.insert(table).values(rows.slice(i, i + size) as never);
    await (onConflictDoNothing ? q.onConflictDoNothing() : q);
  }
}

/** Inserts the demo data set when there are no shops yet; otherwise does nothing. One transaction. */
export async function seedDemo(handle: DbHandle): Promise<{ seeded: boolean }> {
  const empty = async (db: Pick<DbHandle['db'], 'execute'>) => {
    const res = await db.execute(sql`select exists(select 1 from shops) as has`);
    const rows = (Array.isArray(res) ? res : (res as { rows: { has: boolean }[] }).rows) as { has: boolean }[];
    return !rows[0]?.has;
  };
  if (!(await empty(handle.db))) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const data = buildDemoData(passwordHash);
  return handle.db.transaction(async (tx) => {
    // Two processes starting together: the second waits here, then sees the shops and backs off.
    await tx.execute(sql`select pg_advisory_xact_lock(7240151)`);
    if (!(await empty(tx))) return { seeded: false };
    await insertBatches(tx, plans, data.plans, 500, true); // plans may already exist (they are not demo-only)
    await insertBatches(tx, profiles, data.profiles);
    await insertBatches(tx, users, data.users);
    await insertBatches(tx, media, data.media, 200);
    await insertBatches(tx, suppliers, data.suppliers);
    await insertBatches(tx, supplierBranches, demoSupplierBranchRows());
    await insertBatches(tx, shops, data.shops);
    // The operator's audit log has the disabling of demo-deshabilitada (the console's "Shop disabled" row).
    for (const x of data.shops.filter((r) => r.disabled && r.disabled_by)) {
      await tx.insert(operatorActions).values({
        actor: x.disabled_by!, action: 'shop.disable', target_type: 'shop', target_id: x.id!, at: x.disabled_at!,
        before: { disabled: false, disabled_at: null, disabled_by: null, reason: null },
        after: { disabled: true, disabled_at: x.disabled_at!.toISOString(), disabled_by: x.disabled_by, reason: x.disabled_reason },
      });
    }
    await insertBatches(tx, shopMemberships, data.memberships);
    // Shops that list franchises in sections_info carry the demo franchise store.
    const franchise = data.shops.find((x) => x.store_type === 'franchise')!;
    await insertBatches(tx, shopFranchises, data.shops
      .filter((x) => x.id !== franchise.id && (x.store_theme_info as { sections_info: string[] }).sections_info.includes('franchises'))
      .map((x) => ({ shop_id: x.id!, franchise_id: franchise.id! })));
    await insertBatches(tx, products, data.products, 300);
    await insertBatches(tx, shopProducts, data.shopProducts, 1000);
    await insertBatches(tx, catalogues, data.catalogues);
    await insertBatches(tx, catalogueProducts, data.catalogueProducts, 1000);
    await insertDemoHeadersAndBanners(tx, data); // header list rows and demo-03's banners per target (src/db/seed/banners.ts)
    // The demo blog (src/db/seed/blogs.ts).
    await insertDemoBlogs(tx, demoId.shop(DEMO_BLOG_SHOP), DEMO_USER_BY_KEY.adminfifth.profileId);
    await insertDemoTicketStaff(tx, demoId.shop(DEMO_TICKET_STAFF.shop), passwordHash); // qrreader of demo-03 (src/db/seed/tickets.ts)
    await insertDemoReviews(tx, data, passwordHash); // demo reviews with their delivered orders (src/db/seed/reviews.ts)
    await insertDemoWallet(tx, data, passwordHash); // the ledger of those orders, a payout and a pending order (src/db/seed/wallet.ts)
    await insertDemoMail(tx); // that pending order's mails, one of them retrying (src/db/seed/mail.ts)
    await insertDemoPromoted(tx); // admin03's referral network and follows (src/db/seed/promoted.ts)
    // demo-basic's about entry and its home sliders, autoplay off (src/db/seed/storefront-extras.ts)
    await insertDemoStorefrontExtras(tx, demoId.shop(DEMO_EXTRAS_SHOP), DEMO_USER_BY_KEY.adminbasic.profileId, demoId.catalogue(DEMO_EXTRAS_SHOP, 'novedades'));
    // A dispatcher and a pending invitation on demo-03, the advisors (src/db/seed/people.ts).
    const u = DEMO_USER_BY_KEY;
    await insertDemoPeople(tx, (slug) => demoId.shop(slug), u.coordinador.profileId, u.coordinador.id, u.admin03.id, passwordHash, [...DEMO_USERS.map((x) => x.id), DEMO_TICKET_STAFF.id]);
    await insertDemoCampaigns(tx); // admin03's campaigns, channels and what they brought (src/db/seed/campaigns.ts)
    await insertDemoSubscription(tx); // demo-03's Tienda en Línea package with its ledger transaction (src/db/seed/plans.ts)
    await insertDemoHistory(tx, data); // a month of orders, campaign visits and wallet movements for the dashboards (src/db/seed/history.ts)
    return { seeded: true };
  });
}
