// Contact messages (seed 000 §2 contact modal, issue 14): a visitor writes to a shop about the shop or their account,
// or about one of its products or services; the mail goes to the shop's contact e-mail (else its owner's) through
// the mail queue (src/domain/mail). Limited per sender address and per shop with the shared rate_limits counters.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { hitRateLimit } from '../accounts/repo.ts';
import { getShopItem, shopPublicOrigin } from '../catalog/index.ts';
import { mailContact } from '../mail/index.ts';
import { ROUTE_OF_TYPE } from '../catalog/schema.ts';
import type { ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import {
  CONTACT_LIMIT_PER_ADDRESS, CONTACT_LIMIT_PER_ADDRESS_WINDOW_S, CONTACT_LIMIT_PER_SHOP, CONTACT_LIMIT_PER_SHOP_WINDOW_S,
  contactMail, contactRecipient,
} from './rules.ts';
import type { ContactInput } from './schema.ts';

function tooMany(windowStart: Date, windowS: number) {
  const retry = Math.max(1, Math.ceil((windowStart.getTime() + windowS * 1000 - Date.now()) / 1000));
  return new AppError('rate_limited', 'Too many contact messages: try again later', {
    textKey: 'contactForm.rateLimited', vars: { minutes: Math.ceil(retry / 60) }, headers: { 'retry-after': String(retry) },
  });
}

/** Whether the shop can be written to at all (the page hides the form otherwise). */
export async function shopContactAddress(db: Db, shop: ShopRow): Promise<string | null> {
  return contactRecipient(shop.contact_email, await repo.ownerEmail(db, shop.owner));
}

/** An item the shop offers, for the form's 'about' line; null when the id is not one of them. */
export async function contactItem(db: Db, shop: ShopRow, viewer: Viewer, id: string | null | undefined) {
  if (!id) return null;
  try {
    const item = await getShopItem(db, shop, viewer, { owner: null, id }, { showResaleInfo: false });
    return { id: item.id, name: item.name, type: item.type, owner: item.owner };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}

export async function sendContactMessage(db: Db, shop: ShopRow, viewer: Viewer, input: ContactInput, where: { ip: string; url: URL; locale?: string | null }): Promise<void> {
  const perAddress = await hitRateLimit(db, `contact:ip:${where.ip}`, CONTACT_LIMIT_PER_ADDRESS_WINDOW_S);
  if (perAddress.count > CONTACT_LIMIT_PER_ADDRESS) throw tooMany(perAddress.windowStart, CONTACT_LIMIT_PER_ADDRESS_WINDOW_S);
  const perShop = await hitRateLimit(db, `contact:shop:${shop.id}`, CONTACT_LIMIT_PER_SHOP_WINDOW_S);
  if (perShop.count > CONTACT_LIMIT_PER_SHOP) throw tooMany(perShop.windowStart, CONTACT_LIMIT_PER_SHOP_WINDOW_S);

  const to = await shopContactAddress(db, shop);
  if (!to) throw new AppError('not_found', 'This shop has no contact e-mail', { textKey: 'contactForm.unavailable' });
  const found = input.mode === 'item' ? await contactItem(db, shop, viewer, input.item_id) : null;
  if (input.mode === 'item' && input.item_id && !found) throw new AppError('not_found', 'No such product or service in this shop');
  const origin = shopPublicOrigin(shop, where.url);
  const item = found ? { name: found.name, url: `${origin}/${ROUTE_OF_TYPE[found.type]}/${found.owner}/${found.id}` } : null;
  const mail = contactMail({ name: shop.name, url: `${origin}/` }, input, item);
  await mailContact(db, to, mail, where.locale ?? null, shop.id);
}
