// Pure rules of the operator's console (issue 25): what a search term may be, and which level changes are refused.

export const USER_LEVELS = ['ul0', 'ul1', 'ul2', 'ul3'] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

/** Rows per page of the suppliers, shops and users lists. */
export const DIRECTORY_PAGE_SIZE = 25;
/** The highest page asked for (a typed ?page=99999999 is this one, past the end: an empty page, not an error). */
export const MAX_DIRECTORY_PAGE = 10_000;

/** What was typed in a search box: control characters dropped, spaces squeezed, at most 100 characters. */
export function searchTerm(raw: string | null | undefined): string {
  return (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
}

/** A page number from an address: 1.. MAX_DIRECTORY_PAGE, anything else is the first page. */
export function pageNumber(raw: string | null | undefined): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_DIRECTORY_PAGE) : 1;
}

export type LevelRefusal = 'unchanged' | 'self_demotion' | 'last_operator';

/**
 * Why changing `target`'s level from `from` to `to` is refused, or null. The operator cannot take away their own
 * operator level (they would lock themselves out mid-session), and the platform keeps at least one operator
 * (`operators`: how many ul3 users there are now, counted under lock).
 */
export function levelChangeRefusal(c: { actorId: string; targetId: string; from: string | null; to: UserLevel; operators: number }): LevelRefusal | null {
  if (c.from === c.to) return 'unchanged';
  if (c.from === 'ul3') {
    if (c.actorId === c.targetId) return 'self_demotion';
    if (c.operators <= 1) return 'last_operator';
  }
  return null;
}
