// The marketing area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { attributionOf } from './service.ts';
// Dashboards (issue 25): campaign visits per day and what each campaign brought in a range.
export { campaignFigures, visitsByDay } from './admin-repo.ts';
