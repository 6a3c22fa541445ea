// The onboarding area's public face (issue 26): the owner's checklist on their own store home.
export { ownerChecklist, type OwnerChecklist } from './service.ts';
export { checklistCookie, CHECKLIST_STEPS } from './rules.ts';
export type { ChecklistState, ChecklistStep, ChecklistStepId, OnboardingFacts } from './rules.ts';
