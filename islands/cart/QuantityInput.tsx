import { useEffect, useState } from 'react';
import { blockKey, parseQuantity } from './quantity.ts';

interface Props { value: number; label: string; disabled?: boolean; onCommit(amount: number): void }

/** A quantity box: typed values are committed on change when they are whole numbers from 1; others are ignored. */
export default function QuantityInput({ value, label, disabled, onCommit }: Props) {
  const [text, setText] = useState(String(value));
  useEffect(() => { setText(String(value)); }, [value]);
  const commit = () => {
    const n = parseQuantity(text);
    if (n === null) { setText(String(value)); return; }
    if (n !== value) onCommit(n);
  };
  return (
    <input className="cart-qty" type="number" inputMode="numeric" min={1} step={1} aria-label={label} value={text} disabled={disabled}
      onKeyDown={(e) => { if (!blockKey(e) && e.key === 'Enter') { e.preventDefault(); commit(); } }}
      onPaste={(e) => { if (parseQuantity(e.clipboardData.getData('text')) === null) e.preventDefault(); }}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit} />
  );
}
