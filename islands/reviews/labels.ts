// Texts of the review modal island: the Spanish defaults (src/locales/es.json, "reviews"); the order page passes
// the request's locale's texts, placeholders ({{max}}, {{n}} ...) left for `fmt` to fill in the browser.
export const defaultReviewLabels = {
  write: 'Escribir una opinión',
  edit: 'Editar tu opinión',
  yourRating: 'Tu calificación: {{rating}} de 5',
  modalTitle: 'Tu opinión sobre {{name}}',
  rating: 'Calificación',
  rating1: 'Muy malo',
  rating2: 'Malo',
  rating3: 'Regular',
  rating4: 'Bueno',
  rating5: 'Excelente',
  star1: '1 estrella',
  star2: '2 estrellas',
  star3: '3 estrellas',
  star4: '4 estrellas',
  star5: '5 estrellas',
  ratingRequired: 'Elige una calificación de 1 a 5 estrellas',
  titleLabel: 'Título (opcional)',
  titlePlaceholder: 'Resume tu experiencia',
  textLabel: 'Tu opinión (opcional)',
  textPlaceholder: '¿Qué te gustó? ¿Cómo llegó?',
  tooLong: 'Máximo {{max}} caracteres',
  counter: '{{n}} de {{max}} caracteres',
  photosLabel: 'Fotos (opcional, hasta {{max}})',
  dropzone: 'Arrastra tus fotos aquí o elige archivos (.jpg o .png, máx. 4 MB)',
  photoRejected: 'Imagen rechazada – usa fotos .jpg o .png de hasta 4 MB',
  tooManyPhotos: 'Puedes agregar hasta {{max}} fotos',
  uploading: 'Subiendo foto…',
  uploadFailed: 'No se pudo subir la foto. Intenta de nuevo.',
  choosePhotos: 'Elegir fotos',
  photoN: 'Foto {{n}}',
  removePhoto: 'Quitar foto {{n}}',
  submit: 'Publicar opinión',
  save: 'Guardar cambios',
  saving: 'Guardando…',
  cancel: 'Cancelar',
  close: 'Cerrar',
  delete: 'Eliminar opinión',
  confirmDelete: '¿Eliminar tu opinión? También se borran sus fotos.',
  confirmDeleteYes: 'Sí, eliminar',
  deleted: 'Tu opinión se eliminó.',
  published: '¡Gracias! Tu opinión ya aparece en la página del producto.',
  updated: 'Tu opinión se actualizó.',
  seeOnProduct: 'Ver en la página del producto',
  notBought: 'Solo pueden opinar quienes compraron este producto.',
  notDelivered: 'Podrás opinar cuando recibas tu pedido.',
  alreadyReviewed: 'Ya opinaste sobre este producto. Recarga la página para editar tu opinión.',
  failed: 'No se pudo guardar tu opinión. Intenta de nuevo.',
};
export type ReviewLabels = typeof defaultReviewLabels;
export type ReviewLabelKey = keyof ReviewLabels;

/** Fills {{name}} placeholders. */
export function fmt(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
