// Cart quantity input rules (seed 001 §5): whole numbers from 1; '.', 'e', '-' (and '+', ',', 'E') blocked;
// zero or empty ignored.
export const BLOCKED_KEYS = new Set(['.', 'e', 'E', '-', '+', ',']);

export function blockKey(e: { key: string; preventDefault(): void }): boolean {
  if (BLOCKED_KEYS.has(e.key)) { e.preventDefault(); return true; }
  return false;
}

/** The amount typed, or null when it must be ignored (empty, zero, not a whole number). */
export function parseQuantity(raw: string): number | null {
  const t = raw.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? n : null;
}
