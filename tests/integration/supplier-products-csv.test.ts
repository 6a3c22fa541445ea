// CSV export and import of a supplier's catalogue over HTTP against the demo server: an export imported again
// changes nothing (round trip), edited rows update and rows without id create; a file with any bad row answers 400
// csv_invalid with every problem by spreadsheet line and column and writes nothing; dry runs, multipart and text
// bodies, ';'-separated files, and the size and row limits (413).
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CSV_COLUMNS } from '../../src/domain/products/csv.ts';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '../../src/domain/products/schema.ts';
import { Client } from '../support/http.ts';
import { demoPicks } from './checkout.fixtures.ts';
import { cleanUp, newItem, TOKEN } from './supplier-products.fixtures.ts';

const supplier = new Client();
const created: string[] = [];
const foreign = demoPicks().cafeOnDemand[0]!;

type Item = Record<string, unknown> & { id: string; name: string; updated_at: string };

beforeAll(async () => {
  await supplier.login('proveedor@demo.test');
  for (const body of [
    {
      name: `=1+1 Camisa ${TOKEN}`, list_price: 45050, crossout_price: 50000, contribution_margin: 9000, tags: ['uno|dos', 'tres;cuatro'],
      variants: { Talla: ['S', 'M'], Color: ['Rojo', 'Azul=Marino'] },
      variant_stock: [{ variant: { Talla: 'S', Color: 'Rojo' }, stock_on_hand: 3 }, { variant: { Talla: 'M', Color: 'Azul=Marino' }, stock_on_hand: 0 }],
      plain_description: 'Línea uno, con "comillas"\nLínea dos', description: '<p>Hola <em>mundo</em></p>', weight_g: 300, list_state: 'published',
    },
    { name: `Taller ${TOKEN}`, type: 'service', list_price: 120000, stock_type: 'ondemand', is_dropshipping: false, hide_price: true },
    {
      name: `Paseo ${TOKEN}`, type: 'experience', list_price: 0, is_free: true, experience_date: '2031-05-10T10:00:00-06:00', experience_place: 'Zócalo',
      experience_capacity: 25, attendee_fields: ['full_name', 'email'], stock_on_hand: 25, max_purchase_amount: 4,
    },
  ]) {
    const r = await newItem(supplier, body);
    expect(r.status, r.text).toBe(201);
    created.push(r.json().id);
  }
});
afterAll(async () => { await cleanUp(supplier, created); });

async function mine(text = TOKEN): Promise<Item[]> {
  const r = await supplier.get(`/api/supplier/products?text=${encodeURIComponent(text)}&sort=name&limit=100`);
  expect(r.status, r.text).toBe(200);
  return r.json().results;
}
const exportCsv = async (q = `text=${TOKEN}&sort=name`) => {
  const r = await supplier.get(`/api/supplier/products/export.csv?${q}`);
  expect(r.status, r.text).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/csv/);
  return r.text;
};
const importCsv = (csv: string, q = '') => supplier.request('POST', `/api/supplier/products/import${q}`, { raw: csv, headers: { 'content-type': 'text/csv; charset=utf-8' } });
const rowsOf = (csv: string) => Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
const unparse = (rows: Record<string, string>[]) => Papa.unparse(rows, { columns: [...CSV_COLUMNS] });
const withoutTime = (items: Item[]) => items.map(({ updated_at: _u, ...rest }) => rest);

describe('export', () => {
  it('writes every matching item with the seed\'s field names, prices in major units and the cell formats', async () => {
    const csv = await exportCsv();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(CSV_COLUMNS.join(','));
    const rows = rowsOf(csv);
    expect(rows).toHaveLength(3);
    const shirt = rows.find((r) => r.name!.includes('Camisa'))!;
    // jsonb keeps the axes shortest name first, then by name.
    expect(shirt).toMatchObject({
      list_price: '450.50', crossout_price: '500.00', contribution_margin: '90.00', tags: 'uno\\|dos|tres\\;cuatro',
      variants: 'Color=Rojo|Azul\\=Marino;Talla=S|M', stock_on_hand: '3', list_state: 'published', hide_price: 'false',
    });
    // A cell a spreadsheet would run as a formula is written as text.
    expect(shirt.name).toBe(`'=1+1 Camisa ${TOKEN}`);
    expect(shirt.variant_stock!.split(';').sort()).toEqual(['Color=Azul\\=Marino|Talla=M:0', 'Color=Rojo|Talla=S:3']);
    expect(rows.find((r) => r.name!.startsWith('Paseo'))).toMatchObject({ is_free: 'true', attendee_fields: 'full_name|email', experience_capacity: '25', list_price: '0.00' });
    // The list's filters apply.
    expect(rowsOf(await exportCsv(`text=${TOKEN}&type=service`)).map((r) => r.name)).toEqual([`Taller ${TOKEN}`]);
  });
});

describe('import', () => {
  it('round trip: importing the export again changes nothing', async () => {
    const before = await mine();
    const r = await importCsv(await exportCsv());
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual({ created: 0, updated: 3, dry_run: false });
    expect(withoutTime(await mine())).toEqual(withoutTime(before));
  });

  it('updates edited rows, creates rows without id, and keeps columns the file leaves out', async () => {
    const rows = rowsOf(await exportCsv());
    const taller = rows.find((x) => x.name!.startsWith('Taller'))!;
    const csv = unparse([
      { ...taller, list_price: '1350.00', tags: 'nuevo|curso' },
      { name: `Nuevo ${TOKEN}`, list_price: '99.90', stock_on_hand: '7', tags: 'a|b', variants: 'Talla=Única' } as Record<string, string>,
    ]);
    const r = await importCsv(csv);
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual({ created: 1, updated: 1, dry_run: false });
    const items = await mine();
    const fresh = items.find((x) => x.name === `Nuevo ${TOKEN}`)!;
    created.push(fresh.id);
    expect(fresh).toMatchObject({ list_price: 9990, stock_on_hand: 7, tags: ['a', 'b'], variants: { Talla: ['Única'] }, list_state: 'unpublished' });
    expect(items.find((x) => x.id === taller.id)).toMatchObject({ list_price: 135000, tags: ['nuevo', 'curso'], type: 'service', hide_price: true });
    // Only some columns: the others keep what is stored.
    const partial = await importCsv(`id,list_price\r\n${taller.id},1400.00\r\n`);
    expect(partial.status, partial.text).toBe(200);
    expect((await supplier.get(`/api/supplier/products/${taller.id}`)).json()).toMatchObject({ list_price: 140000, tags: ['nuevo', 'curso'], name: `Taller ${TOKEN}` });
  });

  it('reports every bad row by line and column, and writes nothing', async () => {
    const before = await mine();
    const csv = [
      'id,name,list_price,contribution_margin,variants,stock_on_hand,photos',
      `,Bueno ${TOKEN},100.00,,,,`,
      `,Malo ${TOKEN},abc,,,,`,
      `,Margen ${TOKEN},10.00,10.00,,,`,
      `${foreign},Ajeno,1.00,,,,`,
      ',,5.00,,,,',
      `,Variantes ${TOKEN},1.00,,Talla,,`,
      `,Stock ${TOKEN},1.00,,,-3,`,
      `,Foto ${TOKEN},1.00,,,,javascript:alert(1)`,
      `,"${'x'.repeat(151)}",1.00,,,,`,
    ].join('\n');
    const r = await importCsv(csv);
    expect(r.status, r.text).toBe(400);
    const { code, fields, message } = r.json().error;
    expect(code).toBe('csv_invalid');
    expect(message).toMatch(/8/);
    expect(Object.keys(fields).sort()).toEqual(['10.name', '3.list_price', '4.contribution_margin', '5.id', '6.name', '7.variants', '8.stock_on_hand', '9.photos']);
    expect(fields['4.contribution_margin']).toEqual(['El margen de contribución debe ser menor que el precio']);
    // Nothing written, not even the good row.
    expect(withoutTime(await mine())).toEqual(withoutTime(before));
  });

  it('refuses unknown columns (line 1), and a file with no rows', async () => {
    const r = await importCsv(`name,list_price,colour\r\nX ${TOKEN},1.00,rojo\r\n`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.json().error.fields)).toEqual(['1.colour']);
    expect((await importCsv('name,list_price\r\n')).status).toBe(400);
  });

  it('dry_run=1 answers what would happen and writes nothing', async () => {
    const r = await importCsv(`name,list_price\r\nEnsayo ${TOKEN},10.00\r\n`, '?dry_run=1');
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual({ created: 1, updated: 0, dry_run: true });
    expect(await mine(`Ensayo ${TOKEN}`)).toEqual([]);
  });

  it('takes a multipart file and a ;-separated file', async () => {
    const form = new FormData();
    form.append('file', new Blob([`name;list_price;tags\r\nMultiparte ${TOKEN};12.50;x|y\r\n`], { type: 'text/csv' }), 'productos.csv');
    const res = await fetch(new URL('/api/supplier/products/import', inject('baseUrl')), {
      method: 'POST', body: form, headers: { cookie: [...supplier.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': supplier.defaults['x-forwarded-for']! },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ created: 1, updated: 0, dry_run: false });
    const [item] = await mine(`Multiparte ${TOKEN}`);
    created.push(item!.id);
    expect(item).toMatchObject({ list_price: 1250, tags: ['x', 'y'] });
  });

  it('answers 413 over the size or row limit, 415 for other bodies, 401/403 for others', async () => {
    const big = await importCsv(`name,list_price\r\n${'x'.repeat(CSV_IMPORT_MAX_BYTES)}\r\n`);
    expect(big.status).toBe(413);
    const many = await importCsv(`name,list_price\r\n${Array.from({ length: CSV_IMPORT_MAX_ROWS + 1 }, (_, i) => `n${i},1.00`).join('\r\n')}`);
    expect(many.status).toBe(413);
    expect((await supplier.post('/api/supplier/products/import', { name: 'x' })).status).toBe(415);
    expect((await new Client().request('POST', '/api/supplier/products/import', { raw: 'name\r\nx', headers: { 'content-type': 'text/csv' } })).status).toBe(401);
    const customer = new Client();
    await customer.login('cliente@demo.test');
    expect((await customer.request('POST', '/api/supplier/products/import', { raw: 'name\r\nx', headers: { 'content-type': 'text/csv' } })).status).toBe(403);
  });
});
