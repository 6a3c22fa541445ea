// The media area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { mediaFileUrl } from './service.ts';
