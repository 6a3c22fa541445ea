// Pure rules of the people features (issue 14): the advisor's phone and presence, collaborator permissions,
// invitation lifetimes and the menu-apps list. No I/O: unit-tested in tests/unit/people-rules.test.ts.
import { SHOP_PERMISSIONS, type ShopPermission } from '../../lib/shared/constants.ts';

/** Seed 001 §9: the advisor is online when last seen within 5 minutes. */
export const ADVISOR_ONLINE_WINDOW_MS = 5 * 60 * 1000;
/** A signed-in person's activity is written at most once a minute per process (the online window is 5). */
export const HEARTBEAT_MIN_INTERVAL_MS = 60 * 1000;
/** An invitation's token link works for 7 days; 'refresh' mails a new one. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Mails a shop's admins may send through invitations (new, added, resent) per hour: the form is not a mailer. */
export const INVITATION_MAILS_PER_HOUR = 30;
/** Seed 001 §9: collaborators page size 10 (the user menu's list loads 5). */
export const COLLABORATORS_PAGE_SIZE = 10;

/** Online when the last heartbeat is at most 5 minutes old (a heartbeat from the future, a skewed clock, counts). */
export function isOnline(lastSeen: Date | null | undefined, now: Date = new Date()): boolean {
  if (!lastSeen) return false;
  return now.getTime() - lastSeen.getTime() <= ADVISOR_ONLINE_WINDOW_MS;
}

/** Seed 001 §9 'phone format 10 digits': (xxx) xxx-xxxx when the number has exactly 10 digits, else null (shown as nothing). */
export function formatPhone(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length !== 10) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The wa.me link of a WhatsApp number (country code and number, digits only; 8 to 15 digits, E.164), or null. */
export function whatsappLink(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? `https://wa.me/${digits}` : null;
}

/** The permissions as stored: known ones only, each once, in the canonical order. */
export function normalisePermissions(list: readonly string[]): ShopPermission[] {
  const set = new Set(list);
  return SHOP_PERMISSIONS.filter((p) => set.has(p));
}

export function invitationExpiry(now: Date = new Date()): Date {
  return new Date(now.getTime() + INVITATION_TTL_MS);
}

export function invitationExpired(expiresAt: Date, now: Date = new Date()): boolean {
  return expiresAt.getTime() <= now.getTime();
}

/** Whether an e-mail may accept an invitation sent to another (case-insensitive, as accounts are). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** One entry of the menu-apps side bar (seed 001 §2): an app module, its label key, its page and who may open it. */
export interface MenuApp {
  module: string;
  labelKey: string;
  /** Under the shop's base path. */
  href: string;
  /** Any one of these opens it (the shop's owner holds 'admin'). */
  permissions: readonly ShopPermission[];
}

/** The shop admin's apps, in menu order. */
export const MENU_APPS: readonly MenuApp[] = [
  { module: 'dashboard', labelKey: 'menuApps.dashboard', href: '/admin/panel', permissions: ['admin', 'accountant'] },
  { module: 'orders', labelKey: 'menuApps.orders', href: '/admin/pedidos', permissions: ['admin', 'accountant', 'dispatcher'] },
  { module: 'tickets', labelKey: 'menuApps.tickets', href: '/admin/boletos', permissions: ['admin', 'qrreader'] },
  { module: 'collaborators', labelKey: 'menuApps.collaborators', href: '/admin/colaboradores', permissions: ['admin'] },
  { module: 'referral', labelKey: 'menuApps.referral', href: '/apps/me/referral', permissions: ['admin'] },
  { module: 'settings', labelKey: 'menuApps.settings', href: '/admin/configuracion', permissions: ['admin'] },
  { module: 'builder', labelKey: 'menuApps.builder', href: '/admin/editor', permissions: ['admin'] },
];

/** The apps a holder of these permissions may open, the current module marked (matched on the module key). */
export function menuAppsFor(permissions: readonly string[], current: string | null, apps: readonly MenuApp[] = MENU_APPS) {
  return apps.filter((a) => a.permissions.some((p) => permissions.includes(p))).map((a) => ({ ...a, current: a.module === current }));
}

/** The module a shop path belongs to ('/admin/pedidos/123' -> 'orders'), or null. */
export function moduleOfPath(path: string, apps: readonly MenuApp[] = MENU_APPS): string | null {
  const hit = apps.find((a) => path === a.href || path.startsWith(`${a.href}/`));
  return hit?.module ?? null;
}

/** Whether the admin tour opens on this visit: never dismissed, or 'Always show this tutorial' chosen. */
export function tourDue(s: { show_tour: boolean; dismissed: boolean }): boolean {
  return s.show_tour || !s.dismissed;
}
