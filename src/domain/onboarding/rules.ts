// The owner's checklist on their own store home (issue 26): which first steps a new store has, which are done,
// and whether the list shows. Pure: the facts come from repo.ts, the page decides nothing itself.
//   look       a look of their own: the builder's theme published at least once (shop_themes.published_at)
//   products   at least one item in the store (shop_products)
//   catalogue  a catalogue holding at least one item (an empty one has nothing to share)
//   share      a tracked link made (a campaign of the shop; the share form and the share widget both make one)
//   payments   only when the owner sells goods of their own (a supplier with products): payment and delivery
//              set, the supplier's is_configured
// Franchise stores share no tracked links (ShareForm's rule), so they have no share step.

export const CHECKLIST_STEPS = ['look', 'products', 'catalogue', 'share', 'payments'] as const;
export type ChecklistStepId = (typeof CHECKLIST_STEPS)[number];

export interface OnboardingFacts {
  lookPublished: boolean;
  products: number;
  /** The oldest catalogue holding items: what the share step shares. */
  catalogue: { slug: string; name: string } | null;
  campaigns: number;
  /** Null when the owner sells no goods of their own (no supplier, or a supplier without products). */
  ownGoodsConfigured: boolean | null;
  canShare: boolean;
}

export interface ChecklistStep { id: ChecklistStepId; done: boolean }

export function checklistSteps(f: OnboardingFacts): ChecklistStep[] {
  const steps: ChecklistStep[] = [
    { id: 'look', done: f.lookPublished },
    { id: 'products', done: f.products > 0 },
    { id: 'catalogue', done: f.catalogue !== null },
  ];
  if (f.canShare) steps.push({ id: 'share', done: f.campaigns > 0 });
  if (f.ownGoodsConfigured !== null) steps.push({ id: 'payments', done: f.ownGoodsConfigured });
  return steps;
}

/** open: the list; complete: every step done (the list gives way to a short 'ready' note); hidden: dismissed. */
export type ChecklistState = 'open' | 'complete' | 'hidden';

export function checklistState(steps: readonly ChecklistStep[], dismissed: boolean): ChecklistState {
  if (dismissed) return 'hidden';
  return steps.every((s) => s.done) ? 'complete' : 'open';
}

/** The cookie that hides one shop's checklist in this browser (a shop id is a UUID: a valid cookie name). */
export const checklistCookie = (shopId: string) => `checklist_${shopId}`;
