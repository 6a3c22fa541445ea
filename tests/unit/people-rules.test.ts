import { describe, expect, it } from 'vitest';
import {
  ADVISOR_ONLINE_WINDOW_MS, formatPhone, invitationExpired, invitationExpiry, isOnline, menuAppsFor, moduleOfPath, normalisePermissions,
  sameEmail, tourDue, whatsappLink,
} from '../../src/domain/people/rules.ts';

describe('advisor online window (seed 001 §9: 5 minutes)', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  it('is online up to exactly 5 minutes after the last heartbeat and offline after', () => {
    expect(isOnline(new Date(now.getTime() - ADVISOR_ONLINE_WINDOW_MS), now)).toBe(true);
    expect(isOnline(new Date(now.getTime() - 4 * 60_000), now)).toBe(true);
    expect(isOnline(new Date(now.getTime() - ADVISOR_ONLINE_WINDOW_MS - 1000), now)).toBe(false);
    expect(isOnline(new Date(now.getTime() - 60 * 60_000), now)).toBe(false);
  });
  it('is offline without any heartbeat', () => {
    expect(isOnline(null, now)).toBe(false);
    expect(isOnline(undefined, now)).toBe(false);
  });
});

describe('advisor phone (seed 001 §9: 10 digits)', () => {
  it('formats exactly 10 digits as (xxx) xxx-xxxx, whatever the separators', () => {
    expect(formatPhone('5512345678')).toBe('(551) 234-5678');
    expect(formatPhone('55 1234 5678')).toBe('(551) 234-5678');
    expect(formatPhone('(551) 234-5678')).toBe('(551) 234-5678');
  });
  it('shows nothing for any other count of digits', () => {
    expect(formatPhone('+52 55 1234 5678')).toBeNull();
    expect(formatPhone('123456789')).toBeNull();
    expect(formatPhone('')).toBeNull();
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone('call me')).toBeNull();
  });
  it('links WhatsApp numbers of 8 to 15 digits to wa.me', () => {
    expect(whatsappLink('+52 55 1234 5678')).toBe('https://wa.me/525512345678');
    expect(whatsappLink('1234567')).toBeNull();
    expect(whatsappLink(null)).toBeNull();
  });
});

describe('collaborator permissions and invitations', () => {
  it('keeps known permissions once, in canonical order', () => {
    expect(normalisePermissions(['qrreader', 'admin', 'admin', 'root'])).toEqual(['admin', 'qrreader']);
  });
  it('expires invitations after 7 days', () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    const exp = invitationExpiry(t0);
    expect(exp.toISOString()).toBe('2030-01-08T00:00:00.000Z');
    expect(invitationExpired(exp, new Date('2030-01-07T23:59:59Z'))).toBe(false);
    expect(invitationExpired(exp, exp)).toBe(true);
  });
  it('compares e-mails without case', () => {
    expect(sameEmail('Ana@Demo.test ', 'ana@demo.test')).toBe(true);
    expect(sameEmail('ana@demo.test', 'ana2@demo.test')).toBe(false);
  });
});

describe('menu apps (seed 001 §2)', () => {
  it('offers each permission its apps and marks the current module', () => {
    expect(menuAppsFor(['dispatcher'], 'orders').map((a) => [a.module, a.current])).toEqual([['orders', true]]);
    expect(menuAppsFor(['qrreader'], null).map((a) => a.module)).toEqual(['tickets']);
    expect(menuAppsFor(['admin'], 'collaborators').filter((a) => a.current).map((a) => a.module)).toEqual(['collaborators']);
    expect(menuAppsFor([], null)).toEqual([]);
  });
  it('matches a path to its module', () => {
    expect(moduleOfPath('/admin/pedidos/123')).toBe('orders');
    expect(moduleOfPath('/admin/pedidosx')).toBeNull();
  });
});

describe('tour', () => {
  it('opens until dismissed, and always when chosen', () => {
    expect(tourDue({ show_tour: false, dismissed: false })).toBe(true);
    expect(tourDue({ show_tour: false, dismissed: true })).toBe(false);
    expect(tourDue({ show_tour: true, dismissed: true })).toBe(true);
  });
});
