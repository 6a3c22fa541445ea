// The search area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { catalogueItems, currencyGroup, foldedName, fuzzyEligible, listItemColumns, ratingOf, rowsOf, textMatch, toListItem, visibleItem } from './repo.ts';
export type { RawItem } from './repo.ts';
