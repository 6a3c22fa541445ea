// The shop's time zone: seeded, public, and set by the shop's admins through the store PATCH.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

describe('shop time zone', () => {
  it('the demo shops carry theirs on the public shop (Mexico City; the Argentine boutique Buenos Aires)', async () => {
    const anon = new Client();
    expect((await anon.get('/api/shops/demo-03')).json().time_zone).toBe('America/Mexico_City');
    expect((await anon.get('/api/shops/demo-deshabilitada')).json().time_zone).toBe('America/Argentina/Buenos_Aires');
  });

  it('an admin sets it as an IANA name; anything else is a 400 field error and changes nothing', async () => {
    const admin = new Client();
    await admin.login('admindeshabilitada@demo.test');
    const api = '/api/shops/demo-deshabilitada/admin/store';
    const before = (await admin.get(api)).json().time_zone;
    try {
      const bad = await admin.request('PATCH', api, { body: { time_zone: 'Hora de México' } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual(['time_zone']);
      expect((await admin.get(api)).json().time_zone).toBe(before);
      const ok = await admin.request('PATCH', api, { body: { time_zone: 'europe/madrid' } });
      expect(ok.status).toBe(200);
      expect(ok.json().time_zone).toBe('Europe/Madrid');
      expect((await new Client().get('/api/shops/demo-deshabilitada')).json().time_zone).toBe('Europe/Madrid');
    } finally {
      await admin.request('PATCH', api, { body: { time_zone: before } });
    }
    const other = new Client();
    await other.login('admin03@demo.test');
    expect((await other.request('PATCH', api, { body: { time_zone: 'UTC' } })).status).toBe(403);
  });
});
