// Texts of the admin islands: the Spanish defaults (src/locales/es.json); AdminMount passes the request's locale.
export const defaultLabels = {
  bar: 'Administrar tienda', expand: 'Mostrar el menú de administración', collapse: 'Ocultar el menú de administración',
  share: 'Compartir tienda', linkCopied: 'Enlace copiado', config: 'Configuración', builder: 'Editor visual',
  color: 'Color de fondo', photo: 'Foto y nombre', social: 'Redes sociales', headers: 'Encabezados', carousel: 'Carrusel',
  catalogues: 'Mis catálogos', columns: 'Columnas', oneColumn: '1 columna', twoColumns: '2 columnas',
  close: 'Cerrar', cancel: 'Cancelar', save: 'Guardar', saving: 'Guardando…', edit: 'Editar', delete: 'Eliminar',
  undo: 'Deshacer', create: 'Crear', add: 'Agregar', back: 'Volver', apply: 'Aplicar', previous: 'Anterior', next: 'Siguiente',
  loading: 'Cargando…', errorTitle: 'Error', successTitle: 'Éxito', genericError: 'Ocurrió un error', required: 'Obligatorio',
  invalidField: 'Este campo es obligatorio', tooLong: 'Máximo {max} caracteres', invalidUrl: 'Escribe un enlace válido (https://…)',
  invalidSocial: 'Escribe la dirección del perfil (https://…) o un usuario como @tienda',
  // header editor
  setUpTitle: 'Configurar el encabezado del sitio', addTitle: 'Agregar encabezado', backgroundTitle: 'Color de fondo del encabezado',
  headerCreated: 'Se creó el header correctamente', headerUpdated: 'Se actualizó el header correctamente', headerDeleted: 'Se borró el header correctamente',
  title: 'Título', subtitle: 'Subtítulo', description: 'Descripción', target: 'Audiencia', actionType: 'Acción del botón',
  action_none: 'Ninguna', action_url: 'Enlace', action_product: 'Producto', action_signup: 'Registro', url: 'Enlace',
  buttonLabel: 'Texto del botón', product: 'Producto', productSearch: 'Buscar producto', active: 'Activo', noHeaders: 'Sin encabezados',
  target_all: 'Todos', target_anon: 'Anónimos', target_ul0: 'Registrados', target_ul1: 'Emprendedores sin tienda', target_ul2: 'Emprendedores con tienda',
  bl_signup: 'Regístrate', bl_signupnow: 'Regístrate ahora', bl_signupfree: 'Regístrate gratis', bl_startnow: 'Comienza ahora', bl_buynow: 'Compra ahora', bl_more: 'Ver más',
  // colour
  customColor: 'Color personalizado', colorText: 'Color (hex, rgb, hsl o hsv)', invalidColor: 'Color no válido', presets: 'Colores sugeridos',
  // photo
  photoField: 'Foto de la tienda', cataloguePhoto: 'Foto del catálogo', shopName: 'Nombre de la tienda', dropzone: 'Arrastra una imagen o haz clic para elegirla',
  imageRejected: 'Imagen rechazada – El tamaño de archivo de la imagen sobrepasa el máximo permitido (4 MB). Los formatos válidos son .jpeg, .png, .svg',
  uploadFailed: 'La foto no se pudo actualizar en este momento, intentelo mas tarde', sizeHint: 'Tamaño recomendado: {width} x {height} px',
  uploadProgress: 'Subiendo la foto: {percent} %', uploadCancel: 'Cancelar subida', uploadCanceled: 'Subida cancelada: la foto no cambió',
  // carousel
  slides: 'Diapositivas', addSlide: 'Agregar diapositiva', desktopImage: 'Imagen de escritorio', mobileImage: 'Imagen móvil',
  linkType: 'Tipo de enlace', switchToProduct: 'Usar un producto', switchToUrl: 'Usar un enlace', invalidCarouselLink: 'El enlace del carrusel no es válido',
  slideNoLinkHint: 'Déjalo vacío si la diapositiva no lleva a ningún sitio.',
  newWindow: 'Abrir en una ventana nueva', imageRequired: 'La imagen es obligatoria', noSlides: 'Sin diapositivas',
  // banners
  banners: 'Banners', addBanner: 'Agregar banner', noBanners: 'Sin banners', bannerCreated: 'El banner se creó correctamente',
  bannerUpdated: 'El banner se actualizó correctamente', bannerDeleted: 'El banner se borró correctamente',
  // catalogues
  myCatalogues: 'Mis catálogos', createCatalogue: 'Crear catálogo', rename: 'Renombrar', deleting: 'Eliminando',
  catalogueDeleted: 'El catálogo se eliminó', notDeleted: 'No se eliminó el catálogo', name: 'Nombre', catalogueCount: '{count} catálogos',
  nameInvalid: 'El nombre no es válido',
  catalogueWillBeDeleted: 'Se eliminará el catálogo «{name}»', catalogueWillBeRemoved: 'El catálogo «{name}» se quitará de la tienda',
  catalogueRemoved: 'El catálogo se quitó de la tienda',
  // add products / services / experiences
  addProducts: 'Agregar productos', addServices: 'Agregar servicios', addExperiences: 'Agregar experiencias',
  search: 'Buscar', category: 'Categoría', allCategories: 'Todas las categorías', supplier: 'Proveedor', allSuppliers: 'Todos los proveedores',
  remove: 'Quitar', resultCount: '{count} resultados', noResults: 'No se encontraron resultados',
  // franchises
  franchises: 'Franquicias', noFranchises: 'No se encontraron franquicias', removing: 'Quitando',
  // issue 15: what each success toast says, the header list's current header, photo shapes
  editHeaderTitle: 'Editar encabezado', headerInShop: 'En tu tienda', headerUnapply: 'Quitar de la tienda',
  headerApplied: 'El encabezado ahora se muestra en tu tienda', headerUnapplied: 'El encabezado ya no se muestra en tu tienda',
  colorSaved: 'El color de fondo se guardó', slideSaved: 'La diapositiva se guardó', slideDeleted: 'La diapositiva se eliminó',
  slideNotDeleted: 'No se eliminó la diapositiva', bannerNotDeleted: 'No se eliminó el banner',
  franchiseAdded: 'La franquicia se agregó a tu tienda', franchiseRemoved: 'La franquicia se eliminó de tu tienda',
  photoShape: 'Forma de la foto',
  shape_bdr_cir: 'Círculo con borde', shape_cir: 'Círculo', shape_bdr_sq: 'Cuadrado con borde', shape_sq: 'Cuadrado',
  shape_bdr_rec: 'Rectángulo con borde', shape_rec: 'Rectángulo',
  openInBuilder: 'Abrir en el editor del tema',
};
export type AdminLabels = typeof defaultLabels;
export const fmt = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
/** The texts in one language, as the page passes them (`t` is the request's translator; area "adminUi"). */
export const adminLabelsFor = (t: (key: `adminUi.${keyof AdminLabels}`) => string): AdminLabels =>
  Object.fromEntries((Object.keys(defaultLabels) as (keyof AdminLabels)[]).map((k) => [k, t(`adminUi.${k}`)])) as AdminLabels;
