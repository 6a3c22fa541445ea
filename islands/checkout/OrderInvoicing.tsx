// The buyer's invoicing data on the order page (PUT /api/orders/{id}/invoicing): shown on the print preview.
import InvoicingForm, { type SaveError } from './InvoicingForm.tsx';
import { makeT, type IslandTexts } from './i18n.ts';
import './checkout.css';

interface Props { orderId: string; initial: Record<string, string> | null; editable: boolean; texts: IslandTexts }

export async function saveOrderInvoicing(orderId: string, body: Record<string, string>): Promise<Record<string, string> | null> {
  const res = await fetch(`/api/orders/${orderId}/invoicing`, {
    method: 'PUT', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    throw Object.assign(new Error(json?.error?.message ?? ''), { fields: json?.error?.fields }) as SaveError;
  }
  return (json?.invoicing as Record<string, string> | null) ?? null;
}

export default function OrderInvoicing({ orderId, initial, editable, texts }: Props) {
  return <InvoicingForm t={makeT(texts)} initial={initial} editable={editable} onSave={(body) => saveOrderInvoicing(orderId, body)} />;
}
