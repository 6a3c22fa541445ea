// Spanish labels for order states and history events on the customer's pages.
export const STATUS_LABEL: Record<string, string> = {
  sent_to_supplier: 'Enviado al vendedor', seller_confirmed: 'Confirmado por el vendedor', customer_confirmed: 'Confirmado por ti',
  in_process: 'En proceso', ready_to_deliver: 'Listo para entregar', delivered: 'Entregado', canceled: 'Cancelado',
};
export const REASON_LABEL: Record<string, string> = {
  requested_by_client: 'Ya no lo quiero', cannot_be_fulfilled: 'No se puede completar', duplicated_transaction: 'Compra duplicada',
  suspected_fraud: 'Sospecha de fraude', other: 'Otro motivo',
};
export const DELIVERY_LABEL: Record<string, string> = {
  shipping: 'Envío por paquetería', delivery: 'Entrega a domicilio', collection: 'Recoger en tienda', fixed_delivery: 'Entrega a domicilio (tarifa fija)',
  to_branch: 'Recoger en sucursal', to_address: 'Entrega a domicilio',
};
export const PAYMENT_LABEL: Record<string, string> = {
  cash: 'Efectivo contra entrega', deposit: 'Depósito bancario', banorte: 'Tarjeta (Banorte)', paypal: 'PayPal', mobbex: 'Mobbex', aplazo: 'Aplazo',
  str_card: 'Tarjeta', conekta_card: 'Tarjeta', openpay_card: 'Tarjeta', openpay_store: 'Efectivo en tienda', openpay_bank: 'Transferencia bancaria (SPEI)',
  tiendacrypto: 'Criptomonedas', baz_card: 'Tarjeta', memphis: 'Memphis',
};
export const PAYMENT_STATUS_LABEL: Record<string, string> = {
  pending: 'Pendiente', authorized: 'Autorizado', paid: 'Pagado', failed: 'Fallido', refunded: 'Reembolsado', partially_refunded: 'Reembolso parcial',
};
