// The carrier's tracking link on the buyer's order (issue 28): built from a known carrier's template only, with the
// tracking number encoded, and passing the shared URL-safety check.
import { describe, expect, it } from 'vitest';
import { CARRIERS, isCarrier, trackingUrl } from '../../src/lib/shared/carriers.ts';
import { checkLink } from '../../src/lib/shared/safe-url.ts';

describe('carrier tracking links', () => {
  it('builds the known carriers\' pages with the number encoded', () => {
    expect(trackingUrl('dhl', 'JD014600006281')).toBe('https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=JD014600006281');
    expect(trackingUrl('fedex', ' 7489 ')).toBe('https://www.fedex.com/fedextrack/?trknbr=7489');
    expect(trackingUrl('ups', 'A"><script>&x=1')).toBe('https://www.ups.com/track?tracknum=A%22%3E%3Cscript%3E%26x%3D1');
    for (const c of CARRIERS) {
      const url = trackingUrl(c, 'X1');
      if (url) expect(checkLink(url)).toBe(url);
    }
  });

  it('gives no link for an unknown or unlisted carrier, or without a number', () => {
    expect(trackingUrl('unlisted', 'X1')).toBeNull();
    expect(trackingUrl('javascript:alert(1)', 'X1')).toBeNull();
    expect(trackingUrl('economica', 'X1')).toBeNull();
    expect(trackingUrl('dhl', '  ')).toBeNull();
    expect(trackingUrl(null, 'X1')).toBeNull();
    expect(isCarrier('dhl')).toBe(true);
    expect(isCarrier('constructor')).toBe(false);
  });
});
