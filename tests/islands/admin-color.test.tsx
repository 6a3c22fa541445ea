// Background colour (seed 000 §5, §9): hex, rgb(), hsl(), hsv() text accepted only when valid; default RGB(245,248,250);
// the live preview is debounced 250 ms; Apply saves {color1, color2}.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import ColorPanel, { DEFAULT_COLOR, validColor } from '../../islands/admin/ColorPanel.tsx';
import { AdminApi } from '../../islands/admin/api.ts';
import { defaultLabels as L } from '../../islands/admin/labels.ts';
import { COLOR_DEBOUNCE_MS, ToastProvider } from '../../islands/admin/ui.tsx';

const patches: unknown[] = [];
const server = setupServer(http.patch('http://localhost/api/shops/demo-03/admin/store', async ({ request }) => { patches.push(await request.json()); return HttpResponse.json({}); }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { cleanup(); server.resetHandlers(); patches.length = 0; vi.useRealTimers(); });
afterAll(() => server.close());

describe('colour text', () => {
  it('accepts valid hex, rgb, hsl and hsv, refuses the rest', () => {
    expect(validColor('#1a2b3c')).toBe('#1a2b3c');
    expect(validColor('rgb(245, 248, 250)')).toBe('#f5f8fa');
    expect(validColor('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(validColor('hsv(120, 100%, 100%)')).toBe('#00ff00');
    for (const bad of ['#12', 'rgb(300,0)', 'hsl(x, 1, 1)', 'blue', 'hsv(1,2)', '']) expect(validColor(bad)).toBeNull();
    expect(DEFAULT_COLOR).toBe('#f5f8fa');
  });

  it('shows the invalid legend and disables Apply; previews after 250 ms; Apply saves', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = vi.fn();
    render(<ToastProvider><ColorPanel api={new AdminApi('demo-03', 'http://localhost')} presets={[{ name: 'Mar', color1: '#004466', color2: '#002233' }]} onDone={done} /></ToastProvider>);
    const input = screen.getByLabelText(L.colorText) as HTMLInputElement;
    expect(input.value).toBe('#f5f8fa');
    fireEvent.change(input, { target: { value: 'rgb(1,2' } });
    expect(screen.getByText(L.invalidColor)).toBeTruthy();
    expect((screen.getByRole('button', { name: L.apply }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'hsl(0, 100%, 50%)' } });
    expect(screen.queryByText(L.invalidColor)).toBeNull();
    await act(async () => { await vi.advanceTimersByTimeAsync(COLOR_DEBOUNCE_MS - 1); });
    expect(document.documentElement.style.getPropertyValue('--c1')).not.toBe('#ff0000');
    await act(async () => { await vi.advanceTimersByTimeAsync(1); });
    expect(document.documentElement.style.getPropertyValue('--c1')).toBe('#ff0000');
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Mar' }));
    fireEvent.click(screen.getByRole('button', { name: L.apply }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(true, { color1: '#004466', color2: '#002233' }));
    expect(patches).toEqual([{ color1: '#004466', color2: '#002233' }]);
  });
});
