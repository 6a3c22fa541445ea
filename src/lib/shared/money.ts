// Money is an integer count of minor units plus a currency code (seed 001 §9 symbols: $ default, € EUR, £ GBP).
const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£' };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? '$';
}

/** 12345 MXN -> "$123.45" ; whole thousands grouped with commas. */
export function formatMoney(minor: number, currency = 'MXN'): string {
  if (!Number.isInteger(minor)) throw new TypeError('money must be an integer count of minor units');
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const units = Math.trunc(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${currencySymbol(currency)}${units}.${cents}`;
}
