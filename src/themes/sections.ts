// Section types: the code half lives in src/sections/<Component>.astro, this is their definition
// (settings, hydration, where they may be used). Section types are named independently of packs,
// so a shop's content carries over when it switches pack.
//
// Names, labels and option labels are message keys (src/locales, area "sections"): the theme API answers them in the
// request's language. A title's default is a key too (`defaultKey`), resolved with the page's `t` when the section
// renders, so a Spanish default never shows on an English page; a title the admin typed stays as typed.
import type { MessageKey } from '../lib/i18n/index.ts';
import { sectionTypeSchema, type SectionType } from './schema.ts';

/** A message key, checked by the compiler against the Spanish dictionary. */
const k = (key: MessageKey): string => key;
const title = (defaultKey?: MessageKey) => ({ id: 'title', type: 'text' as const, label: k('sections.setTitle'), ...(defaultKey ? { defaultKey } : { default: '' }), maxLength: 60 });
// Columns per breakpoint: 2 on phones and 3 on tablets unless the admin chooses (src/styles/storefront.css .item-grid).
const columns = { id: 'columns', type: 'range' as const, label: k('themeSettings.columns'), min: 1, max: 6, step: 1, default: 4, responsive: true, breakpointDefaults: { phone: 2, tablet: 3 } };
const itemList = (type: string, name: MessageKey, heading: MessageKey, limit: number) => ({
  type, name: k(name), hydrate: 'idle' as const, enabledOn: ['home' as const],
  settings: [
    title(heading),
    { id: 'limit', type: 'range' as const, label: k('sections.setItemsShown'), min: 4, max: limit, step: 1, default: limit },
    columns,
    { id: 'show_sort', type: 'checkbox' as const, label: k('sections.setShowSort'), default: true },
  ],
});

type SectionInput = Omit<SectionType, 'blocks' | 'settings'> & Partial<Pick<SectionType, 'blocks' | 'settings'>>;

const DEFINITIONS: SectionInput[] = [
  {
    type: 'header-carousel', name: k('sections.typeHeaderCarousel'), hydrate: 'visible', enabledOn: ['home', 'catalogue_list'],
    settings: [
      { id: 'height', type: 'select', label: k('sections.setHeight'), default: 'medium', options: [{ value: 'small', label: k('sections.optSmall') }, { value: 'medium', label: k('sections.optMedium') }, { value: 'large', label: k('sections.optLarge') }] },
      { id: 'show_header_info', type: 'checkbox', label: k('sections.setShowHeaderInfo'), default: true },
    ],
    blocks: [], unique: true,
  },
  {
    type: 'search-bar', name: k('sections.typeSearchBar'), hydrate: 'idle', enabledOn: ['home', 'catalogue_list', 'catalogue', 'search', 'product'],
    settings: [{ id: 'show_catalogues', type: 'checkbox', label: k('sections.setShowCatalogues'), default: true }],
    blocks: [], unique: true,
  },
  {
    type: 'catalogue-strip', name: k('sections.typeCatalogueStrip'), hydrate: 'none', enabledOn: ['home'],
    settings: [
      title('catalogue.listTitle'),
      { id: 'limit', type: 'range', label: k('sections.setCataloguesShown'), min: 3, max: 12, step: 1, default: 6 },
      { id: 'style', type: 'select', label: k('sections.setStyle'), default: 'cards', options: [{ value: 'cards', label: k('sections.optCards') }, { value: 'chips', label: k('sections.optChips') }] },
    ],
    blocks: [],
  },
  itemList('products', 'sections.typeProducts', 'sections.products', 36),
  itemList('services', 'sections.typeServices', 'sections.services', 18),
  itemList('experiences', 'sections.typeExperiences', 'sections.experiences', 18),
  {
    type: 'franchises', name: k('sections.typeFranchises'), hydrate: 'none', enabledOn: ['home'],
    settings: [title('sections.franchises'), { id: 'limit', type: 'range', label: k('sections.setFranchisesShown'), min: 2, max: 30, step: 1, default: 8 }], blocks: [],
  },
  {
    type: 'retail', name: k('sections.typeRetail'), hydrate: 'none', enabledOn: ['home'],
    settings: [title('sections.retailTitle'), { id: 'text', type: 'textarea', label: k('sections.setText'), default: '', maxLength: 600 }], blocks: [],
  },
  {
    // Seed 001 §2, §9: up to 10 entries, 4 per view. Server-rendered with CSS scroll snapping (no script).
    type: 'blog-slider', name: k('sections.typeBlogSlider'), hydrate: 'none', enabledOn: ['home'],
    settings: [
      title('blog.listTitle'),
      { id: 'limit', type: 'range', label: k('sections.setEntriesShown'), min: 2, max: 10, step: 1, default: 10 },
      { id: 'per_view', type: 'range', label: k('sections.setEntriesPerView'), min: 2, max: 4, step: 1, default: 4 },
    ],
    blocks: [],
  },
  {
    // Seed 000 §9: the shop's catalogues, one slide a step every 6 s when autoplay is on (src/sections/slider/).
    type: 'catalogue-slider', name: k('sliders.typeCatalogueSlider'), hydrate: 'none', enabledOn: ['home', 'catalogue_list'],
    settings: [
      title('catalogue.listTitle'),
      { id: 'limit', type: 'range', label: k('sections.setCataloguesShown'), min: 2, max: 12, step: 1, default: 8 },
      { id: 'autoplay', type: 'checkbox', label: k('sliders.setAutoplay'), default: true },
    ],
    blocks: [],
  },
  {
    // Seed 000 §9: 5 slides per view (4.5 tablet, 1.5 phone), every 4 s when autoplay is on; a grid below 6 products.
    type: 'product-slider', name: k('sliders.typeProductSlider'), hydrate: 'none', enabledOn: ['home', 'catalogue_list', 'catalogue', 'product'],
    settings: [
      title('sliders.productsTitle'),
      { id: 'source', type: 'select', label: k('sliders.setSource'), default: 'shop', options: [{ value: 'shop', label: k('sliders.optShopProducts') }, { value: 'catalogue', label: k('sliders.optCatalogueProducts') }] },
      { id: 'catalogue', type: 'catalogue', label: k('sliders.setCatalogue'), default: '', visibleIf: { setting: 'source', equals: 'catalogue' } },
      { id: 'limit', type: 'range', label: k('sections.setItemsShown'), min: 2, max: 30, step: 1, default: 12 },
      { id: 'autoplay', type: 'checkbox', label: k('sliders.setAutoplay'), default: true },
    ],
    blocks: [],
  },
  {
    type: 'rich-text', name: k('sections.typeRichText'), hydrate: 'none', enabledOn: ['home', 'catalogue_list', 'catalogue', 'search', 'product'],
    settings: [
      title(),
      { id: 'text', type: 'textarea', label: k('sections.setText'), default: '', maxLength: 2000 },
      { id: 'align', type: 'select', label: k('sections.setAlign'), default: 'left', responsive: true, options: [{ value: 'left', label: k('sections.optLeft') }, { value: 'center', label: k('sections.optCenter') }] },
    ],
    blocks: [],
  },
  {
    type: 'main-catalogue-list', name: k('sections.typeMainCatalogueList'), hydrate: 'none', enabledOn: ['catalogue_list'], unique: true,
    settings: [title('catalogue.listTitle')], blocks: [],
  },
  {
    type: 'main-catalogue', name: k('sections.typeMainCatalogue'), hydrate: 'idle', enabledOn: ['catalogue'], unique: true,
    settings: [
      columns,
      { id: 'show_share', type: 'checkbox', label: k('sections.setShowShare'), default: true },
    ],
    blocks: [],
  },
  {
    type: 'main-search', name: k('sections.typeMainSearch'), hydrate: 'none', enabledOn: ['search'], unique: true,
    settings: [columns], blocks: [],
  },
  {
    type: 'main-product', name: k('sections.typeMainProduct'), hydrate: 'none', enabledOn: ['product'], unique: true,
    settings: [
      { id: 'gallery', type: 'select', label: k('sections.setGallery'), default: 'stack', options: [{ value: 'stack', label: k('sections.optStack') }, { value: 'thumbs', label: k('sections.optThumbs') }] },
      { id: 'show_tags', type: 'checkbox', label: k('sections.setShowTags'), default: true },
    ],
    blocks: [],
  },
  {
    type: 'related-products', name: k('sections.typeRelatedProducts'), hydrate: 'none', enabledOn: ['product'],
    settings: [title('sections.relatedTitle'), { id: 'limit', type: 'range', label: k('sections.setItemsShown'), min: 2, max: 12, step: 1, default: 6 }], blocks: [],
  },
];

export const SECTION_TYPES: ReadonlyMap<string, SectionType> = new Map(DEFINITIONS.map((d) => [d.type, sectionTypeSchema.parse(d)]));

export function sectionType(type: string): SectionType | undefined {
  return SECTION_TYPES.get(type);
}

type Translate = (key: MessageKey) => string;
const text = (t: Translate, key: string) => t(key as MessageKey);

/** A section type as the builder shows it: name, labels and option labels in `t`'s language; a `defaultKey` becomes the default text. */
export function localisedSectionType(def: SectionType, t: Translate): SectionType {
  return {
    ...def,
    name: text(t, def.name),
    settings: def.settings.map((s) => ({
      ...s,
      label: text(t, s.label),
      ...(s.defaultKey ? { default: text(t, s.defaultKey) } : {}),
      ...(s.options ? { options: s.options.map((o) => ({ ...o, label: text(t, o.label) })) } : {}),
    })),
  };
}
