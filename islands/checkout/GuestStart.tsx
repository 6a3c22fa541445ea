// Guest checkout start (seed 001 §2 startAsAnonymous): the lines come in ?items= (from the browser's cart); the
// e-mail is needed to send the order. POST /api/checkout with start_as_anonymous, then go to the checkout.
import { useState } from 'react';
import { z } from 'zod';
import IslandForm from '../shared/form.tsx';

const lines = z.array(z.object({ product_id: z.string(), variant: z.record(z.string(), z.string()).optional(), amount: z.number().int().min(1) })).min(1);

export default function GuestStart({ shop, base }: { shop: string; base: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    let items: unknown;
    try { items = lines.parse(JSON.parse(new URLSearchParams(location.search).get('items') ?? '[]')); } catch { setError('Tu carrito está vacío'); return; }
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) { setError('Escribe un correo válido'); return; }
    setBusy(true);
    try {
      const res = await fetch('/api/checkout', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop, items, start_as_anonymous: true, guest: { email } }) });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw new Error(body?.error?.message ?? 'An error has occurred');
      location.assign(`${base}/comprar/${body.id}`);
    } catch (err) { setError((err as Error).message); setBusy(false); }
  };
  return (
    <IslandForm className="guest-start" onSubmit={(e) => void submit(e)} noValidate>
      <h2>Comprar como invitado</h2>
      <label>Correo electrónico<input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} /></label>
      {error && <p className="co-error" role="alert">{error}</p>}
      <button className="btn" type="submit" disabled={busy}>Continuar como invitado</button>
    </IslandForm>
  );
}
