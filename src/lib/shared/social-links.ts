// A shop's social links (seed 000 §5: free text, discord a URL). What an admin types becomes the address the footer
// links to, or is refused: a handle ('tienda', '@tienda') becomes the network's profile URL; anything with a '/'
// or ':' is an address and must pass the shared URL check (http(s); a bare domain gets https://). Any http(s) host
// is kept, not only the network's own: the link is the shop's choice like any header button, and only the scheme
// is a danger. Text that is neither ('mi canal') is refused, never rendered as a broken link. Browser-safe.
import { z } from 'zod';
import { SOCIAL_FIELD_MAX } from './constants.ts';
import { checkLink, HTTP_URL_MESSAGE, LINK_RULES } from './safe-url.ts';

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter', 'youtube', 'twitch', 'kick', 'discord'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Each network's handle characters and its profile address; discord has no handles (an invite URL only). */
const HANDLES: Record<SocialNetwork, { handle: RegExp; profile: (h: string) => string } | null> = {
  facebook: { handle: /^[a-z0-9.-]{1,50}$/i, profile: (h) => `https://www.facebook.com/${h}` },
  instagram: { handle: /^[a-z0-9._]{1,30}$/i, profile: (h) => `https://www.instagram.com/${h}` },
  twitter: { handle: /^[a-z0-9_]{1,15}$/i, profile: (h) => `https://x.com/${h}` },
  youtube: { handle: /^[a-z0-9._-]{1,30}$/i, profile: (h) => `https://www.youtube.com/@${h}` },
  twitch: { handle: /^[a-z0-9_]{1,25}$/i, profile: (h) => `https://www.twitch.tv/${h}` },
  kick: { handle: /^[a-z0-9_-]{1,25}$/i, profile: (h) => `https://kick.com/${h}` },
  discord: null,
};

/** The address a social field's text links to, or null when it is neither a handle nor a safe http(s) address. */
export function socialProfileUrl(network: SocialNetwork, raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v || v.length > SOCIAL_FIELD_MAX) return null;
  if (/[/:]/.test(v)) return checkLink(v, { ...LINK_RULES.web, bareDomain: true });
  const spec = HANDLES[network];
  const handle = v.replace(/^@/, '');
  return spec && spec.handle.test(handle) ? spec.profile(handle) : null;
}

export const SOCIAL_MESSAGE = 'validation.socialProfile';

/**
 * A social field: empty (or null) is null; otherwise the profile address (see socialProfileUrl), or `message`.
 * The API uses message keys (translated in the answer); the admin island passes its translated text (used for both).
 */
export function socialFieldSchema(network: SocialNetwork, text?: string) {
  const message = text ?? (network === 'discord' ? HTTP_URL_MESSAGE : SOCIAL_MESSAGE);
  return z.union([z.string().max(SOCIAL_FIELD_MAX, text ?? 'validation.tooLong'), z.null()]).transform((v, ctx) => {
    if (!(v ?? '').trim()) return null;
    const url = socialProfileUrl(network, v);
    if (!url) { ctx.addIssue({ code: 'custom', message }); return z.NEVER; }
    return url;
  });
}
