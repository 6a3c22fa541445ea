// Shared data for the builder's island tests: a small theme state as GET .../admin/theme answers it.
import type { ThemeState } from '../../islands/builder/types.ts';

const range = (id: string, label: string, min: number, max: number, d: number) => ({ id, type: 'range' as const, label, min, max, step: 1, default: d });

export function themeState(): ThemeState {
  return {
    theme_pack: '03',
    draft_version: 3,
    published: null,
    warnings: [],
    page_types: ['home', 'catalogue_list', 'catalogue', 'search', 'product', 'cart', 'blog'],
    packs: [
      { id: '03', name: 'Tienda 03', description: null, sections: {} },
      { id: '04', name: 'Tienda 04', description: null, sections: {} },
    ],
    section_types: [
      { type: 'header-carousel', name: 'Header carousel', hydrate: 'visible', enabledOn: ['home'], unique: false, settings: [], blocks: [] },
      { type: 'catalogue-strip', name: 'Catalogues', hydrate: 'none', enabledOn: ['home'], unique: false,
        settings: [{ id: 'title', type: 'text', label: 'Title', default: 'Catálogos', maxLength: 60 }, range('limit', 'Catalogues shown', 3, 12, 6)], blocks: [] },
      { type: 'products', name: 'Products', hydrate: 'idle', enabledOn: ['home'], unique: false,
        settings: [{ id: 'title', type: 'text', label: 'Title', default: 'Productos', maxLength: 60 }, range('limit', 'Items shown', 4, 24, 12), range('columns', 'Columns on desktop', 2, 6, 4)], blocks: [] },
      { type: 'main-product', name: 'Product detail', hydrate: 'none', enabledOn: ['product'], unique: true, settings: [], blocks: [] },
    ],
    draft: {
      pack: '03', settings: {}, tokens: {},
      templates: {
        home: { sections: [
          { id: 'carousel', type: 'header-carousel', disabled: false, settings: {}, blocks: [] },
          { id: 'catalogues', type: 'catalogue-strip', disabled: false, settings: {}, blocks: [] },
          { id: 'products', type: 'products', disabled: false, settings: {}, blocks: [] },
        ] },
      },
    },
  };
}

/**
 * jsdom lays nothing out; dnd-kit's keyboard sorting needs rectangles. Each section row gets a 40 px box stacked
 * by its position in the list.
 */
export function stubRowRects(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const row = this.closest?.('li.bf-row');
    if (row?.parentElement) {
      const i = [...row.parentElement.children].indexOf(row);
      const top = i * 50;
      return { x: 0, y: top, top, left: 0, width: 300, height: 40, right: 300, bottom: top + 40, toJSON() { return this; } } as DOMRect;
    }
    return original.call(this);
  };
  return () => { Element.prototype.getBoundingClientRect = original; };
}
