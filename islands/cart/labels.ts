// Texts of the cart island (drawer and cart page), built by the page from the request's locale: the island ships
// no dictionary, only these strings. Placeholders ({{name}}, {{amount}} ...) are filled in the browser by `fill`.
import type { Translator } from '../../src/lib/i18n/index.ts';

export function cartLabels(t: Translator) {
  return {
    myCart: t('cart.myCart'),
    close: t('cart.close'),
    view: t('cart.view'),
    loading: t('common.loading'),
    empty: t('cart.empty'),
    emptyHint: t('cart.emptyHint'),
    keepShopping: t('cart.keepShopping'),
    quantityOf: t('cart.quantityOf'),
    remove: t('cart.removeShort'),
    removeNamed: t('cart.removeNamed'),
    youSave: t('cart.youSave'),
    total: t('cart.total'),
    payOrder: t('cart.payOrder'),
    signInToSave: t('cart.signInToSave'),
    myPurchases: t('header.myPurchases'),
    share: t('cart.share'),
    linkCopied: t('cart.linkCopied'),
    notConfigured: t('cart.purchaseNotPossible'),
    failed: t('common.tryAgain'),
    maxPurchase: t('cart.maxPurchaseExceeded'),
    onlyAvailable: t('cart.onlyAvailable'),
    maxLines: t('cart.maxLines'),
    insufficientStock: t('cart.insufficientStock'),
    outOfStock: t('cart.outOfStock'),
    unavailable: t('cart.temporarilyUnavailable'),
    chooseVariant: t('cart.chooseVariant'),
    notFound: t('customer.itemNotFound'),
    /** The shopper's own open checkout holds the units (src/flows/cart-view.ts). */
    heldInCheckout: t('cart.heldInCheckout'),
    heldInYourCheckout: t('cart.heldInYourCheckout'),
    continueCheckout: t('cart.continueCheckout'),
    goToCheckout: t('cart.goToCheckout'),
    /** A 'buy by' line at the net price (issue 13). */
    buyByLine: t('sharing.buyByLine'),
  };
}
export type CartLabels = ReturnType<typeof cartLabels>;

/**
 * A cart notice or line problem (the server's or the local cart's) in the shopper's language, by its code and
 * number; the server's message for codes without a text of their own.
 */
export function noticeText(n: { code: string; message: string; limit?: number; max?: number; available?: number }, l: CartLabels): string {
  const limit = String(n.limit ?? n.max ?? n.available ?? '');
  const put = (text: string) => text.replace(/\{\{\s*(max|count)\s*\}\}/g, limit);
  switch (n.code) {
    case 'max_purchase_amount_exceeded': return put(l.maxPurchase);
    case 'quantity_exceeded': return put(l.onlyAvailable);
    case 'conflict': return limit ? put(l.maxLines) : n.message;
    case 'insufficient_stock': return l.insufficientStock;
    case 'out_of_stock': return l.outOfStock;
    case 'unavailable_for_sale': return l.unavailable;
    case 'supplier_not_configured': return l.notConfigured;
    case 'variant_required': return l.chooseVariant;
    case 'not_found': return l.notFound;
    case 'held_in_checkout': return l.heldInCheckout;
    default: return n.message;
  }
}
