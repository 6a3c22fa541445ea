// A click on a store admin button before the admin island listens is replayed once it does (issue 27).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PENDING_ATTR, ADMIN_READY_ATTR, replayEarlyAdminClick } from '../../islands/admin/early-clicks.ts';

afterEach(() => { document.body.innerHTML = ''; document.documentElement.removeAttribute(ADMIN_READY_ATTR); });

describe('early admin clicks', () => {
  it('replays the marked button once, then marks the island ready', () => {
    document.body.innerHTML = `<button data-admin-action="add-items" data-type="product" ${ADMIN_PENDING_ATTR}>+</button>`;
    const button = document.querySelector('button')!;
    const seen = vi.fn();
    document.addEventListener('click', seen);
    replayEarlyAdminClick();
    document.removeEventListener('click', seen);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute(ADMIN_PENDING_ATTR)).toBe(false);
    expect(document.documentElement.hasAttribute(ADMIN_READY_ATTR)).toBe(true);
  });

  it('without an early click it only marks the island ready', () => {
    document.body.innerHTML = '<button data-admin-action="catalogues">Mis catálogos</button>';
    const seen = vi.fn();
    document.addEventListener('click', seen);
    replayEarlyAdminClick();
    document.removeEventListener('click', seen);
    expect(seen).not.toHaveBeenCalled();
    expect(document.documentElement.hasAttribute(ADMIN_READY_ATTR)).toBe(true);
  });
});
