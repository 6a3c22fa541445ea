// What the request says about the visitor when a proxy stands in front (TRUST_PROXY=1): their address and
// whether they reached us over https. Without TRUST_PROXY the forwarded headers are anyone's to forge and are
// ignored.
export const TRUST_PROXY = process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true';

const firstForwarded = (headers: Headers, name: string) => headers.get(name)?.split(',')[0]?.trim() || undefined;

/** The client's address: X-Forwarded-For's first entry behind a trusted proxy, else the socket's. */
export function clientAddress(request: Request, socketAddress: string | undefined): string {
  return (TRUST_PROXY ? firstForwarded(request.headers, 'x-forwarded-for') : undefined) || socketAddress || 'unknown';
}

/** Whether the visitor's connection is https: the URL's scheme, or X-Forwarded-Proto behind a trusted proxy. */
export function isHttps(url: URL, request: Request): boolean {
  if (url.protocol === 'https:') return true;
  return TRUST_PROXY && firstForwarded(request.headers, 'x-forwarded-proto')?.toLowerCase() === 'https';
}
