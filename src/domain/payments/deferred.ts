// Deferred payments (Aplazo): the buyer pays the order in DEFERRED_INSTALMENTS parts, one every DEFERRED_EVERY_DAYS,
// the first today; the provider checks an identity document before approving (methods.ts's label says so). Pure: the
// sandbox's approval page shows this plan, as Aplazo's own page does.
export const DEFERRED_INSTALMENTS = 5;
export const DEFERRED_EVERY_DAYS = 14;
export const IDENTITY_DOCUMENT_MAX = 30;

export interface DeferredPart { n: number; due: Date; amount: number }

/** The plan for `amount` minor units: equal parts, the cents left over on the first one (the parts add up exactly). */
export function deferredPlan(amount: number, start = new Date()): DeferredPart[] {
  const base = Math.floor(amount / DEFERRED_INSTALMENTS);
  const first = amount - base * (DEFERRED_INSTALMENTS - 1);
  return Array.from({ length: DEFERRED_INSTALMENTS }, (_, i) => ({
    n: i + 1,
    due: new Date(start.getTime() + i * DEFERRED_EVERY_DAYS * 86_400_000),
    amount: i === 0 ? first : base,
  }));
}

/** An identity document number as a provider would take it (INE/passport: letters and digits), or null. */
export function identityDocument(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const v = raw.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{6,30}$/.test(v) && v.length <= IDENTITY_DOCUMENT_MAX ? v : null;
}
