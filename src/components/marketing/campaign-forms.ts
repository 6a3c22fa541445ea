// The campaign admin pages' forms without script (issue 14): each form posts `op` and its fields to the page, which
// runs the same services as the API and answers 303 back with ?aviso=<notice>, or renders the page again (400) with
// the error. Money is typed in major units ('1500.00') and stored in minor units.
import type { AdminCtx } from '../../domain/admin/service.ts';
import { campaignInputSchema, campaignPatchSchema, channelInputSchema, channelPatchSchema } from '../../domain/marketing/admin-schema.ts';
import * as svc from '../../domain/marketing/admin-service.ts';
import type { Translator } from '../../lib/i18n/index.ts';
import { errorText, fieldText, issuesText } from '../../lib/i18n/validation.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { parseMoney, type MoneyText } from '../../lib/shared/money.ts';

export type FormOutcome = { notice: string; id?: string } | { error: string };

const str = (form: FormData, k: string) => { const v = form.get(k); return typeof v === 'string' ? v : undefined; };

async function attempt(t: Translator, fn: () => Promise<FormOutcome>): Promise<FormOutcome> {
  try { return await fn(); } catch (err) {
    if (err instanceof AppError) return { error: errorText(err, t) };
    throw err;
  }
}

function parsed<T>(r: { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } }, t: Translator): T | { error: string } {
  return r.success ? r.data : { error: issuesText(r.error.issues as Parameters<typeof issuesText>[0], t) };
}
const failed = (x: unknown): x is { error: string } => !!x && typeof x === 'object' && 'error' in x && Object.keys(x).length === 1;

/** op=create|update|delete of the campaigns list page. */
export async function campaignForm(a: AdminCtx, form: FormData, url: URL, t: Translator): Promise<FormOutcome> {
  const op = str(form, 'op');
  const id = str(form, 'id') ?? '';
  return attempt(t, async () => {
    if (op === 'create') {
      const input = parsed(campaignInputSchema.safeParse({ name: str(form, 'name') ?? '', url: str(form, 'url') ?? '', state: str(form, 'state') || undefined }), t);
      if (failed(input)) return input;
      const c = await svc.createCampaign(a, input, url);
      return { notice: 'created', id: c.id };
    }
    if (op === 'update') {
      const patch = parsed(campaignPatchSchema.safeParse({ name: str(form, 'name'), url: str(form, 'url'), state: str(form, 'state') || undefined }), t);
      if (failed(patch)) return patch;
      await svc.updateCampaign(a, id, patch, url);
      return { notice: 'updated', id };
    }
    if (op === 'delete') {
      await svc.deleteCampaign(a, id);
      return { notice: 'deleted' };
    }
    return { error: t('campaigns.tryAgain') };
  });
}

/** A money field typed in major units, read by the money module in the channel's currency; '' is 0. */
function money(form: FormData, k: string, currency: string | undefined): MoneyText | undefined {
  const v = str(form, k);
  if (v === undefined) return undefined;
  return v.trim() === '' ? { ok: true, minor: 0 } : parseMoney(v, { currency });
}

/** Why a typed amount was refused, in `t`'s language ("Type an amount, e.g. 1500.00" when it is not one at all). */
const moneyRefusal = (r: Exclude<MoneyText, { ok: true }>, t: Translator) =>
  (r.error === 'validation.moneyFormat' ? t('channels.invalidAmount') : fieldText(r.error, t, r.vars));

/** op=create-channel|update-channel|delete-channel of a campaign's page. */
export async function channelForm(a: AdminCtx, campaignId: string, form: FormData, t: Translator): Promise<FormOutcome> {
  const op = str(form, 'op');
  const id = str(form, 'id') ?? '';
  return attempt(t, async () => {
    if (op === 'delete-channel') {
      await svc.deleteChannel(a, id);
      return { notice: 'channel-deleted' };
    }
    const currency = str(form, 'currency') || undefined;
    const typedBudget = money(form, 'budget', currency);
    const typedSpent = money(form, 'spent', currency);
    for (const r of [typedBudget, typedSpent]) if (r && !r.ok) return { error: moneyRefusal(r, t) };
    const budget = typedBudget?.ok ? typedBudget.minor : undefined;
    const spent = typedSpent?.ok ? typedSpent.minor : undefined;
    const impressions = str(form, 'impressions');
    const fields = {
      name: str(form, 'name'), state: str(form, 'state') || undefined, source_code: str(form, 'source_code'), currency: str(form, 'currency') || undefined,
      budget, spent, impressions: impressions === undefined ? undefined : impressions.trim() || '0',
    };
    if (op === 'create-channel') {
      const input = parsed(channelInputSchema.safeParse({ ...fields, name: fields.name ?? '' }), t);
      if (failed(input)) return input;
      await svc.createChannel(a, campaignId, input);
      return { notice: 'channel-created' };
    }
    if (op === 'update-channel') {
      const patch = parsed(channelPatchSchema.safeParse(fields), t);
      if (failed(patch)) return patch;
      await svc.updateChannel(a, id, patch);
      return { notice: 'channel-updated' };
    }
    return { error: t('campaigns.tryAgain') };
  });
}

