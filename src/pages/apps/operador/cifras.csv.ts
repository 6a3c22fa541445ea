// /apps/operador/cifras.csv (issue 25): the operator home's figures as CSV (papaparse), one row per period, amounts
// in major units with two decimals; same query as the home page. 302 to sign-in for visitors, 403 for anyone else,
// 400 with the reason for a bad range.
import type { APIRoute } from 'astro';
import Papa from 'papaparse';
import { operatorPageAccess } from '../../../components/operator/page.ts';
import { FIGURE_COLUMNS, figuresParams } from '../../../components/operator/figures.ts';
import { platformFigures } from '../../../domain/wallet/service.ts';
import { decimalAmount } from '../../../lib/shared/money.ts';
import { fieldText } from '../../../lib/i18n/validation.ts';
import type { MessageKey } from '../../../lib/i18n/index.ts';

export const GET: APIRoute = async ({ locals, url, redirect }) => {
  const { db, viewer, t } = locals;
  const access = operatorPageAccess(viewer, url);
  if (access.kind === 'login') return redirect(access.href);
  const text = (body: string, status: number) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });
  if (access.kind === 'denied') return text(t('operatorConsole.deniedText'), 403);
  const { parsed } = figuresParams(url);
  if (!parsed.success) return text(fieldText(parsed.error.issues[0]!.message, t), 400);
  const q = parsed.data;
  const out = await platformFigures(db, viewer, q);
  const csv = Papa.unparse({
    fields: [t('operatorConsole.period'), t('operatorConsole.currency'), ...FIGURE_COLUMNS.map((c) => t(`operatorConsole.fig-${c}` as MessageKey))],
    data: out.results.map((r) => [r.bucket, q.currency, ...FIGURE_COLUMNS.map((c) => decimalAmount(r[c]))]),
  });
  return new Response(`${csv}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8', 'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="cifras-${q.from}-${q.to}-${q.unit}.csv"`,
    },
  });
};
