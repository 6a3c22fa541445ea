// Issue 25: the operator approves a cash-out waiting in the payouts queue and the holder's wallet shows it paid.
// The demo seeds two held cash-outs (src/db/seed/wallet.ts: Café de Altura, the supplier, and admin03, the reseller)
// that wait for the operator even in demo mode. On a phone in Spanish the operator pays the supplier's, on a desktop
// in English the reseller's; each holder then sees it paid on their wallet page. Sign-in through the API.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seedUuid } from '../../src/db/seed/ids.ts';
import { SCREENS_DIR, signIn, VIEWPORTS, type ViewportName } from './helpers.ts';

const CASES: { vp: ViewportName; lang: 'es' | 'en'; key: string; holder: string; text: Record<string, string> }[] = [
  { vp: 'phone', lang: 'es', key: 'cafe', holder: 'cafe@demo.test', text: { reference: 'Referencia de la transferencia', approve: 'Marcar pagado', done: 'Retiro marcado como pagado.', paid: 'Pagado' } },
  { vp: 'desktop', lang: 'en', key: 'admin03', holder: 'admin03@demo.test', text: { reference: 'Transfer reference', approve: 'Mark paid', done: 'Payout marked paid.', paid: 'Paid' } },
];

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/operator-${name}.png`, fullPage: true });
}

for (const c of CASES) {
  test(`the operator pays a waiting cash-out and its holder sees it paid (${c.vp}, ${c.lang})`, async ({ page, baseURL }) => {
    const payout = seedUuid(`wallet-demo:payout:waiting:${c.key}`);
    await page.setViewportSize(VIEWPORTS[c.vp]);
    await page.context().addCookies([{ name: 'lang', value: c.lang, url: baseURL! }]);
    await signIn(page.request, 'operador@demo.test');

    await page.goto('/apps/operador/retiros');
    const card = page.locator(`[data-payout="${payout}"]`);
    await expect(card).toHaveAttribute('data-status', 'requested');
    await card.getByLabel(c.text.reference!).fill(`SPEI-${c.key.toUpperCase()}-0001`);
    await card.getByRole('button', { name: c.text.approve }).click();
    await expect(page.getByTestId('payout-done')).toHaveText(c.text.done!);
    await expect(card).toHaveCount(0);
    await page.goto('/apps/operador/retiros?estado=paid');
    await expect(page.locator(`[data-payout="${payout}"]`)).toContainText(`SPEI-${c.key.toUpperCase()}-0001`);
    await shot(page, `payout-paid-${c.vp}-${c.lang}`);

    // The holder's wallet: the same cash-out, paid.
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'lang', value: c.lang, url: baseURL! }]);
    await signIn(page.request, c.holder);
    await page.goto('/demo-03/monedero');
    const row = page.locator(`.payouts li[data-payout="${payout}"]`);
    await expect(row.locator('.status')).toHaveText(c.text.paid!);
    await expect(row.locator('.status')).toHaveClass(/p-paid/);
    await shot(page, `wallet-paid-${c.vp}-${c.lang}`);
  });
}
