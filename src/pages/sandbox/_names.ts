// Names the sandbox provider pages show: the provider's and the card brand's own names (the same in every
// language), never the method code ('str_card') or the checkout's description of the method.
const PROVIDERS: Record<string, string> = {
  banorte: 'Banorte', paypal: 'PayPal', mobbex: 'Mobbex', aplazo: 'Aplazo', str_card: 'Stripe', conekta_card: 'Conekta',
  openpay_card: 'Openpay', openpay_store: 'Openpay', openpay_bank: 'Openpay', tiendacrypto: 'TiendaCrypto',
  baz_card: 'Banco Azteca', memphis: 'Memphis',
};
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', carnet: 'Carnet' };

export const providerName = (paymentType: string) => PROVIDERS[paymentType] ?? paymentType;
export const cardBrandName = (brand: string | undefined) => (brand ? BRANDS[brand.toLowerCase()] ?? brand : '');
