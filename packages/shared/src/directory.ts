/**
 * Public directory constants (spec 000 §3, §9 and 001 §9). Kept free of zod so that the landing,
 * which needs only these, does not download the validation library.
 */

/** The slugs alone: the schemas need only these, and the web app must not carry the texts below. */
export const ESPECIALIDAD_IDS = [
  'odontologia-general',
  'ortodoncia',
  'endodoncia',
  'periodoncia',
  'odontopediatria',
  'implantologia',
  'estetica-dental',
  'cirugia-oral',
] as const;
export type SpecialtyId = (typeof ESPECIALIDAD_IDS)[number];

export type Specialty = { id: SpecialtyId; nombre: string; icono: string; descripcion: string };

/** The Spanish name of each specialty, alone: what a public card or profile needs to show it. */
export const SPECIALTY_NAMES = {
  'odontologia-general': 'Odontología general',
  ortodoncia: 'Ortodoncia',
  endodoncia: 'Endodoncia',
  periodoncia: 'Periodoncia',
  odontopediatria: 'Odontopediatría',
  implantologia: 'Implantología',
  'estetica-dental': 'Estética dental',
  'cirugia-oral': 'Cirugía oral',
} as const satisfies Record<SpecialtyId, string>;

/**
 * A specialty's Spanish name, with its accents ('estetica-dental' → 'Estética dental'), everywhere a
 * slug is shown; an unknown slug (typed in a URL) is shown capitalised with spaces.
 */
export function specialtyName(slug: string): string {
  return (SPECIALTY_NAMES as Record<string, string>)[slug] ?? formatSpecialtySlug(slug);
}

/** The eight specialties of spec 000 §3. `icono` names a lucide icon; the web app maps it to a component. */
export const ESPECIALIDADES = [
  {
    id: 'odontologia-general',
    nombre: SPECIALTY_NAMES['odontologia-general'],
    icono: 'stethoscope',
    descripcion: 'Revisiones, limpiezas, empastes y prevención para toda la familia.',
  },
  {
    id: 'ortodoncia',
    nombre: SPECIALTY_NAMES['ortodoncia'],
    icono: 'smile',
    descripcion: 'Brackets, alineadores invisibles y corrección de la mordida a cualquier edad.',
  },
  {
    id: 'endodoncia',
    nombre: SPECIALTY_NAMES['endodoncia'],
    icono: 'activity',
    descripcion: 'Tratamiento de conductos para salvar dientes dañados o infectados.',
  },
  {
    id: 'periodoncia',
    nombre: SPECIALTY_NAMES['periodoncia'],
    icono: 'heart-pulse',
    descripcion: 'Cuidado de las encías y del hueso que sostiene los dientes.',
  },
  {
    id: 'odontopediatria',
    nombre: SPECIALTY_NAMES['odontopediatria'],
    icono: 'baby',
    descripcion: 'Atención dental adaptada a bebés, niños y adolescentes.',
  },
  {
    id: 'implantologia',
    nombre: SPECIALTY_NAMES['implantologia'],
    icono: 'shield-plus',
    descripcion: 'Implantes dentales para reponer piezas perdidas de forma fija y natural.',
  },
  {
    id: 'estetica-dental',
    nombre: SPECIALTY_NAMES['estetica-dental'],
    icono: 'sparkles',
    descripcion: 'Blanqueamiento, carillas y diseño de sonrisa.',
  },
  {
    id: 'cirugia-oral',
    nombre: SPECIALTY_NAMES['cirugia-oral'],
    icono: 'scissors',
    descripcion: 'Extracciones complejas, muelas del juicio y cirugía preimplantaria.',
  },
] as const satisfies readonly Specialty[];

/**
 * Words people type for a specialty that are not in its name ("Implantes" is the landing's own
 * popular search), so a free-text search finds the specialty too.
 */
export const SPECIALTY_SYNONYMS: Record<SpecialtyId, readonly string[]> = {
  'odontologia-general': ['dentista', 'general', 'limpieza', 'empaste', 'revision'],
  ortodoncia: ['brackets', 'alineadores', 'invisalign', 'frenillos'],
  endodoncia: ['conductos', 'nervio', 'matar el nervio'],
  periodoncia: ['encias', 'piorrea', 'periodontitis'],
  odontopediatria: ['ninos', 'infantil', 'pediatrica', 'bebes'],
  implantologia: ['implante', 'implantes'],
  'estetica-dental': ['estetica', 'blanqueamiento', 'carillas', 'diseno de sonrisa'],
  'cirugia-oral': ['cirugia', 'muelas del juicio', 'extraccion', 'extracciones'],
};

/** Lower case without accents, as the database's odontia_normalizar does. */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/** Linking words a visitor types ('ortodoncia en Madrid') that name nothing. */
const SEARCH_STOP_WORDS = new Set(['a', 'de', 'del', 'el', 'en', 'la', 'las', 'los', 'y']);

/** The most words of a city name a search compares ('palma de mallorca'). */
const CITY_WORDS_MAX = 4;

/** A word of a directory search, and the runs of the text around it that may be a whole city name. */
export type SearchWord = { word: string; cities: string[] };

/**
 * The words of a directory search, each of which must match the clinic (its name, city or a
 * specialty): normalised, split at spaces and hyphens, repeats and linking words left out (unless
 * there is nothing else). 'Ortodoncia en Madrid' → ortodoncia, madrid. A city is matched whole, by
 * equality (its index serves): `cities` are the runs of up to four words of the text, as typed, that
 * hold the word ('coruna' in 'ortodoncia a coruña' → 'a coruna', 'coruna', ...).
 */
export function searchWords(value: string): SearchWord[] {
  const text = normalizeSearchText(value);
  const tokens = [...text.matchAll(/[^\s-]+/g)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  const runsAround = (i: number) => {
    const runs: string[] = [];
    for (let first = Math.max(0, i - CITY_WORDS_MAX + 1); first <= i; first++) {
      for (let last = i; last < Math.min(tokens.length, first + CITY_WORDS_MAX); last++) {
        runs.push(text.slice(tokens[first].start, tokens[last].end));
      }
    }
    return runs;
  };
  const meaningful = tokens.some((t) => !SEARCH_STOP_WORDS.has(t.word));
  const words = new Map<string, Set<string>>();
  tokens.forEach((token, i) => {
    if (meaningful && SEARCH_STOP_WORDS.has(token.word)) return;
    const cities = words.get(token.word) ?? new Set<string>();
    for (const run of runsAround(i)) cities.add(run);
    words.set(token.word, cities);
  });
  return [...words].map(([word, cities]) => ({ word, cities: [...cities] }));
}

/** Specialties whose name, slug or synonyms contain the term (or the term contains them). */
export function matchingSpecialties(term: string): SpecialtyId[] {
  const q = normalizeSearchText(term);
  if (q.length < 3) return [];
  return ESPECIALIDADES.filter((e) => {
    const words = [normalizeSearchText(e.nombre), e.id.replace(/-/g, ' '), ...SPECIALTY_SYNONYMS[e.id]];
    return words.some((w) => w.includes(q) || q.includes(w));
  }).map((e) => e.id);
}

/** The hyphenated slug capitalised with spaces ('estetica-dental' → 'Estetica Dental'): only for a slug of no specialty. */
function formatSpecialtySlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('es') + word.slice(1))
    .join(' ');
}

/** Spec 000 §9: chips shown on a card before '+N más'. */
export const SPECIALTY_CHIPS_MAX = 3;
/** Spec 000 §9: the landing's directory grid shows the first 10 clinics. */
export const LANDING_CLINICS = 10;
/** Featured clinics in the landing carousel. */
export const FEATURED_CLINICS_MAX = 9;
/** Clinics per page in /clinicas: fills rows of 1, 2 or 3 cards. */
export const DIRECTORY_PAGE_SIZE = 12;
/** Clinics one ask for next free slots names: a page of /clinicas, or the landing's featured and first ones. */
export const NEXT_SLOTS_MAX = Math.max(DIRECTORY_PAGE_SIZE, FEATURED_CLINICS_MAX + LANDING_CLINICS);
/** Badges: published within these days (esNueva), public profile changed within these (tieneNovedades). */
export const NEW_CLINIC_DAYS = 30;
export const RECENT_CHANGES_DAYS = 14;
/** The badge of a clinic that takes online bookings (issue 24), on its card and its profile. */
export const ONLINE_BOOKING_BADGE = 'Reserva online';

/** The popular searches under the landing's search box (spec 000 §2), and where each one leads. */
export const POPULAR_SEARCHES = [
  { label: 'Ortodoncia', params: { especialidad: 'ortodoncia' } },
  { label: 'Implantes', params: { especialidad: 'implantologia' } },
  { label: 'Estética dental', params: { especialidad: 'estetica-dental' } },
  { label: 'Madrid', params: { ciudad: 'Madrid' } },
  { label: 'Barcelona', params: { ciudad: 'Barcelona' } },
] as const;

/** Spec 000 §1: what the landing's banner promises clinic owners. */
export const CLINIC_BENEFITS = [
  {
    titulo: 'Visibilidad online',
    descripcion:
      'Aparece en el directorio de Odontia y deja que nuevos pacientes te encuentren por especialidad o ciudad.',
  },
  {
    titulo: 'Gestión de citas online',
    descripcion: 'Recibe solicitudes de cita desde tu perfil público y organiza la agenda de todo tu equipo.',
  },
  {
    titulo: 'Historiales clínicos digitales',
    descripcion: 'Pacientes, odontogramas y tratamientos en un solo lugar, seguros y siempre a mano.',
  },
  {
    titulo: 'Comunicación con pacientes',
    descripcion: 'Responde a cada solicitud y mantén el contacto con tus pacientes sin perder ningún mensaje.',
  },
] as const;

/** Spec 001 §9: the three plans, prices in EUR per month. */
export const PLANS = [
  {
    id: 'basico',
    nombre: 'Plan Básico',
    precio: 49,
    popular: false,
    incluye: ['Gestión de citas', 'Historiales clínicos básicos', 'Recordatorios automáticos', '1 usuario'],
  },
  {
    id: 'profesional',
    nombre: 'Plan Profesional',
    precio: 99,
    popular: true,
    incluye: ['Odontograma', 'Tratamientos', 'Facturación básica', 'Hasta 3 usuarios'],
  },
  {
    id: 'premium',
    nombre: 'Plan Premium',
    precio: 149,
    popular: false,
    incluye: ['Inventario', 'Facturación avanzada', 'Informes personalizados', 'Usuarios ilimitados'],
  },
] as const;

export type DirectoryParams = { q?: string; especialidad?: string; ciudad?: string; pagina?: number };

/**
 * The query string of a directory search, always built the same way ("?q=…&especialidad=…&ciudad=…&pagina=…",
 * empty values and page 1 left out): the web app's URLs, its API calls and the server's first-render data
 * all use it, so they name the same search with the same key.
 */
export function directoryQueryString(params: DirectoryParams): string {
  const parts: string[] = [];
  const add = (key: string, value: string | number | undefined) => {
    const text = value === undefined ? '' : String(value).trim();
    if (text) parts.push(`${key}=${encodeURIComponent(text)}`);
  };
  add('q', params.q);
  add('especialidad', params.especialidad);
  add('ciudad', params.ciudad);
  if (params.pagina && params.pagina > 1) add('pagina', params.pagina);
  return parts.length ? `?${parts.join('&')}` : '';
}
