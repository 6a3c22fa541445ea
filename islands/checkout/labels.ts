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

/** SAT catalogue c_RegimenFiscal: the codes of TAX_REGIMES (src/lib/shared/constants.ts) with their names. */
export const TAX_REGIME_LABEL: Record<string, string> = {
  601: 'General de Ley Personas Morales', 603: 'Personas Morales con Fines no Lucrativos',
  605: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', 606: 'Arrendamiento', 607: 'Régimen de Enajenación o Adquisición de Bienes',
  608: 'Demás ingresos', 610: 'Residentes en el Extranjero sin Establecimiento Permanente en México', 611: 'Ingresos por Dividendos (socios y accionistas)',
  612: 'Personas Físicas con Actividades Empresariales y Profesionales', 614: 'Ingresos por intereses', 615: 'Régimen de los ingresos por obtención de premios',
  616: 'Sin obligaciones fiscales', 620: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', 621: 'Incorporación Fiscal',
  622: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', 623: 'Opcional para Grupos de Sociedades', 624: 'Coordinados',
  625: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', 626: 'Régimen Simplificado de Confianza',
};

/** SAT catalogue c_UsoCFDI: the codes of CFDI_USES with their names. */
export const CFDI_USE_LABEL: Record<string, string> = {
  G01: 'Adquisición de mercancías', G02: 'Devoluciones, descuentos o bonificaciones', G03: 'Gastos en general',
  I01: 'Construcciones', I02: 'Mobiliario y equipo de oficina por inversiones', I03: 'Equipo de transporte', I04: 'Equipo de cómputo y accesorios',
  I05: 'Dados, troqueles, moldes, matrices y herramental', I06: 'Comunicaciones telefónicas', I07: 'Comunicaciones satelitales', I08: 'Otra maquinaria y equipo',
  D01: 'Honorarios médicos, dentales y gastos hospitalarios', D02: 'Gastos médicos por incapacidad o discapacidad', D03: 'Gastos funerales', D04: 'Donativos',
  D05: 'Intereses reales pagados por créditos hipotecarios (casa habitación)', D06: 'Aportaciones voluntarias al SAR', D07: 'Primas por seguros de gastos médicos',
  D08: 'Gastos de transportación escolar obligatoria', D09: 'Depósitos en cuentas para el ahorro, primas con base en planes de pensiones',
  D10: 'Pagos por servicios educativos (colegiaturas)', S01: 'Sin efectos fiscales', CP01: 'Pagos', CN01: 'Nómina',
};

/** "612 — Personas Físicas con ..." (the code alone when the catalogue does not know it). */
export const codeLabel = (labels: Record<string, string>, code: string | null | undefined) => (code ? (labels[code] ? `${code} — ${labels[code]}` : code) : '—');

/** Card brands as the payment step writes them. */
export const BRAND_LABEL: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Tarjeta' };
