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
/** Plan defaults of seed 001 §9: 199.00 MXN a month, commission rate 0.5, contribution margin 99.50. */
export const PLAN_DEFAULTS = { price: 19900, periodicity: 'month', plan_commission_rate: '0.5', contribution_margin: 9950, currency: 'MXN' } as const;

export const LOGIN_LIMIT_PER_ACCOUNT = 5; // failed attempts per window
export const LOGIN_LIMIT_PER_ADDRESS = 30; // attempts per window
export const LOGIN_LIMIT_WINDOW_S = 15 * 60;
export const SESSION_TTL_S = 30 * 24 * 60 * 60;
