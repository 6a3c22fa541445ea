// Word lists and the item generator for the demo catalogue: realistic Spanish names, descriptions,
// prices, stock and variants, all drawn from a seeded PRNG so every run produces the same items.
import { type Rng } from './ids.ts';
import type { IconKind } from './images.ts';

export type ItemType = 'product' | 'service' | 'experience';
type Gender = 'm' | 'f';

export interface Category {
  key: string;
  /** Shown as a tag and used for catalogue grouping. */
  label: string;
  type: ItemType;
  icon: IconKind;
  /** Base hue (0–360) of the generated pictures. */
  hue: number;
  nouns: readonly (readonly [string, Gender])[];
  /** Appended after the noun: 'de lino', 'por Bacalar', 'para principiantes'. */
  qualifiers: readonly string[];
  /** Adds a colour adjective agreeing with the noun. */
  colored?: boolean;
  /** Appended last: '500 g'. */
  sizes?: readonly string[];
  /** Price range in MXN centavos. */
  price: readonly [number, number];
  tags: readonly string[];
  sentences: readonly string[];
  variants?: readonly Record<string, string[]>[];
}

export const COLORS: readonly { m: string; f: string; hex: string }[] = [
  { m: 'azul', f: 'azul', hex: '#2f5fa8' },
  { m: 'blanco', f: 'blanca', hex: '#f4f1ea' },
  { m: 'negro', f: 'negra', hex: '#2b2b2b' },
  { m: 'rojo', f: 'roja', hex: '#b83a3a' },
  { m: 'verde olivo', f: 'verde olivo', hex: '#6b7a3a' },
  { m: 'gris', f: 'gris', hex: '#8a8f98' },
  { m: 'beige', f: 'beige', hex: '#d8c4a0' },
  { m: 'rosa', f: 'rosa', hex: '#e58fa8' },
  { m: 'terracota', f: 'terracota', hex: '#c0613d' },
  { m: 'amarillo', f: 'amarilla', hex: '#e2b93b' },
  { m: 'turquesa', f: 'turquesa', hex: '#2aa3a0' },
  { m: 'morado', f: 'morada', hex: '#6f4a9a' },
];

const SIZES_LETTER = { Talla: ['S', 'M', 'L'] };
const SIZES_MX = { Talla: ['CH', 'M', 'G', 'EG'] };

export const CATEGORIES: Record<string, Category> = {
  ropa: {
    key: 'ropa', label: 'Ropa', type: 'product', icon: 'shirt', hue: 205,
    nouns: [['Camisa', 'f'], ['Blusa', 'f'], ['Guayabera', 'f'], ['Playera', 'f'], ['Sudadera', 'f'], ['Chamarra', 'f'], ['Pantalón', 'm'], ['Short', 'm']],
    qualifiers: ['de lino', 'de algodón orgánico', 'de manta', 'de mezclilla', 'bordada', 'de gabardina', 'de franela'],
    colored: true, price: [29900, 189900], tags: ['ropa', 'moda'],
    sentences: [
      'Confeccionada en talleres de Guanajuato con fibras naturales.',
      'Corte cómodo y fresco, ideal para el clima cálido.',
      'Costuras reforzadas y acabados a mano.',
      'Lavable a máquina en ciclo delicado.',
      'Diseño atemporal que combina con todo.',
    ],
    variants: [SIZES_LETTER, SIZES_MX, { Talla: ['S', 'M', 'L'], Color: ['Negro', 'Blanco'] }],
  },
  vestidos: {
    key: 'vestidos', label: 'Vestidos y faldas', type: 'product', icon: 'dress', hue: 330,
    nouns: [['Vestido', 'm'], ['Falda', 'f'], ['Huipil', 'm'], ['Rebozo', 'm'], ['Kimono', 'm']],
    qualifiers: ['de algodón', 'bordado a mano', 'de lino', 'con estampado floral', 'de telar de cintura', 'de seda'],
    colored: true, price: [49900, 249900], tags: ['ropa', 'artesanal'],
    sentences: [
      'Bordado por artesanas de los Altos de Chiapas.',
      'Tela ligera con caída natural.',
      'Cada pieza es única: los tonos pueden variar ligeramente.',
      'Perfecto para ocasiones especiales o para el día a día.',
    ],
    variants: [SIZES_MX, { Talla: ['Unitalla'] }],
  },
  accesorios: {
    key: 'accesorios', label: 'Bolsas y accesorios', type: 'product', icon: 'bag', hue: 28,
    nouns: [['Bolsa', 'f'], ['Mochila', 'f'], ['Morral', 'm'], ['Cartera', 'f'], ['Cinturón', 'm'], ['Sombrero', 'm']],
    qualifiers: ['de piel', 'de palma tejida', 'de yute', 'de lona', 'de ixtle', 'de piel curtida'],
    colored: true, price: [19900, 159900], tags: ['accesorios', 'artesanal'],
    sentences: [
      'Tejida a mano por artesanos de Yucatán.',
      'Amplia, resistente y con forro interior.',
      'Herrajes de latón que no se oxidan.',
      'Un accesorio que mejora con el uso.',
    ],
    variants: [{ Color: ['Natural', 'Negro'] }, { Color: ['Miel', 'Café', 'Negro'] }],
  },
  hogar: {
    key: 'hogar', label: 'Textiles para el hogar', type: 'product', icon: 'textile', hue: 160,
    nouns: [['Cojín', 'm'], ['Mantel', 'm'], ['Cobija', 'f'], ['Tapete', 'm'], ['Camino de mesa', 'm'], ['Juego de servilletas', 'm']],
    qualifiers: ['de telar', 'de lana', 'de algodón', 'bordado', 'tejido a mano', 'de henequén'],
    colored: true, price: [24900, 219900], tags: ['hogar', 'decoración'],
    sentences: [
      'Tejido en telar de pedal en Teotitlán del Valle.',
      'Tintes naturales de grana cochinilla y añil.',
      'Aporta calidez y color a cualquier espacio.',
      'Medidas generosas y acabados con flecos.',
    ],
  },
  cafe: {
    key: 'cafe', label: 'Café de especialidad', type: 'product', icon: 'coffee', hue: 24,
    nouns: [['Café de Chiapas', 'm'], ['Café de Coatepec', 'm'], ['Café de Pluma Hidalgo', 'm'], ['Café de Xicotepec', 'm'], ['Café de Jaltenango', 'm'], ['Café de Cuetzalan', 'm']],
    qualifiers: ['tueste medio', 'tueste oscuro', 'tueste claro', 'descafeinado', 'orgánico', 'proceso honey', 'lavado'],
    sizes: ['250 g', '500 g', '1 kg'], price: [14900, 69900], tags: ['café', 'gourmet'],
    sentences: [
      'Cultivado a más de 1,200 metros sobre el nivel del mar.',
      'Notas a chocolate amargo, nuez y frutos rojos.',
      'Tostado en pequeños lotes cada semana.',
      'Comprado directamente a productores de la región.',
      'Empacado en bolsa con válvula para conservar su frescura.',
    ],
    variants: [{ Molienda: ['Grano entero', 'Media', 'Fina'] }, { Molienda: ['Grano entero', 'Para prensa', 'Para espresso'] }],
  },
  tazas: {
    key: 'tazas', label: 'Tazas y cafeteras', type: 'product', icon: 'cup', hue: 190,
    nouns: [['Taza', 'f'], ['Jarro', 'm'], ['Prensa francesa', 'f'], ['Cafetera de goteo', 'f'], ['Molino manual', 'm'], ['Termo', 'm']],
    qualifiers: ['de cerámica', 'de barro', 'de acero inoxidable', 'de vidrio borosilicato', 'de talavera', 'esmaltada'],
    colored: true, price: [12900, 149900], tags: ['cocina', 'café'],
    sentences: [
      'Apta para lavavajillas y microondas.',
      'Conserva la temperatura de tu bebida por más tiempo.',
      'Hecha a mano: cada pieza tiene variaciones únicas.',
      'El complemento perfecto para tu ritual de la mañana.',
    ],
    variants: [{ Color: ['Negro', 'Blanco'] }, { Capacidad: ['350 ml', '600 ml'] }],
  },
  despensa: {
    key: 'despensa', label: 'Chocolate y té', type: 'product', icon: 'leaf', hue: 95,
    nouns: [['Chocolate de mesa', 'm'], ['Té de hierbabuena', 'm'], ['Té negro', 'm'], ['Cacao en polvo', 'm'], ['Miel de abeja melipona', 'f'], ['Infusión de jamaica', 'f']],
    qualifiers: ['orgánico', 'artesanal', 'de Tabasco', 'de Oaxaca', 'de Chiapas', 'con canela'],
    sizes: ['200 g', '400 g'], price: [9900, 39900], tags: ['gourmet', 'despensa'],
    sentences: [
      'Elaborado con ingredientes de origen mexicano.',
      'Sin conservadores ni saborizantes artificiales.',
      'Ideal para regalar o para disfrutar en casa.',
    ],
  },
  equipo: {
    key: 'equipo', label: 'Equipo de aventura', type: 'product', icon: 'tent', hue: 140,
    nouns: [['Casa de campaña', 'f'], ['Mochila de hidratación', 'f'], ['Lámpara frontal', 'f'], ['Bastón de senderismo', 'm'], ['Saco de dormir', 'm'], ['Chaleco salvavidas', 'm']],
    qualifiers: ['ultraligera', 'para dos personas', 'impermeable', 'plegable', 'todo terreno', 'de aluminio'],
    price: [29900, 249900], tags: ['aventura', 'exterior'],
    sentences: [
      'Probado en la Sierra Madre en todas las estaciones.',
      'Ligero, compacto y fácil de transportar.',
      'Materiales resistentes al agua y a los rayos UV.',
      'Incluye funda de transporte.',
    ],
    variants: [{ Color: ['Verde', 'Naranja'] }, { Tamaño: ['Chico', 'Mediano', 'Grande'] }],
  },
  brujula: {
    key: 'brujula', label: 'Accesorios de viaje', type: 'product', icon: 'compass', hue: 45,
    nouns: [['Brújula', 'f'], ['Cantimplora', 'f'], ['Navaja multiusos', 'f'], ['Botiquín de viaje', 'm'], ['Hamaca', 'f']],
    qualifiers: ['de latón', 'de acero', 'compacta', 'de nailon', 'para excursión'],
    price: [9900, 89900], tags: ['viaje', 'exterior'],
    sentences: [
      'Indispensable para tus rutas de fin de semana.',
      'Garantía de un año contra defectos de fabricación.',
      'Tamaño de bolsillo.',
    ],
  },
  barro: {
    key: 'barro', label: 'Barro y cerámica', type: 'product', icon: 'vase', hue: 14,
    nouns: [['Jarrón', 'm'], ['Cazuela', 'f'], ['Olla', 'f'], ['Plato', 'm'], ['Maceta', 'f'], ['Alebrije', 'm']],
    qualifiers: ['de barro negro', 'de barro rojo', 'de talavera poblana', 'de cerámica de alta temperatura', 'pintado a mano', 'de Mata Ortiz'],
    price: [15900, 239900], tags: ['artesanía', 'hogar'],
    sentences: [
      'Pieza modelada y bruñida a mano en Oaxaca.',
      'Horneada a leña siguiendo técnicas tradicionales.',
      'Cada pieza es única y está firmada por su artesano.',
      'Se recomienda lavar a mano.',
    ],
  },
  madera: {
    key: 'madera', label: 'Madera y velas', type: 'product', icon: 'candle', hue: 35,
    nouns: [['Tabla para picar', 'f'], ['Vela aromática', 'f'], ['Charola', 'f'], ['Juego de cucharas', 'm'], ['Portavelas', 'm']],
    qualifiers: ['de parota', 'de cera de soya', 'de nogal', 'de mezquite', 'de cedro', 'con aroma a vainilla'],
    price: [9900, 129900], tags: ['hogar', 'artesanía'],
    sentences: [
      'Madera de aprovechamiento responsable con acabado de aceite natural.',
      'Aroma suave que dura hasta 40 horas.',
      'Hecho en pequeños talleres familiares.',
    ],
  },
  costura: {
    key: 'costura', label: 'Talleres de costura', type: 'service', icon: 'needle', hue: 300,
    nouns: [['Taller de bordado tenango', 'm'], ['Clase de costura', 'f'], ['Confección a medida', 'f'], ['Arreglos de ropa', 'm'], ['Taller de telar de cintura', 'm'], ['Asesoría de imagen', 'f']],
    qualifiers: ['para principiantes', 'intensivo', 'en línea', 'a domicilio', 'para empresas', 'avanzado', 'de fin de semana'],
    price: [29900, 199900], tags: ['taller', 'servicio'],
    sentences: [
      'Impartido por maestras artesanas con más de 20 años de experiencia.',
      'Incluye materiales y constancia de participación.',
      'Grupos reducidos de máximo 8 personas.',
      'Agenda tu sesión después de la compra.',
    ],
    variants: [{ Modalidad: ['Presencial', 'En línea'] }],
  },
  barismo: {
    key: 'barismo', label: 'Cursos de café', type: 'service', icon: 'cup', hue: 18,
    nouns: [['Taller de barismo', 'm'], ['Cata de cafés de especialidad', 'f'], ['Curso de arte latte', 'm'], ['Taller de métodos de filtrado', 'm'], ['Asesoría para cafeterías', 'f'], ['Curso de tueste', 'm']],
    qualifiers: ['para principiantes', 'intensivo', 'en línea', 'para empresas', 'avanzado', 'de 4 sesiones', 'privado'],
    price: [49900, 299900], tags: ['café', 'curso'],
    sentences: [
      'Aprende a extraer el mejor espresso con baristas certificados.',
      'Incluye degustación y kit de bienvenida.',
      'Cupo limitado: reserva con anticipación.',
    ],
    variants: [{ Modalidad: ['Presencial', 'En línea'] }],
  },
  guias: {
    key: 'guias', label: 'Guías y renta de equipo', type: 'service', icon: 'compass', hue: 120,
    nouns: [['Renta de kayak', 'f'], ['Guía certificado de montaña', 'm'], ['Clase de escalada', 'f'], ['Renta de bicicleta de montaña', 'f'], ['Curso de primeros auxilios en montaña', 'm']],
    qualifiers: ['por día', 'por medio día', 'para grupos', 'para principiantes', 'fin de semana'],
    price: [39900, 249900], tags: ['aventura', 'servicio'],
    sentences: [
      'Equipo revisado y desinfectado antes de cada uso.',
      'Guías certificados por la Secretaría de Turismo.',
      'Incluye seguro de accidentes.',
    ],
  },
  ceramica: {
    key: 'ceramica', label: 'Talleres de cerámica', type: 'service', icon: 'vase', hue: 8,
    nouns: [['Taller de cerámica', 'm'], ['Clase de torno', 'f'], ['Taller de pintura en talavera', 'm']],
    qualifiers: ['para principiantes', 'para niños', 'en pareja', 'intensivo'],
    price: [39900, 159900], tags: ['taller', 'artesanía'],
    sentences: [
      'Moldea tu propia pieza y llévatela a casa después del horneado.',
      'Incluye barro, esmaltes y horneado.',
    ],
  },
  tours: {
    key: 'tours', label: 'Tours acuáticos', type: 'experience', icon: 'wave', hue: 195,
    nouns: [['Tour en kayak por Bacalar', 'm'], ['Nado con tiburón ballena en Holbox', 'm'], ['Buceo en Cozumel', 'm'], ['Paseo en lancha por el Cañón del Sumidero', 'm'], ['Snorkel en cenotes de Tulum', 'm'], ['Avistamiento de ballenas en Los Cabos', 'm']],
    qualifiers: ['al amanecer', 'para dos personas', 'con comida incluida', 'privado', 'de día completo', 'con transporte'],
    price: [69900, 349900], tags: ['experiencia', 'agua'],
    sentences: [
      'Incluye equipo, guía bilingüe y seguro de viajero.',
      'Punto de encuentro en el centro del pueblo 30 minutos antes.',
      'Actividad apta para toda la familia.',
      'Se cancela sin costo si el clima no lo permite.',
    ],
    variants: [{ Horario: ['07:00', '10:00', '13:00'] }],
  },
  montana: {
    key: 'montana', label: 'Montaña y senderismo', type: 'experience', icon: 'mountain', hue: 150,
    nouns: [['Senderismo en el Nevado de Toluca', 'm'], ['Rappel en Huasca de Ocampo', 'm'], ['Tirolesa en la Sierra Gorda', 'f'], ['Campamento en Real de Catorce', 'm'], ['Ascenso al Pico de Orizaba', 'm'], ['Ciclismo de montaña en Valle de Bravo', 'm']],
    qualifiers: ['al amanecer', 'con guía certificado', 'de fin de semana', 'para principiantes', 'con comida incluida', 'nocturno'],
    price: [59900, 399900], tags: ['experiencia', 'montaña'],
    sentences: [
      'Nivel de dificultad moderado: se requiere buena condición física.',
      'Incluye transporte redondo desde la Ciudad de México.',
      'Lleva ropa abrigadora, agua y protector solar.',
    ],
  },
  globo: {
    key: 'globo', label: 'Experiencias en el aire', type: 'experience', icon: 'balloon', hue: 260,
    nouns: [['Paseo en globo en Teotihuacán', 'm'], ['Vuelo en parapente en Valle de Bravo', 'm'], ['Vuelo panorámico sobre la Riviera Maya', 'm']],
    qualifiers: ['al amanecer', 'para dos personas', 'con desayuno', 'con fotografías incluidas'],
    price: [149900, 499900], tags: ['experiencia', 'aire'],
    sentences: [
      'Una vista inolvidable desde las alturas.',
      'Incluye brindis y certificado de vuelo.',
      'Sujeto a condiciones climáticas.',
    ],
  },
  fincas: {
    key: 'fincas', label: 'Rutas del café', type: 'experience', icon: 'ticket', hue: 32,
    nouns: [['Visita a finca cafetalera en Coatepec', 'f'], ['Ruta del café en Xicotepec', 'f'], ['Recorrido por beneficio de café en Chiapas', 'm'], ['Cata en finca de Pluma Hidalgo', 'f']],
    qualifiers: ['con comida incluida', 'para dos personas', 'de día completo', 'con transporte'],
    price: [49900, 199900], tags: ['experiencia', 'café'],
    sentences: [
      'Conoce el proceso del café de la semilla a la taza.',
      'Incluye cata guiada y una bolsa de café de regalo.',
    ],
  },
  talleresVisita: {
    key: 'talleresVisita', label: 'Visitas a talleres', type: 'experience', icon: 'ticket', hue: 355,
    nouns: [['Visita al taller de barro negro en San Bartolo Coyotepec', 'f'], ['Recorrido de alebrijes en San Martín Tilcajete', 'm']],
    qualifiers: ['con comida incluida', 'para dos personas', 'con transporte'],
    price: [39900, 149900], tags: ['experiencia', 'artesanía'],
    sentences: ['Convive con familias artesanas y conoce su trabajo.'],
  },
};

export interface SupplierSpec {
  key: string;
  name: string;
  slug: string;
  /** Category key -> number of items. */
  mix: Record<string, number>;
  enabled_payment_types: string[];
  fixed_shipping_cost: number | null;
  fixed_shipping_days: number | null;
  /** The supplier's settings (issue 11); is_configured follows from them (src/domain/suppliers/rules.ts). */
  courier_shipping: boolean;
  contact_email: string;
  contact_phone: string;
  /** Where buyers paying by deposit send the money (suppliers enabling 'deposit'). */
  deposit?: { bank: string; clabe: string; beneficiary: string };
  invoicing?: { rfc: string; legal_name: string; tax_regime: string; postal_code: string; email: string };
  color: string;
}

export const SUPPLIER_SPECS: readonly SupplierSpec[] = [
  {
    key: 'textiles', name: 'Textiles del Bajío', slug: 'textiles-del-bajio', color: '#2f5fa8',
    mix: { ropa: 36, vestidos: 20, accesorios: 18, hogar: 16, costura: 12 },
    enabled_payment_types: ['str_card', 'openpay_bank', 'cash'],
    fixed_shipping_cost: 9900, fixed_shipping_days: 5, courier_shipping: true,
    contact_email: 'ventas@textilesdelbajio.example', contact_phone: '4777123400',
    invoicing: { rfc: 'TBA180312AB1', legal_name: 'Textiles del Bajío S.A. de C.V.', tax_regime: '601', postal_code: '37000', email: 'facturas@textilesdelbajio.example' },
  },
  {
    key: 'cafe', name: 'Café de Altura', slug: 'cafe-de-altura', color: '#7a4a2a',
    mix: { cafe: 28, tazas: 20, despensa: 12, barismo: 12, fincas: 10 },
    enabled_payment_types: ['str_card', 'openpay_card', 'openpay_store', 'paypal', 'tiendacrypto'],
    fixed_shipping_cost: 14900, fixed_shipping_days: 3, courier_shipping: true,
    contact_email: 'pedidos@cafedealtura.example', contact_phone: '2288165400',
  },
  {
    key: 'aventura', name: 'Aventura MX', slug: 'aventura-mx', color: '#1f7a5a',
    mix: { equipo: 14, brujula: 11, guias: 8, tours: 12, montana: 12, globo: 6 },
    enabled_payment_types: ['str_card', 'deposit', 'aplazo'],
    fixed_shipping_cost: null, fixed_shipping_days: null, courier_shipping: true,
    contact_email: 'hola@aventuramx.example', contact_phone: '5551234567',
    deposit: { bank: 'BBVA México', clabe: '012180001234567899', beneficiary: 'Aventura MX S.A. de C.V.' },
  },
  {
    key: 'barro', name: 'Barro y Madera Taller', slug: 'barro-y-madera', color: '#a4472b',
    mix: { barro: 18, madera: 12, ceramica: 4, talleresVisita: 4 },
    // Left unconfigured on purpose (the cart's 'supplier configuration missing' block): no payment method chosen yet.
    enabled_payment_types: [],
    fixed_shipping_cost: 19900, fixed_shipping_days: 8, courier_shipping: false,
    contact_email: 'taller@barroymadera.example', contact_phone: '3331234567',
  },
];

export interface GeneratedItem {
  category: Category;
  type: ItemType;
  name: string;
  /** Hex colour of the named colour, if the name has one (tints the picture). */
  accent: string | null;
  plain_description: string;
  description: string;
  tags: string[];
  list_price: number;
  crossout_price: number | null;
  hide_price: boolean;
  is_free: boolean;
  currency: string;
  contribution_margin: number;
  list_state: 'published' | 'unpublished';
  sold_out: boolean;
  experience_date: Date | null;
  experience_available: boolean;
  variants: Record<string, string[]>;
  stock_type: 'onstock' | 'ondemand';
  stock_on_hand: number;
  max_purchase_amount: number | null;
  photoCount: number;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Rounds a centavos amount to a retail-looking price (…900 or …500 centavos). */
function retail(cents: number): number {
  const pesos = Math.max(99, Math.round(cents / 100));
  const base = pesos < 1000 ? Math.floor(pesos / 10) * 10 + 9 : Math.floor(pesos / 100) * 100 + 99;
  return base * 100;
}

/** Name only: noun + qualifier (+ colour) (+ size). */
export function itemName(cat: Category, rng: Rng): { name: string; accent: string | null } {
  const [noun, gender] = rng.pick(cat.nouns);
  let name = `${noun} ${rng.pick(cat.qualifiers)}`;
  let accent: string | null = null;
  if (cat.colored) {
    const c = rng.pick(COLORS);
    name += ` ${c[gender]}`;
    accent = c.hex;
  }
  if (cat.sizes) name += ` ${rng.pick(cat.sizes)}`;
  return { name, accent };
}

/** Everything but ids, slug and photos for one item, drawn from `rng` (the rarer cases come from the odds). */
export function generateItem(cat: Category, rng: Rng, name: string, accent: string | null, supplierName: string): GeneratedItem {
  const type = cat.type;
  const [lo, hi] = cat.price;
  let currency = 'MXN';
  let list_price = retail(lo + rng.next() * (hi - lo));
  const roll = rng.next();
  if (roll < 0.02) { currency = 'USD'; list_price = retail(list_price / 18); }
  else if (roll < 0.035) { currency = 'EUR'; list_price = retail(list_price / 20); }

  const is_free = rng.chance(type === 'product' ? 0.005 : 0.04);
  if (is_free) list_price = 0;
  const hide_price = !is_free && rng.chance(0.03);
  const crossout_price = !is_free && rng.chance(0.22) ? retail(list_price * (1.15 + rng.next() * 0.4)) : null;
  const contribution_margin = Math.round(list_price * (0.10 + rng.next() * 0.25));

  const sentences = rng.shuffle(cat.sentences).slice(0, Math.min(cat.sentences.length, rng.int(2, 3)));
  const plain_description = `${name}. ${sentences.join(' ')} Vendido por ${supplierName}.`;
  const bullets = [
    type === 'product' ? 'Envío a todo México' : type === 'service' ? 'Agenda flexible' : 'Reserva confirmada al momento',
    type === 'experience' ? 'Guía local' : 'Garantía de satisfacción',
    cat.label,
  ];
  const description = `<p><strong>${escapeHtml(name)}</strong></p><p>${escapeHtml(sentences.join(' '))}</p>`
    + `<ul>${bullets.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>`;

  const words = name.toLowerCase().split(/\s+/).filter((w) => w.length > 4 && !/^\d/.test(w));
  const tags = [...new Set([...cat.tags, cat.label.toLowerCase(), ...rng.shuffle(words).slice(0, 2)])];

  let stock_type: 'onstock' | 'ondemand' = 'onstock';
  let stock_on_hand = 0;
  let experience_date: Date | null = null;
  let experience_available = true;
  let max_purchase_amount: number | null = null;
  if (type === 'product') {
    const s = rng.next();
    if (s < 0.18) stock_type = 'ondemand';
    else if (s < 0.28) stock_on_hand = 0; // out of stock
    else if (s < 0.36) stock_on_hand = rng.int(1, 3); // last units
    else stock_on_hand = rng.int(4, 120);
  } else if (type === 'service') {
    stock_type = rng.chance(0.75) ? 'ondemand' : 'onstock';
    if (stock_type === 'onstock') stock_on_hand = rng.int(0, 20);
  } else {
    stock_on_hand = rng.chance(0.1) ? 0 : rng.int(4, 30);
    const past = rng.chance(0.3);
    const year = past ? 2025 : 2027;
    experience_date = new Date(Date.UTC(year, rng.int(0, 11), rng.int(1, 28), rng.pick([13, 15, 16, 18]), 0, 0));
    experience_available = !past;
  }
  if (rng.chance(0.1)) max_purchase_amount = rng.int(2, 5);
  const sold_out = stock_type === 'onstock' && stock_on_hand === 0 && rng.chance(0.3);
  const variants = cat.variants && rng.chance(0.45) ? { ...rng.pick(cat.variants) } : {};
  const list_state = rng.chance(0.03) ? 'unpublished' : 'published';
  const photoCount = rng.int(1, 3);

  return {
    category: cat, type, name, accent, plain_description, description, tags, list_price, crossout_price, hide_price,
    is_free, currency, contribution_margin, list_state, sold_out, experience_date, experience_available, variants,
    stock_type, stock_on_hand, max_purchase_amount, photoCount,
  };
}
