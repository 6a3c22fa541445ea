// Contact messages: who receives them and what the mail says (pure; src/domain/contact/service.ts sends it).
import type { ContactInput } from './schema.ts';

/** Per sender address: 5 messages in 15 minutes; per shop: 60 an hour (nobody can fill a shop's mailbox). */
export const CONTACT_LIMIT_PER_ADDRESS = 5;
export const CONTACT_LIMIT_PER_ADDRESS_WINDOW_S = 15 * 60;
export const CONTACT_LIMIT_PER_SHOP = 60;
export const CONTACT_LIMIT_PER_SHOP_WINDOW_S = 60 * 60;

/** The shop's contact e-mail, else its owner's (seed 000 §3 contact_email); null when it has neither. */
export function contactRecipient(shopEmail: string | null | undefined, ownerEmail: string | null | undefined): string | null {
  const own = shopEmail?.trim();
  if (own && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(own)) return own;
  return ownerEmail?.trim() || null;
}

/** No line breaks in a subject (a header): they would start new headers. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** What the mail to the shop says; src/domain/mail writes it in the language of the shop's people (their saved
 * language, else the page's). The visitor's text is quoted as typed (escaped in the HTML part). */
export interface ContactMail {
  mode: 'shop' | 'item';
  shop: string;
  shopUrl: string;
  about: string;
  itemUrl: string | null;
  fromName: string;
  fromEmail: string;
  phone: string | null;
  message: string;
  replyTo: string;
}

export function contactMail(shop: { name: string; url: string }, input: ContactInput, item: { name: string; url: string } | null): ContactMail {
  const about = input.mode === 'item' ? oneLine(item?.name ?? input.subject ?? '') : '';
  return {
    mode: input.mode === 'item' ? 'item' : 'shop', shop: shop.name, shopUrl: shop.url, about, itemUrl: item?.url ?? null,
    fromName: oneLine(input.name), fromEmail: input.email, phone: input.phone ? oneLine(input.phone) : null, message: input.message,
    replyTo: input.email,
  };
}
