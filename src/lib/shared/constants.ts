// The spec's numbers, named as the spec names them (seed 000 §9, seed 001 §9). Browser-safe.
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
export const CATALOGUE_PRODUCTS_PER_PAGE = 30;
export const CATALOGUE_LIST_PAGE_SIZE = 30;
export const RESELLER_CATALOGUE_FETCH_LIMIT = 50;
export const PRODUCT_LIST_PAGE_SIZE = 36;
export const SERVICE_LIST_PAGE_SIZE = 18;
export const HEADER_LIST_PAGE_SIZE = 10;
export const PHOTO_MAX_BYTES = 4_000_000;
export const PIN_DIGITS = 6;
export const PIN_TTL_MS = 5 * 60 * 1000;
export const MENU_WIDTH = 280;
export const COLLABORATIONS_PAGE_SIZE = 5; // user menu: collaborations loaded 5 at a time (seed 000 §9)
export const COOKIE_TRACKING_MAX_AGE_S = 24 * 60 * 60; // referral, campaign, click id: 1 day
export const COOKIE_PREFERENCE_MAX_AGE_S = 365 * 24 * 60 * 60; // showResaleInfo, theme: 365 days
export const CATALOGUE_NAME_MAX = 150;
export const DEFAULT_COLUMNS = 2;
export const DEFAULT_BACKGROUND_RGB = { r: 245, g: 248, b: 250 } as const;

export const USER_LEVELS = ['ul0', 'ul1', 'ul2', 'ul3'] as const;
export type UserLevel = (typeof USER_LEVELS)[number];
export const SHOP_PERMISSIONS = ['admin', 'accountant', 'dispatcher', 'qrreader'] as const;
export type ShopPermission = (typeof SHOP_PERMISSIONS)[number];
export const STORE_TYPES = ['franchise', 'affinity', 'affiliate'] as const;
export const PROFILE_MAIN_TYPES = ['affinity', 'dssupplier', 'referral'] as const;
export const PHOTO_DISPLAYS = ['bdr_cir', 'cir', 'bdr_sq', 'sq', 'bdr_rec', 'rec'] as const;
export const SECTION_KINDS = ['experiences', 'products', 'services', 'franchises', 'retail', 'blogs'] as const;
export const PRODUCT_TYPES = ['product', 'service', 'experience'] as const;
export const STOCK_TYPES = ['onstock', 'ondemand'] as const;
export const BANNER_TARGETS = ['all', 'anon', 'ul0', 'ul1', 'ul2'] as const;
export const BUTTON_LABELS = ['signup', 'signupnow', 'signupfree', 'startnow', 'buynow', 'more'] as const;
export const HEADER_ACTION_TYPES = ['none', 'url', 'product', 'signup'] as const;

export const PLAN_IDS = ['plan_profesional', 'tienda_en_linea', 'negocio_digital', 'facturacion_electronica'] as const;
/** The plan whose commission rate applies when a shop has none (or an unknown one). */
export const DEFAULT_RESALE_PLAN = 'plan_profesional';
/** Plan defaults of seed 001 §9: 199.00 MXN a month, commission rate 0.5, contribution margin 99.50. */
export const PLAN_DEFAULTS = { price: 19900, periodicity: 'month', plan_commission_rate: '0.5', contribution_margin: 9950, currency: 'MXN' } as const;

// Sign-in throttles (counters in the database, one fixed window of LOGIN_LIMIT_WINDOW_S each):
/** Failed passwords for one account from one address: that address is locked out of that account for the window.
 * Per account AND address, so an attacker elsewhere cannot lock the owner out by guessing wrong on purpose. */
export const LOGIN_LIMIT_PER_ACCOUNT = 5;
/** Attempts from one address, any account (raised with the LOGIN_LIMIT_PER_ADDRESS variable behind a shared NAT). */
export const LOGIN_LIMIT_PER_ADDRESS = 30;
/**
 * Failed passwords for one account from all addresses together. With 5 per address, only an attack from 20 or more
 * addresses reaches it; password sign-in to that account then pauses for the window (the sign-in PIN by mail still
 * works, so the owner is never locked out).
 */
export const LOGIN_LIMIT_PER_ACCOUNT_GLOBAL = 100;
/** Sign-in PINs mailed for one e-mail address from all client addresses (no mail bombing, few PINs to guess). */
export const PIN_LIMIT_PER_ACCOUNT = 5;
export const LOGIN_LIMIT_WINDOW_S = 15 * 60;
/** How long the code a sign-up mails stays valid (the one that proves the e-mail, or the owner's sign-in PIN). */
export const SIGNUP_CODE_TTL_MS = 30 * 60 * 1000;
export const SESSION_TTL_S = 30 * 24 * 60 * 60;

// ---------- shop administration (issue 4; seed 000 §5, §9; seed 001 §5) ----------
export const HEADER_TITLE_MAX = 30;
export const HEADER_SUBTITLE_MAX = 40;
export const HEADER_DESCRIPTION_MAX = 130;
/** Catalogue list page size in the admin's "My catalogues" modal (seed 000 §9: 30). */
export const ADMIN_CATALOGUE_PAGE_SIZE = 30;
/** Photo uploads: jpg, jpeg, png, svg; one file (seed 000 §5). PHOTO_MAX_BYTES is the size limit. */
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg'] as const;
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml'] as const;
/** The spec's rejection text (seed 000 §5), with the limit in MB (4 for PHOTO_MAX_BYTES). */
export const photoRejectedMessage = (maxBytes: number) =>
  `Imagen rechazada – El tamaño de archivo de la imagen sobrepasa el máximo permitido (${Math.round(maxBytes / 1_000_000)} MB). Los formatos válidos son .jpeg, .png, .svg`;
/** The upload failure toast (seed 000 §8). */
export const PHOTO_UPLOAD_FAILED_MESSAGE = 'La foto no se pudo actualizar en este momento, intentelo mas tarde';
/** Field message of a carousel link that does not match CAROUSEL_URL_PATTERN (seed 000 §5, seed 001 §5). */
export const INVALID_SHOP_CAROUSEL_LINK = 'invalid_shop_carousel_link';
/**
 * Carousel link: optional http(s) and www, a domain, a top-level domain of at least 2 letters, optional path.
 * Checked in both column modes (the two seed documents disagree on which; the safer rule wins).
 */
export const CAROUSEL_URL_PATTERN = /^(https?:\/\/)?(www\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?(\/[^\s"'<>\\]*)?$/i;
export const SLIDES_MAX = 20;
export const BANNERS_MAX = 50;
export const SHOP_NAME_MAX = 100;
export const SEO_DESCRIPTION_MAX = 320;
export const SOCIAL_FIELD_MAX = 300;
export const ADORNMENT_TYPES = ['geom-circle'] as const;
export const FOOTER_STYLES = ['simple', '3cols1col'] as const;
/** Builder limits: sections per page template and blocks per section. */
export const THEME_SECTIONS_MAX = 40;
export const THEME_BLOCKS_MAX = 50;

// ---------- cart, checkout, payments, purchase orders (seed 001 §3, §4, §5, §8, §9) ----------
/** Checkout constants of seed 001 §3: the payment methods. Which flow each one plays: src/domain/payments/methods.ts. */
export const PAYMENT_METHODS = [
  'cash', 'deposit', 'banorte', 'paypal', 'mobbex', 'aplazo', 'str_card', 'conekta_card', 'openpay_card', 'openpay_store',
  'openpay_bank', 'tiendacrypto', 'baz_card', 'memphis',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Delivery types of seed 001 §3. Offered by checkout: fixed_delivery, shipping, collection, to_branch. */
export const DELIVERY_TYPES = ['shipping', 'delivery', 'collection', 'fixed_delivery', 'to_branch', 'to_address'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
/**
 * Delivery types a list filter offers: one option per name the shopper reads. 'delivery' and 'to_address' are both
 * 'Entrega a domicilio' (seed 001 names both; checkout offers neither today): one option, filtering both.
 */
export const DELIVERY_FILTER_TYPES = ['shipping', 'fixed_delivery', 'to_branch', 'collection', 'delivery'] as const;
/** The delivery types one filter value stands for. */
export const deliveryTypesOf = (v: string): string[] => (v === 'delivery' || v === 'to_address' ? ['delivery', 'to_address'] : [v]);
export const CANCELLATION_REASONS = ['requested_by_client', 'cannot_be_fulfilled', 'duplicated_transaction', 'suspected_fraud', 'other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const ORDER_STATUSES = ['sent_to_supplier', 'seller_confirmed', 'customer_confirmed', 'in_process', 'ready_to_deliver', 'delivered', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const FULFILLMENT_STATUSES = ['unfulfilled', 'preparing', 'ready', 'shipped', 'delivered', 'canceled'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];
/** Card installments (months without interest): credit cards only. */
export const INSTALLMENT_OPTIONS = [3, 6, 9, 12] as const;
/** The checkout countdown (seed 001 §9: duration not shown; ours is 15 minutes): stock stays reserved that long. */
export const CHECKOUT_COUNTDOWN_MS = 15 * 60 * 1000;
/** Bank transfer must be made within 1 hour (seed 001 §4). */
export const BANK_TRANSFER_WINDOW_MS = 60 * 60 * 1000;
/** Store cash (pharmacy / convenience store) reference validity: ours, 48 hours. */
export const STORE_REFERENCE_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Crypto payment info validity: ours, 1 hour like a bank transfer. */
export const CRYPTO_WINDOW_MS = 60 * 60 * 1000;
/**
 * Reservation hoarding caps (ours): stock held by checkouts must not be lockable by one visitor.
 *   - restarts: each restart gives a fresh countdown; a checkout takes at most this many, and none once it is
 *     CHECKOUT_MAX_AGE_MS old (a purchase that old starts again from the cart, with today's prices and stock);
 *   - open checkouts holding stock (open, or placed and waiting for payment) per shopper, counted by any of their
 *     user id, anonymous id and guest e-mail, and per client address (higher: offices share one address; the
 *     CHECKOUT_LIMIT_PER_ADDRESS variable raises it). Per address only checkouts started in the last
 *     CHECKOUT_ADDRESS_WINDOW_MS count: a store-cash reference holds for 48 h, and ten of them must not lock a new
 *     shopper with an empty cart out of a shared address (an office, a mobile carrier's NAT) for two days;
 *   - units of one product held by one shopper or address across their checkouts: at most CHECKOUT_HOLD_MAX_SHARE of
 *     the units on hand, but always at least CHECKOUT_HOLD_MIN_UNITS (buying the last few units stays possible).
 */
export const CHECKOUT_MAX_RESTARTS = 3;
export const CHECKOUT_MAX_AGE_MS = 2 * 60 * 60 * 1000;
export const CHECKOUT_OPEN_PER_SHOPPER = 3;
export const CHECKOUT_OPEN_PER_ADDRESS = 10;
export const CHECKOUT_ADDRESS_WINDOW_MS = 60 * 60 * 1000;
export const CHECKOUT_HOLD_MAX_SHARE = 0.5;
export const CHECKOUT_HOLD_MIN_UNITS = 10;
/** How often each server process releases expired reservations (also done at each checkout start). */
export const RESERVATION_SWEEP_INTERVAL_MS = 30 * 1000;
export const CARD_TOKEN_TTL_MS = 15 * 60 * 1000;
/** Card number cut to 19 characters (seed 001 §5). */
export const CARD_NUMBER_MAX = 19;
/** The second payment failure notice shows for 55 s (seed 001 §8). */
export const PAYMENT_FAILED_NOTICE_S = 55;
/** Cart warning toasts last 7 s; the cart drawer resets its request state 500 ms after closing (seed 001 §8, §9). */
export const CART_WARNING_TOAST_MS = 7000;
export const CART_STATE_RESET_MS = 500;
/** The id that names a shop's shown header (GET /api/shops/{slug}/admin/headers/active; its storefront pencil). */
export const ACTIVE_HEADER_ID = 'active';
/** Supplier messages (a seller without payment configuration) show for 7 s (seed 000 §8, §9). */
export const SUPPLIER_MESSAGE_MS = 7000;
export const CART_MAX_LINES = 100;
export const CART_MAX_AMOUNT = 9999;
/** Returns: up to 72 hours after receiving the order (seed 001 §9). */
export const RETURN_WINDOW_MS = 72 * 60 * 60 * 1000;
/**
 * Shipment tracking (seed 001 §4): what a courier says of a parcel. `delivered` moves the order to delivered;
 * `exception` (lost, refused, damaged) and `returned` are recorded for the buyer and the supplier to act on.
 */
export const SHIPMENT_EVENT_STATUSES = ['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned'] as const;
export type ShipmentEventStatus = (typeof SHIPMENT_EVENT_STATUSES)[number];
/** The demo's sandbox courier moves a shipped parcel one step this often (SANDBOX_COURIER_STEP_MS overrides). */
export const SANDBOX_COURIER_STEP_MS = 2 * 60 * 1000;
/** Webhook signatures older than this are refused (replay window). */
export const WEBHOOK_TOLERANCE_S = 5 * 60;
export const ORDERS_PAGE_SIZE = 10;
/** SAT tax regimes and CFDI uses for invoicing data (print preview). */
export const TAX_REGIMES = ['601', '603', '605', '606', '607', '608', '610', '611', '612', '614', '615', '616', '620', '621', '622', '623', '624', '625', '626'] as const;
export const CFDI_USES = ['G01', 'G02', 'G03', 'I01', 'I02', 'I03', 'I04', 'I05', 'I06', 'I07', 'I08', 'D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01', 'CP01', 'CN01'] as const;

// ---------- blogs (seed 001 §2, §3, §5, §9) ----------
/** Blog list page size (seed 001 §7, §9: limit 8). */
export const BLOG_LIST_PAGE_SIZE = 8;
/** The home blog slider: up to 10 entries, 4 per view (seed 001 §2, §9). */
export const BLOG_SLIDER_MAX = 10;
export const BLOG_SLIDER_PER_VIEW = 4;
/** An entry's abstract: the first 500 characters of its plain text, plus an ellipsis when longer (seed 001 §3, §9). */
export const BLOG_ABSTRACT_MAX = 500;
/** Title required, at most 150 characters (as a catalogue name); tags: at most 20 of 40 characters each (ours). */
export const BLOG_TITLE_MAX = 150;
export const BLOG_TAGS_MAX = 20;
export const BLOG_TAG_MAX = 40;
/** Stored rich text (sanitised HTML) at most this many characters; the request body itself is capped at 1 MB. */
export const BLOG_CONTENT_MAX = 200_000;
export const BLOG_LIST_STATES = ['published', 'unpublished'] as const;

// ---------- returns (seed 001 §3, §4, §9) ----------
/** Return info of a supplier (seed 001 §3): whether returns are taken, who pays, which text, how the label arrives. */
export const RETURN_TYPES = ['disallowed', '72hrs'] as const;
export const RETURN_FEES = ['customer_all', 'free', 'customer_feed', 'original_fees', 'restocking_fees'] as const;
export const RETURN_POLICY_KINDS = ['common', 'customized'] as const;
export const RETURN_SHIPPING_LABELS = ['inbox', 'download'] as const;
/** A return request is open until the supplier closes it; its refunds are pending, failed or success. */
export const RETURN_STATUSES = ['open', 'closed'] as const;
export const RETURN_REFUND_STATUSES = ['pending', 'failed', 'success'] as const;
/** The reason tree (seed 001 §3 "reason chosen through a tree"): a group, then one of its reasons. Codes are unique. */
export const RETURN_REASON_TREE = {
  damaged: ['arrived_broken', 'defective', 'missing_parts'],
  wrong_item: ['wrong_product', 'wrong_size', 'wrong_color'],
  not_as_described: ['different_from_photos', 'poor_quality'],
  changed_mind: ['no_longer_needed', 'ordered_by_mistake'],
} as const;
export type ReturnReasonGroup = keyof typeof RETURN_REASON_TREE;
export const RETURN_REASON_GROUPS = Object.keys(RETURN_REASON_TREE) as ReturnReasonGroup[];
export const RETURN_REASONS = Object.values(RETURN_REASON_TREE).flat() as string[];
/** Photos of a return request: jpg/jpeg/png by content, at most PHOTO_MAX_BYTES each, at most this many. */
export const RETURN_PHOTOS_MAX = 5;
export const RETURN_TEXT_MAX = 2000;

// ---------- reviews (seed 001 §2 review modal, §3 Review, §6 signed-in customers) ----------
/** A review: rating 1–5 (required), title and text (optional, trimmed), up to 4 photos; the supplier answers once. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 4;
export const REVIEW_ANSWER_MAX = 2000;
/** Review photos are photos: JPEG or PNG (the admin upload checks and PHOTO_MAX_BYTES; SVG drawings are refused). */
export const REVIEW_PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
/** Reviews per page on the product page, and the API's default and largest page. */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_API_PAGE_SIZE = 10;
export const REVIEWS_PAGE_SIZE_MAX = 50;
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;

// ---------- experience tickets (seed 001 §2 "My tickets", §3, §4, §9) ----------
/** Tickets (attendants) per page: Mis boletos, an order's attendants (seed 001 §9: attendants page size 10). */
export const TICKETS_PAGE_SIZE = 10;
/** A ticket's code: `{number}-{secret part}`; the secret part is this many base32 characters (5 bits each: 130 bits). */
export const TICKET_SECRET_CHARS = 26;
/**
 * "An experience is concluded when its date is past" (seed 001 §4): its tickets are no longer valid this long after
 * the experience's date and time (ours: the experience takes place that day, so late arrivals are still let in).
 */
export const TICKET_ENDED_AFTER_MS = 12 * 60 * 60 * 1000;
/** Who validates a shop's tickets at the door besides its admins (seed 001 §2 admin side bar roles). */
export const TICKET_SCANNER_PERMISSION = 'qrreader';
export const TICKET_STATES = ['valid', 'used', 'canceled', 'ended'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
/** What a scan answers: valid (now used), already used, canceled, experience ended, another shop's, unknown. */
export const TICKET_SCAN_RESULTS = ['valid', 'used', 'canceled', 'ended', 'other_shop', 'not_found'] as const;
export type TicketScanResult = (typeof TICKET_SCAN_RESULTS)[number];
