// The admin tour's setting (issue 14; seed 001 §7 'setup apps': show_tour). A person who never dismissed the tour
// sees it once; dismissing it stores the 'Always show this tutorial' choice (show_tour), which keeps it coming back.
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

export { tourDue } from './rules.ts';

export async function tourState(db: Db, userId: string): Promise<{ show_tour: boolean; dismissed: boolean }> {
  const row = await repo.findTour(db, userId);
  return { show_tour: row?.show_tour ?? false, dismissed: !!row?.dismissed_at };
}

export async function setTour(db: Db, userId: string, showTour: boolean) {
  await repo.saveTour(db, userId, showTour);
  return { show_tour: showTour, dismissed: true };
}
