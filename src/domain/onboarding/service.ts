// The owner's checklist (issue 26): the facts (repo.ts) read through the rules (rules.ts).
import type { Db } from '../../db/client.ts';
import { checklistState, checklistSteps, type ChecklistState, type ChecklistStep, type OnboardingFacts } from './rules.ts';
import { readFacts } from './repo.ts';

export interface OwnerChecklist { state: ChecklistState; steps: ChecklistStep[]; facts: OnboardingFacts }

/** The checklist of a shop for its admins; `canShare` is the shop's sharing rule (no tracked links in franchises). */
export async function ownerChecklist(db: Db, shop: { id: string; owner: string | null }, opts: { canShare: boolean; dismissed: boolean }): Promise<OwnerChecklist> {
  const facts: OnboardingFacts = { ...(await readFacts(db, shop)), canShare: opts.canShare };
  const steps = checklistSteps(facts);
  return { state: checklistState(steps, opts.dismissed), steps, facts };
}
