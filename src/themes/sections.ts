// Section types: the code half lives in src/sections/<Component>.astro, this is their definition
// (settings, hydration, where they may be used). Section types are named independently of packs,
// so a shop's content carries over when it switches pack.
import { sectionTypeSchema, type SectionType } from './schema.ts';

const title = (d: string) => ({ id: 'title', type: 'text' as const, label: 'Title', default: d, maxLength: 60 });
const itemList = (type: string, name: string, heading: string, limit: number) => ({
  type, name, hydrate: 'idle' as const, enabledOn: ['home' as const],
  settings: [
    title(heading),
    { id: 'limit', type: 'range' as const, label: 'Items shown', min: 4, max: limit, step: 1, default: limit },
    { id: 'columns', type: 'range' as const, label: 'Columns on desktop', min: 2, max: 6, step: 1, default: 4 },
    { id: 'show_sort', type: 'checkbox' as const, label: 'Show the sort selector', default: true },
  ],
});

type SectionInput = Omit<SectionType, 'blocks' | 'settings'> & Partial<Pick<SectionType, 'blocks' | 'settings'>>;

const DEFINITIONS: SectionInput[] = [
  {
    type: 'header-carousel', name: 'Header carousel', hydrate: 'visible', enabledOn: ['home', 'catalogue_list'],
    settings: [
      { id: 'height', type: 'select', label: 'Height', default: 'medium', options: [{ value: 'small', label: 'Small' }, { value: 'medium', label: 'Medium' }, { value: 'large', label: 'Large' }] },
      { id: 'show_header_info', type: 'checkbox', label: 'Show the shop header text beside the slides', default: true },
    ],
    blocks: [], unique: true,
  },
  {
    type: 'search-bar', name: 'Search bar and catalogue selector', hydrate: 'idle', enabledOn: ['home', 'catalogue_list', 'catalogue', 'search', 'product'],
    settings: [{ id: 'show_catalogues', type: 'checkbox', label: 'Show the catalogue selector', default: true }],
    blocks: [], unique: true,
  },
  {
    type: 'catalogue-strip', name: 'Catalogues', hydrate: 'none', enabledOn: ['home'],
    settings: [
      title('Catálogos'),
      { id: 'limit', type: 'range', label: 'Catalogues shown', min: 3, max: 12, step: 1, default: 6 },
      { id: 'style', type: 'select', label: 'Style', default: 'cards', options: [{ value: 'cards', label: 'Cards' }, { value: 'chips', label: 'Chips' }] },
    ],
    blocks: [],
  },
  itemList('products', 'Products', 'Productos', 36),
  itemList('services', 'Services', 'Servicios', 18),
  itemList('experiences', 'Experiences', 'Experiencias', 18),
  {
    type: 'franchises', name: 'Franchises', hydrate: 'none', enabledOn: ['home'],
    settings: [title('Franquicias'), { id: 'limit', type: 'range', label: 'Franchises shown', min: 2, max: 30, step: 1, default: 8 }], blocks: [],
  },
  {
    type: 'retail', name: 'Retail contact', hydrate: 'none', enabledOn: ['home'],
    settings: [title('Información para distribuidores'), { id: 'text', type: 'textarea', label: 'Text', default: '', maxLength: 600 }], blocks: [],
  },
  {
    // Seed 001 §2, §9: up to 10 entries, 4 per view. Server-rendered with CSS scroll snapping (no script).
    type: 'blog-slider', name: 'Blog slider', hydrate: 'none', enabledOn: ['home'],
    settings: [
      title(''),
      { id: 'limit', type: 'range', label: 'Entries shown', min: 2, max: 10, step: 1, default: 10 },
      { id: 'per_view', type: 'range', label: 'Entries per view on desktop', min: 2, max: 4, step: 1, default: 4 },
    ],
    blocks: [],
  },
  {
    type: 'rich-text', name: 'Text', hydrate: 'none', enabledOn: ['home', 'catalogue_list', 'catalogue', 'search', 'product'],
    settings: [
      title(''),
      { id: 'text', type: 'textarea', label: 'Text', default: '', maxLength: 2000 },
      { id: 'align', type: 'select', label: 'Alignment', default: 'left', options: [{ value: 'left', label: 'Left' }, { value: 'center', label: 'Center' }] },
    ],
    blocks: [],
  },
  {
    type: 'main-catalogue-list', name: 'Catalogue list', hydrate: 'none', enabledOn: ['catalogue_list'], unique: true,
    settings: [title('Catálogos')], blocks: [],
  },
  {
    type: 'main-catalogue', name: 'Catalogue products', hydrate: 'idle', enabledOn: ['catalogue'], unique: true,
    settings: [
      { id: 'columns', type: 'range', label: 'Columns on desktop', min: 2, max: 6, step: 1, default: 4 },
      { id: 'show_share', type: 'checkbox', label: 'Show the share link', default: true },
    ],
    blocks: [],
  },
  {
    type: 'main-search', name: 'Search results', hydrate: 'none', enabledOn: ['search'], unique: true,
    settings: [{ id: 'columns', type: 'range', label: 'Columns on desktop', min: 2, max: 6, step: 1, default: 4 }], blocks: [],
  },
  {
    type: 'main-product', name: 'Product detail', hydrate: 'none', enabledOn: ['product'], unique: true,
    settings: [
      { id: 'gallery', type: 'select', label: 'Photo gallery', default: 'stack', options: [{ value: 'stack', label: 'Stacked' }, { value: 'thumbs', label: 'Thumbnails' }] },
      { id: 'show_tags', type: 'checkbox', label: 'Show tags', default: true },
    ],
    blocks: [],
  },
  {
    type: 'related-products', name: 'Related products', hydrate: 'none', enabledOn: ['product'],
    settings: [title('También te puede interesar'), { id: 'limit', type: 'range', label: 'Items shown', min: 2, max: 12, step: 1, default: 6 }], blocks: [],
  },
];

export const SECTION_TYPES: ReadonlyMap<string, SectionType> = new Map(DEFINITIONS.map((d) => [d.type, sectionTypeSchema.parse(d)]));

export function sectionType(type: string): SectionType | undefined {
  return SECTION_TYPES.get(type);
}
