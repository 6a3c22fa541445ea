// The supplier's product editor (issue 11): checks the form with the endpoint's schema before sending (a margin at or
// above the price is refused without a request), sends money typed in major units as exact minor units, shows the
// server's field errors next to their fields, uploads photos and reorders them, keeps a stock per variant, sends an
// experience's local date and time with its offset, explains why a product with orders cannot be deleted, and is
// inert until hydrated.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import ProductEditor from '../../islands/supplier/ProductEditor.tsx';
import { localToIso } from '../../islands/supplier/datetime.ts';
import { splitOrder } from '../../src/domain/wallet/rules.ts';
import { PLAN_DEFAULTS } from '../../src/lib/shared/constants.ts';
import { formatMoney } from '../../src/lib/shared/money.ts';
import type { ProductType, SupplierProductView } from '../../src/domain/products/schema.ts';
import { PRODUCT_ID, richFor, say, storedProduct, textsFor } from './supplier-fixtures.ts';

const API = 'http://localhost/api/supplier';
const sent: { method: string; url: string; body: Record<string, unknown> }[] = [];
let reply: (body: Record<string, unknown>) => Response = (body) => HttpResponse.json({ ...storedProduct(), ...body, id: 'new-id' }, { status: 201 });
let uploads = 0;
const server = setupServer(
  http.post(`${API}/products`, async ({ request }) => { const body = await request.json() as Record<string, unknown>; sent.push({ method: 'POST', url: request.url, body }); return reply(body); }),
  http.patch(`${API}/products/:id`, async ({ request }) => { const body = await request.json() as Record<string, unknown>; sent.push({ method: 'PATCH', url: request.url, body }); return reply(body); }),
  http.delete(`${API}/products/:id`, () => HttpResponse.json({ error: { code: 'product_has_orders', message: 'Tiene pedidos' } }, { status: 409 })),
  http.post(`${API}/uploads`, async ({ request }) => {
    // jsdom's File reaches the handler as an empty 'blob' part: photos are named by the order they arrive in.
    expect(await request.text()).toMatch(/name="file"; filename=/);
    uploads += 1;
    return HttpResponse.json({ url: `/media/p${uploads}.png`, id: `m${uploads}` }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup(); server.resetHandlers(); sent.length = 0; uploads = 0;
  reply = (body) => HttpResponse.json({ ...storedProduct(), ...body, id: 'new-id' }, { status: 201 });
});
afterAll(() => server.close());

async function setup({ type = 'product', product = null }: { type?: ProductType; product?: SupplierProductView | null } = {}) {
  const navigate = vi.fn();
  render(<ProductEditor texts={textsFor()} richLabels={richFor()} type={type} product={product} currency="MXN" apiBase="http://localhost" navigate={navigate} />);
  await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy());
  return navigate;
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = (name = say('create')) => act(async () => { fireEvent.click(screen.getByRole('button', { name })); });
const png = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });

describe('ProductEditor', () => {
  it('refuses a contribution margin at or above the price next to the field, without a request', async () => {
    const navigate = await setup();
    type(say('field-name'), 'Rebozo');
    type(say('listPrice'), '100');
    type(say('margin'), '100.00');
    await submit();
    expect(await screen.findByText(say('validation.marginBelowPrice'))).toBeTruthy();
    expect(field(say('margin')).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(say('fixFields')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    // Fixed in place: the message goes as the supplier types.
    type(say('margin'), '99.99');
    await waitFor(() => expect(screen.queryByText(say('validation.marginBelowPrice'))).toBeNull());
  });

  it('says what is wrong with a price that is not money, with the schema\'s numbers', async () => {
    await setup();
    type(say('field-name'), 'x'.repeat(151));
    type(say('listPrice'), '19.999');
    await submit();
    // The money module's reason, as the server's pages say it: too many decimals, not a bare "enter a number".
    expect(await screen.findByText(say('validation.moneyDecimals', { max: 2 }))).toBeTruthy();
    expect(screen.getByText(say('validation.tooLong', { max: 150 }))).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('previews the earning as the ledger pays it: a half cent rounds up, as splitOrder does', async () => {
    await setup();
    type(say('listPrice'), '100');
    type(say('margin'), '40.11'); // 40.11 x 0.5 = 20.055
    const parts = splitOrder({
      paid: 10000, lines: [{ unit_price: 10000, amount: 1, contribution_margin: 4011 }], rate: PLAN_DEFAULTS.plan_commission_rate,
      supplier: 's', reseller: 'r', promoter: null,
    });
    const paid = parts.find((p) => p.role === 'reseller')!.amount;
    expect(paid).toBe(2006);
    expect(screen.getByText(say('earning', { amount: formatMoney(paid, 'MXN', 'es') }))).toBeTruthy(); // the old preview floored: $20.05
  });

  it('sends "199.50" as 19950 minor units, with variants and their own stock, and opens the new item', async () => {
    const navigate = await setup();
    type(say('field-name'), '  Rebozo de seda ');
    type(say('listPrice'), '199.50');
    type(say('crossoutPrice'), '250');
    type(say('margin'), '0');
    expect(screen.getByText(say('earningNone'))).toBeTruthy();
    type(say('margin'), '40.10');
    expect(screen.getByText(say('earning', { amount: '$20.05' }))).toBeTruthy();
    // A variant axis with two values, then a stock for each.
    type(say('newAxis'), 'Talla');
    fireEvent.click(screen.getByRole('button', { name: say('addAxis') }));
    const values = field(say('axisValues', { axis: 'Talla' }));
    fireEvent.change(values, { target: { value: 'S' } });
    fireEvent.keyDown(values, { key: 'Enter' });
    fireEvent.change(values, { target: { value: 'M' } });
    fireEvent.keyDown(values, { key: 'Enter' });
    fireEvent.click(screen.getByLabelText(say('perVariantStock')));
    fireEvent.change(await screen.findByLabelText(say('unitsOf', { variant: 'Talla: S' })), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(say('unitsOf', { variant: 'Talla: M' })), { target: { value: '4' } });
    expect(screen.getByText(say('stockSum', { count: 7, sum: '7' }))).toBeTruthy();
    // Tags and publishing.
    type(say('tagsLabel'), 'seda, regalo');
    fireEvent.click(within(screen.getByRole('region', { name: say('field-tags') })).getByRole('button', { name: say('addTag') }));
    fireEvent.click(screen.getByRole('switch'));
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/apps/me/products/new-id?created=1'));
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body;
    expect(body).toMatchObject({
      type: 'product', name: 'Rebozo de seda', list_price: 19950, crossout_price: 25000, contribution_margin: 4010, currency: 'MXN',
      variants: { Talla: ['S', 'M'] }, variant_stock: [{ variant: { Talla: 'S' }, stock_on_hand: 3 }, { variant: { Talla: 'M' }, stock_on_hand: 4 }],
      stock_type: 'onstock', stock_on_hand: 7, tags: ['seda', 'regalo'], list_state: 'published', hiden: false,
    });
    expect(body).not.toHaveProperty('slug'); // left to the server
  });

  it("shows the server's field errors next to their fields, and those it cannot place in a list", async () => {
    reply = () => HttpResponse.json({ error: { code: 'validation_error', message: 'Algunos datos no son válidos', fields: {
      name: ['Ya tienes un artículo con ese nombre'], list_price: ['validation.atLeast'], experience_place: ['Solo experiencias'],
    } } }, { status: 400 });
    const navigate = await setup();
    type(say('field-name'), 'Repetido');
    type(say('listPrice'), '10');
    await submit();
    expect(await screen.findByText('Ya tienes un artículo con ese nombre')).toBeTruthy();
    expect(field(say('field-name')).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(`${say('field-experience_place')}: Solo experiencias`)).toBeTruthy();
    expect(screen.getByText('Algunos datos no son válidos')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uploads photos, reorders them with the buttons and removes one', async () => {
    await setup({ type: 'product', product: storedProduct({ photos: [] }) });
    const input = document.querySelector('.sp-drop input[type=file]') as HTMLInputElement;
    await act(async () => { fireEvent.change(input, { target: { files: [png('uno.png'), png('dos.png')] } }); });
    await waitFor(() => expect(document.querySelectorAll('.sp-photo')).toHaveLength(2));
    const order = () => [...document.querySelectorAll<HTMLElement>('.sp-photo')].map((li) => li.dataset.photo);
    expect(order()).toEqual(['/media/p1.png', '/media/p2.png']);
    expect(uploads).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: say('photoEarlier', { n: 2 }) }));
    expect(order()).toEqual(['/media/p2.png', '/media/p1.png']);
    fireEvent.click(screen.getByRole('button', { name: say('photoLater', { n: 1 }) }));
    expect(order()).toEqual(['/media/p1.png', '/media/p2.png']);
    fireEvent.click(screen.getByRole('button', { name: say('photoEarlier', { n: 2 }) }));
    await act(async () => { fireEvent.change(document.querySelector('.sp-drop input[type=file]')!, { target: { files: [png('tres.png')] } }); });
    await waitFor(() => expect(order()).toEqual(['/media/p2.png', '/media/p1.png', '/media/p3.png']));
    fireEvent.click(screen.getByRole('button', { name: say('photoRemove', { n: 2 }) }));
    await submit(say('save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PATCH');
    expect(sent[0]!.url).toBe(`${API}/products/${PRODUCT_ID}`);
    expect(sent[0]!.body.photos).toEqual(['/media/p2.png', '/media/p3.png']);
    expect(await screen.findByText(say('saved'))).toBeTruthy();
  });

  it('refuses a file that is not a picture, and sends nothing for it', async () => {
    await setup();
    const input = document.querySelector('.sp-drop input[type=file]') as HTMLInputElement;
    await act(async () => { fireEvent.change(input, { target: { files: [new File(['a,b'], 'lista.csv', { type: 'text/csv' })] } }); });
    expect(await screen.findByText(say('photoRejected'))).toBeTruthy();
    expect(uploads).toBe(0);
  });

  it("edits a stored item: its values in major units, and the stock per variant kept", async () => {
    const product = storedProduct({
      variants: { Color: ['Negro', 'Rojo'] }, stock_on_hand: 5,
      variant_stock: [{ variant: { Color: 'Negro' }, stock_on_hand: 2, variant_key: 'Color=Negro', stock_reserved: 0 }, { variant: { Color: 'Rojo' }, stock_on_hand: 3, variant_key: 'Color=Rojo', stock_reserved: 1 }],
    });
    await setup({ product });
    expect(field(say('listPrice')).value).toBe('469.00');
    expect(field(say('margin')).value).toBe('90.00');
    expect((screen.getByLabelText(say('unitsOf', { variant: 'Color: Rojo' })) as HTMLInputElement).value).toBe('3');
    type(say('listPrice'), '480');
    await submit(say('save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ list_price: 48000, stock_on_hand: 5, variant_stock: [{ variant: { Color: 'Negro' }, stock_on_hand: 2 }, { variant: { Color: 'Rojo' }, stock_on_hand: 3 }] });
  });

  it("sends an experience's date and time typed on the visitor's clock with its offset", async () => {
    await setup({ type: 'experience' });
    type(say('field-name'), 'Taller de barro');
    type(say('listPrice'), '350');
    await submit();
    expect(await screen.findByText(say('validation.required'))).toBeTruthy(); // the date
    expect(sent).toHaveLength(0);
    type(say('experienceDate'), '2027-03-14T19:00');
    type(say('experiencePlace'), 'Casa del Barro, Tlaquepaque');
    fireEvent.click(screen.getByLabelText(say('attendee-email')));
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    const date = sent[0]!.body.experience_date as string;
    expect(date).toBe(localToIso('2027-03-14T19:00'));
    expect(date).toMatch(/^2027-03-14T19:00:00[+-]\d{2}:\d{2}$/);
    expect(sent[0]!.body).toMatchObject({ type: 'experience', experience_place: 'Casa del Barro, Tlaquepaque', attendee_fields: ['full_name', 'email'], list_price: 35000 });
  });

  it('explains that an item with orders cannot be deleted (409 product_has_orders)', async () => {
    const navigate = await setup({ product: storedProduct() });
    fireEvent.click(screen.getByRole('button', { name: say('delete') }));
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: say('confirmDeleteYes') })); });
    expect(await screen.findByText(say('deleteHasOrders'))).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is posted and inert until hydrated (nothing typed early is lost or sent)', () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<ProductEditor texts={textsFor()} richLabels={richFor()} type="product" currency="MXN" />);
    const forms = root.querySelectorAll('form');
    expect(forms).toHaveLength(1);
    expect(forms[0]!.getAttribute('method')).toBe('post');
    expect(forms[0]!.hasAttribute('inert')).toBe(true);
  });

  it('reads English when the page gives English texts', async () => {
    render(<ProductEditor texts={textsFor('en')} richLabels={richFor('en')} type="service" currency="MXN" apiBase="http://localhost" />);
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(screen.getByText('Type: service')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'On demand' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Guardar|Precio|Existencias|ondemand|onstock/);
  });
});
