// The product list's CSV import (issue 11): a dry run first (nothing written), then the import; a file with bad rows
// answers 400 csv_invalid and its per-line, per-column messages are shown as a table in line order, with the
// columns named as the editor names them. Inert until hydrated.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import ProductImport, { IMPORT_PART_ROWS, csvProblems } from '../../islands/supplier/ProductImport.tsx';
import { csvChunks, shiftLines } from '../../islands/supplier/csv-chunks.ts';
import { say, textsFor } from './supplier-fixtures.ts';

const calls: string[] = [];
let reply: () => Response = () => HttpResponse.json({ created: 3, updated: 1 });
const server = setupServer(
  http.post('http://localhost/api/supplier/products/import', ({ request }) => { calls.push(new URL(request.url).search); return reply(); }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); calls.length = 0; reply = () => HttpResponse.json({ created: 3, updated: 1 }); });
afterAll(() => server.close());

const csv = () => new File(['name,list_price\nRebozo,abc\n'], 'productos.csv', { type: 'text/csv' });
function setup(locale: 'es' | 'en' = 'es') {
  render(<ProductImport texts={textsFor(locale)} listHref="/apps/me/products?type=product" apiBase="http://localhost" />);
  fireEvent.change(screen.getByLabelText(say('importFile', undefined, locale)), { target: { files: [csv()] } });
}

describe('ProductImport', () => {
  it('shows every csv_invalid message by line and column, in line order, and says nothing was written', async () => {
    reply = () => HttpResponse.json({ error: { code: 'csv_invalid', message: 'El archivo tiene errores en 3 líneas', fields: {
      '12.list_price': ['Escribe un número'], '3.name': ['Obligatorio'], '3.contribution_margin': ['El margen de contribución debe ser menor que el precio'],
      '4.color_favorito': ['Columna desconocida'],
    } } }, { status: 400 });
    setup();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: say('importCheck') })); });
    const table = await screen.findByRole('table');
    expect(calls).toEqual(['?dry_run=1']);
    expect(screen.getByText(/El archivo tiene errores en 3 líneas/)).toBeTruthy();
    expect(screen.getByText(new RegExp(say('importNothingWritten')))).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['3', `${say('field-contribution_margin')} contribution_margin`, 'El margen de contribución debe ser menor que el precio'],
      ['3', `${say('field-name')} name`, 'Obligatorio'],
      ['4', 'color_favorito', 'Columna desconocida'],
      ['12', `${say('field-list_price')} list_price`, 'Escribe un número'],
    ]);
    expect(within(table).getByText(say('importProblemsCaption', { count: 4 }))).toBeTruthy();
  });

  it('checks first (nothing written), then imports and offers the updated list', async () => {
    setup();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: say('importCheck') })); });
    expect(await screen.findByText(say('importCheckedOk', { created: 3, updated: 1 }))).toBeTruthy();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: say('importRun') })); });
    expect(await screen.findByText(say('importDone', { created: 3, updated: 1 }))).toBeTruthy();
    expect(screen.getByRole('link', { name: say('importReload') }).getAttribute('href')).toBe('/apps/me/products?type=product');
    expect(calls).toEqual(['?dry_run=1', '']);
  });

  it('asks for a file before sending, and shows another refusal as its message', async () => {
    render(<ProductImport texts={textsFor()} apiBase="http://localhost" />);
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: say('importRun') })); });
    expect(screen.getByText(say('importPickFile'))).toBeTruthy();
    expect(calls).toHaveLength(0);
    reply = () => HttpResponse.json({ error: { code: 'payload_too_large', message: 'El archivo es demasiado grande' } }, { status: 413 });
    fireEvent.change(screen.getByLabelText(say('importFile')), { target: { files: [csv()] } });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: say('importRun') })); });
    await waitFor(() => expect(screen.getByText('El archivo es demasiado grande')).toBeTruthy());
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads English with English texts', async () => {
    reply = () => HttpResponse.json({ error: { code: 'csv_invalid', message: 'The file has errors', fields: { '2.list_price': ['Enter a number'] } } }, { status: 400 });
    setup('en');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Check the file' })); });
    expect(await screen.findByRole('columnheader', { name: 'Line' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Price list_price' })).toBeTruthy();
  });

  it('imports a large file in parts: every part checked before any is written, rows shown as they are done', async () => {
    const rows = Array.from({ length: IMPORT_PART_ROWS * 2 + 10 }, (_, i) => `Rebozo ${i},"10,50"`).join('\n');
    // jsdom's Blob bodies do not reach msw's FormData: each part answers 100 created; csvChunks is checked below.
    // The first part waits until the test has seen the progress bar.
    let release = () => {};
    const gate = new Promise<void>((r) => { release = r; });
    server.use(http.post('http://localhost/api/supplier/products/import', async ({ request }) => {
      calls.push(new URL(request.url).search);
      if (calls.length === 1) await gate;
      return HttpResponse.json({ created: 100, updated: 0 });
    }));
    render(<ProductImport texts={textsFor()} apiBase="http://localhost" />);
    fireEvent.change(screen.getByLabelText(say('importFile')), { target: { files: [new File([`name,list_price\n${rows}\n`], 'big.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: say('importRun') }));
    const bar = await screen.findByTestId('import-progress');
    expect(within(bar).getByRole('status').textContent).toBe(say('importProgressCheck', { done: 0, total: IMPORT_PART_ROWS * 2 + 10 }));
    release();
    expect(await screen.findByText(say('importDone', { created: 300, updated: 0 }))).toBeTruthy();
    expect(calls).toEqual(['?dry_run=1', '?dry_run=1', '?dry_run=1', '', '', '']);
    expect(screen.queryByTestId('import-progress')).toBeNull();
  });

  it('splits on records (a quoted field keeps its line break) and moves a part\'s lines back to the file\'s', () => {
    const parts = csvChunks('\uFEFFname,description\r\nA,"one\ntwo"\r\nB,x\r\n\r\nC,y\n', 2);
    expect(parts).toEqual([
      { text: 'name,description\nA,"one\ntwo"\nB,x\n', start: 0, count: 2 },
      { text: 'name,description\nC,y\n', start: 2, count: 1 },
    ]);
    expect(shiftLines({ '2.name': ['x'], '1._': ['header'], '3': ['y'] }, 250)).toEqual({ '252.name': ['x'], '1._': ['header'], '253': ['y'] });
  });

  it('sorts problems by line number, not as text', () => {
    expect(csvProblems([['10.a', ['x']], ['9.b', ['y']], ['9.a', ['z']]]).map((p) => `${p.line}.${p.column}`)).toEqual(['9.a', '9.b', '10.a']);
  });

  it('is posted and inert until hydrated', () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<ProductImport texts={textsFor()} />);
    const form = root.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('inert')).toBe(true);
  });
});
