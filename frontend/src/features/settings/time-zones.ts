// The time zones Settings offers: canonical IANA names, the browser's own zone first, searchable by city.
//
// Intl.supportedValuesOf('timeZone') gives ICU's (CLDR's) names, some of them renamed in IANA long ago
// (Asia/Calcutta for Asia/Kolkata, Europe/Kiev for Europe/Kyiv), and resolvedOptions().timeZone gives the same
// old names. The list shows the current IANA name of each; every name here is one the backend accepts
// (POST /api/users/timezone takes any name Intl knows, old or new: accounts/timezone/set-time-zone.http.ts).

/** ICU/CLDR name → current IANA name, for the zones IANA renamed (tzdata `backward` links). */
export const IANA_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Etc/UTC': 'UTC',
};

/** When the browser cannot list its zones (Intl.supportedValuesOf is missing): the most used zones, by region. */
export const FALLBACK_ZONES: readonly string[] = [
  'UTC',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Africa/Lagos',
  'Africa/Nairobi',
  'America/Anchorage',
  'America/Argentina/Buenos_Aires',
  'America/Bogota',
  'America/Chicago',
  'America/Denver',
  'America/Halifax',
  'America/Los_Angeles',
  'America/Mexico_City',
  'America/New_York',
  'America/Phoenix',
  'America/Santiago',
  'America/Sao_Paulo',
  'America/St_Johns',
  'America/Toronto',
  'America/Vancouver',
  'Asia/Bangkok',
  'Asia/Dhaka',
  'Asia/Dubai',
  'Asia/Ho_Chi_Minh',
  'Asia/Hong_Kong',
  'Asia/Jakarta',
  'Asia/Jerusalem',
  'Asia/Karachi',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Manila',
  'Asia/Seoul',
  'Asia/Shanghai',
  'Asia/Singapore',
  'Asia/Taipei',
  'Asia/Tehran',
  'Asia/Tokyo',
  'Atlantic/Reykjavik',
  'Australia/Adelaide',
  'Australia/Brisbane',
  'Australia/Perth',
  'Australia/Sydney',
  'Europe/Amsterdam',
  'Europe/Athens',
  'Europe/Berlin',
  'Europe/Brussels',
  'Europe/Dublin',
  'Europe/Helsinki',
  'Europe/Istanbul',
  'Europe/Kyiv',
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Moscow',
  'Europe/Paris',
  'Europe/Rome',
  'Europe/Stockholm',
  'Europe/Warsaw',
  'Europe/Zurich',
  'Pacific/Auckland',
  'Pacific/Honolulu',
];

/** The current IANA name of a zone: `Asia/Calcutta` → `Asia/Kolkata`; others as they are. */
export function canonicalZone(name: string): string {
  return IANA_NAMES[name] ?? name;
}

/** Whether the browser knows the zone (the backend, which asks Intl too, then accepts it). */
export function isKnownZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

type SupportedValuesOf = (key: 'timeZone') => string[];

export const browserSupportedValuesOf = (): SupportedValuesOf | undefined => (Intl as { supportedValuesOf?: SupportedValuesOf }).supportedValuesOf;

/**
 * Every zone the browser knows (`supportedValuesOf`: Intl's, where the browser has it), by its IANA name, sorted;
 * the fallback list when the browser cannot say.
 */
export function supportedZones(supportedValuesOf: SupportedValuesOf | undefined): string[] {
  let zones: string[] = [];
  try {
    zones = supportedValuesOf?.call(Intl, 'timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (!zones.length) zones = [...FALLBACK_ZONES];
  return [...new Set(['UTC', ...zones.map(canonicalZone)])].sort();
}

/**
 * The list Settings offers: the browser's own zone first, then the saved one, then every other zone sorted.
 * Names are IANA's current ones, de-duplicated.
 */
export function timeZoneChoices(opts: { browser?: string | null; current?: string | null; supportedValuesOf?: SupportedValuesOf }): string[] {
  const all = supportedZones('supportedValuesOf' in opts ? opts.supportedValuesOf : browserSupportedValuesOf());
  const first = [opts.browser, opts.current].filter((z): z is string => Boolean(z)).map(canonicalZone);
  return [...new Set([...first, ...all])];
}

/** How a zone reads in the list: `America/New_York` → `America/New York`. */
export function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

const normalise = (s: string) => s.trim().replace(/\s+/g, '_').toLowerCase();

/**
 * The zone a typed text means: a zone of the list written with spaces or in any case (`america/new york`), any
 * other name the browser knows (`US/Pacific`, `Asia/Calcutta`, given by its IANA name), or a city that names
 * exactly one zone of the list (`tokyo` → `Asia/Tokyo`). Null when it means none.
 */
export function resolveZone(text: string, zones: readonly string[]): string | null {
  const wanted = normalise(text);
  if (!wanted) return null;
  const exact = zones.find((z) => z.toLowerCase() === wanted);
  if (exact) return exact;
  const typed = text.trim().replace(/\s+/g, '_');
  if (isKnownZone(typed)) {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: typed }).resolvedOptions().timeZone;
    return canonicalZone(resolved);
  }
  const byCity = zones.filter((z) => z.toLowerCase().split('/').pop() === wanted);
  return byCity.length === 1 ? byCity[0] : null;
}
