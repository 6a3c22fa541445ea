// Texts of the catalogue tools island (locale area "catalogueTools"): Spanish defaults for tests; the catalogue
// page passes the request's language (toolLabelsFor(t)), so no dictionary ships to the browser.
export const defaultToolLabels = {
  toolbar: 'Herramientas del catálogo', addProducts: 'Agregar productos', organise: 'Ordenar y quitar', editCatalogue: 'Editar catálogo',
  duplicate: 'Duplicar catálogo', close: 'Cerrar', cancel: 'Cancelar', save: 'Guardar', saving: 'Guardando…', loading: 'Cargando…',
  errorTitle: 'Error', successTitle: 'Éxito', genericError: 'Ocurrió un error',
  // add products
  addTitle: 'Agregar productos a «{name}»', search: 'Buscar', type: 'Tipo', type_product: 'Productos', type_service: 'Servicios',
  type_experience: 'Experiencias', category: 'Categoría', allCategories: 'Todas las categorías', supplier: 'Proveedor',
  allSuppliers: 'Todos los proveedores', moreOptions: 'Ver más opciones…', add: 'Agregar', inCatalogue: 'En el catálogo',
  resultCount: '{count} resultados', noResults_product: 'No se encontraron productos', noResults_service: 'No se encontraron servicios',
  noResults_experience: 'No se encontraron experiencias', addAll: 'Agregar todos los resultados ({count})',
  adding: 'Agregando productos al catálogo…', addedAll: 'Se agregaron {count} productos', onlyFranchise: 'Solo puedes agregar productos de la franquicia',
  addError: 'Error al agregar el producto', addedOne: 'Se agregó «{name}» al catálogo',
  confirmAll: '¿Agregar {count} resultados a «{name}»?', confirmAllEmpty: 'Sin filtro: se agregarán todos los artículos que puedes revender ({count}) a «{name}» y a tu tienda.',
  confirmAllYes: 'Sí, agregar {count}', addedAllUndo: 'Se agregaron {count} productos ({store} nuevos en tu tienda).',
  undoAll: 'Deshacer', undoneAll: 'Se quitaron los {count} productos agregados', seeCatalogue: 'Ver el catálogo',
  // order and removal
  organiseTitle: 'Ordenar y quitar productos', count: '{count} productos', position: 'Posición', move: 'Mover',
  orderHint: 'Arrastra una tarjeta a otro lugar o escribe su posición (la primera es 0) y pulsa Mover.',
  remove: 'Quitar', removing: 'Se quitará en unos segundos', undo: 'Deshacer', willRemove: 'Se quitará «{name}» del catálogo',
  removed: 'Se quitó el producto del catálogo', removeError: 'No se pudo quitar el producto', updatingPosition: 'Actualizando la posición…',
  positionUpdated: 'La posición se actualizó. La lista se recargará en unos segundos.',
  positionTryLater: 'No es posible actualizar la posición en este momento, inténtalo más tarde',
  positionError: 'No se pudo actualizar la ubicación, inténtalo de nuevo', notVisible: 'No visible en la tienda',
  empty: 'Este catálogo aún no tiene productos', dragHandle: 'Arrastrar «{name}»', positionOf: 'Posición de «{name}»',
  // edit
  editTitle: 'Editar catálogo', name: 'Nombre', required: '*', tooLong: 'Máximo {max} caracteres', nameInvalid: 'El nombre no es válido',
  photo: 'Foto', sizeHint: 'Tamaño recomendado: {width} x {height} px', saved: 'El catálogo se guardó', uploadFailed: 'La foto no se pudo subir, inténtalo más tarde',
  // fork
  forkTitle: 'Duplicar «{name}»', forkInto: 'Duplicar en la tienda', forkHint: 'Se copian el nombre, la foto y los productos en su orden.',
  network: 'Copiar de la red', networkTitle: 'Catálogos de tu red', networkEmpty: 'No se encontraron catálogos en la red',
  networkShop: '{shop} · {count} productos', forkConfirm: 'Duplicar', forking: 'Duplicando el catálogo…', forked: 'Catálogo duplicado: te llevamos a la copia', forkError: 'No se pudo duplicar el catálogo',
};
export type ToolLabels = typeof defaultToolLabels;
export const fmt = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
/** The texts in one language, as the page passes them (`t` is the request's translator). */
export const toolLabelsFor = (t: (key: `catalogueTools.${keyof ToolLabels}`) => string): ToolLabels =>
  Object.fromEntries((Object.keys(defaultToolLabels) as (keyof ToolLabels)[]).map((k) => [k, t(`catalogueTools.${k}`)])) as ToolLabels;
