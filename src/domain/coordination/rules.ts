// The coordinator (seed 001: 'level two (coordinator) gets resale and campaign features and a coordinator modal'):
// an entrepreneur with a store (ul2) who owns at least one store. Pure rules; the figures come from repo.ts.

/** The window's period: the last 30 days, as the dashboards' default range. */
export const COORDINATOR_DAYS = 30;
/** At most this many stores in the window (a coordinator runs a handful; the rest are a link to the workspace). */
export const COORDINATOR_SHOPS_MAX = 12;

export interface CoordinatorViewer { user_level: string | null }
export interface CoordinatedShop { id: string; slug: string; name: string; is_owner: boolean }

/** Whether the viewer is a coordinator: level two and the owner of at least one store. */
export function isCoordinator(user: CoordinatorViewer | null, shops: readonly CoordinatedShop[] | undefined): boolean {
  return user?.user_level === 'ul2' && (shops ?? []).some((s) => s.is_owner);
}

/** The stores the window shows: owned first, then administered, each group by name; at most COORDINATOR_SHOPS_MAX. */
export function coordinatedShops<S extends CoordinatedShop>(shops: readonly S[]): S[] {
  return [...shops].sort((a, b) => Number(b.is_owner) - Number(a.is_owner) || a.name.localeCompare(b.name)).slice(0, COORDINATOR_SHOPS_MAX);
}
