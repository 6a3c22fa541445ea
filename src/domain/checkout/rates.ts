// The built-in courier rate table behind the 'shipping' and 'to_branch' delivery types (deterministic, offline).
// Mexican postal codes: the first two digits name the state, so zones go by that prefix; prices by zone and
// weight band, in MXN centavos, taxes included. A unit of a product weighs its weight_g, or its volumetric weight
// (length x width x height in cm / 5000, in kg) when that is larger, as couriers charge; 1 kg when the supplier
// gave no weight. Services and experiences weigh nothing and need no delivery.
export type Zone = 'A' | 'B' | 'C' | 'D';

/** A: Mexico City and its metro area; B: the centre; C: the north; D: the south and south-east. */
const ZONE_PREFIXES: Record<Zone, [number, number][]> = {
  A: [[1, 16], [50, 57]],
  B: [[20, 20], [36, 38], [42, 49], [58, 62], [72, 76], [78, 79], [90, 90]],
  C: [[21, 23], [25, 27], [31, 35], [63, 63], [64, 67], [80, 85], [87, 89], [98, 99]],
  D: [[24, 24], [28, 30], [39, 41], [68, 71], [77, 77], [86, 86], [91, 97]],
};

export function zoneOf(postalCode: string): Zone | null {
  if (!/^\d{5}$/.test(postalCode)) return null;
  const prefix = Number(postalCode.slice(0, 2));
  for (const [zone, ranges] of Object.entries(ZONE_PREFIXES) as [Zone, [number, number][]][]) {
    if (ranges.some(([lo, hi]) => prefix >= lo && prefix <= hi)) return zone;
  }
  return null;
}

/** Weight bands, upper bounds in grams; heavier parcels get no quote. */
export const WEIGHT_BANDS_G = [1000, 5000, 10000, 25000, 50000] as const;
/** The weight of a unit whose supplier gave none. */
export const ITEM_WEIGHT_G = 1000;
/** Volumetric divisor: cm³ per kg (the couriers' 5000), so a box of L x W x H cm weighs L·W·H / 5 grams. */
export const VOLUMETRIC_CM3_PER_KG = 5000;

export interface ParcelItem { amount: number; weight_g: number | null; length_cm: number | null; width_cm: number | null; height_cm: number | null }

/** Grams one unit counts for: its weight (1 kg unknown), or its volumetric weight when larger (rounded up). */
export function unitWeightG(p: Omit<ParcelItem, 'amount'>): number {
  const actual = p.weight_g ?? ITEM_WEIGHT_G;
  if (p.length_cm === null || p.width_cm === null || p.height_cm === null) return actual;
  const volumetric = Math.ceil((p.length_cm * p.width_cm * p.height_cm * 1000) / VOLUMETRIC_CM3_PER_KG);
  return Math.max(actual, volumetric);
}

/** Grams of a parcel: every line's unit weight times its amount. */
export function parcelWeightG(items: readonly ParcelItem[]): number {
  return items.reduce((n, i) => n + i.amount * unitWeightG(i), 0);
}

export function bandOf(weightG: number): number | null {
  const i = WEIGHT_BANDS_G.findIndex((b) => weightG <= b);
  return i === -1 ? null : i;
}

interface Service { courier: string; courier_name: string; service: string; service_name: string; prices: Record<Zone, readonly number[]>; days: Record<Zone, number> }

const STANDARD: Record<Zone, readonly number[]> = {
  A: [9900, 14900, 19900, 29900, 44900],
  B: [11900, 17900, 23900, 34900, 52900],
  C: [14900, 21900, 28900, 41900, 62900],
  D: [13900, 19900, 26900, 38900, 58900],
};
const scaled = (f: number) => Object.fromEntries(Object.entries(STANDARD).map(([z, p]) => [z, p.map((x) => Math.round((x * f) / 100) * 100)])) as Record<Zone, number[]>;

export const SERVICES: readonly Service[] = [
  { courier: 'economica', courier_name: 'Paquetería Económica', service: 'standard', service_name: 'Terrestre', prices: STANDARD, days: { A: 3, B: 4, C: 6, D: 5 } },
  { courier: 'rapida', courier_name: 'Mensajería Rápida', service: 'express', service_name: 'Día siguiente', prices: scaled(1.6), days: { A: 1, B: 2, C: 3, D: 3 } },
];

/** Agency pick-up ('to_branch') costs 80% of the standard rate and takes one more day. */
export const TO_BRANCH_FACTOR = 0.8;

export interface Rate { rate_id: string; courier: string; courier_name: string; service: string; service_name: string; cost: number; currency: 'MXN'; days: number }

export function quote(postalCode: string, weightG: number): Rate[] | null {
  const zone = zoneOf(postalCode);
  const band = bandOf(weightG);
  if (!zone || band === null) return null;
  return SERVICES.map((s) => ({
    rate_id: `${s.courier}.${s.service}.${zone}.${band}`, courier: s.courier, courier_name: s.courier_name,
    service: s.service, service_name: s.service_name, cost: s.prices[zone][band]!, currency: 'MXN', days: s.days[zone],
  }));
}

export function findRate(postalCode: string, weightG: number, rateId: string): Rate | null {
  return quote(postalCode, weightG)?.find((r) => r.rate_id === rateId) ?? null;
}

export interface Agency { agency_id: string; name: string; courier_name: string; formatted_address: string; cost: number; currency: 'MXN'; days: number }

const AGENCY_NAMES: Record<Zone, [string, string][]> = {
  A: [['Sucursal Centro Histórico', 'Av. 5 de Mayo 20, Centro, Ciudad de México'], ['Sucursal Coyoacán', 'Av. Universidad 1500, Coyoacán, Ciudad de México']],
  B: [['Sucursal Guadalajara Centro', 'Av. Juárez 300, Centro, Guadalajara, Jal.'], ['Sucursal Querétaro', 'Av. Constituyentes 80, Querétaro, Qro.']],
  C: [['Sucursal Monterrey Centro', 'Av. Constitución 400, Centro, Monterrey, N.L.'], ['Sucursal Chihuahua', 'Av. Independencia 1000, Chihuahua, Chih.']],
  D: [['Sucursal Mérida Centro', 'Calle 60 480, Centro, Mérida, Yuc.'], ['Sucursal Oaxaca', 'Av. Independencia 900, Oaxaca, Oax.']],
};

/** Courier agencies where a 'to_branch' parcel waits, for the zone of a postal code. */
export function agencies(postalCode: string, weightG: number): Agency[] | null {
  const zone = zoneOf(postalCode);
  const band = bandOf(weightG);
  if (!zone || band === null) return null;
  const std = SERVICES[0]!;
  return AGENCY_NAMES[zone].map(([name, address], i) => ({
    agency_id: `economica.${zone}.${i + 1}`, name, courier_name: std.courier_name, formatted_address: address,
    cost: Math.round((std.prices[zone][band]! * TO_BRANCH_FACTOR) / 100) * 100, currency: 'MXN', days: std.days[zone] + 1,
  }));
}

export function findAgency(postalCode: string, weightG: number, agencyId: string): Agency | null {
  return agencies(postalCode, weightG)?.find((a) => a.agency_id === agencyId) ?? null;
}
