// The admin area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { addCatalogueProduct, catalogueSlug, createCatalogue, dropUnusedImages, shopImage } from './service.ts';
export type { AdminCtx } from './service.ts';
export { MULTIPART_OVERHEAD_BYTES, checkImage, readUpload, storeImage } from './upload.ts';
export type { UploadedFile } from './upload.ts';
export { catalogueNamed, catalogueSlugsLike, findCatalogue, lockCatalogueNames, lockCatalogueOrder, placeCatalogueProduct } from './repo.ts';
