import { browserSupportedValuesOf, canonicalZone, FALLBACK_ZONES, IANA_NAMES, isKnownZone, resolveZone, supportedZones, timeZoneChoices, zoneLabel } from './time-zones';

// The backend accepts a zone when Intl knows it (accounts/timezone/set-time-zone.http.ts, canonicalTimeZone).
const backendAccepts = (zone: string) => {
  try {
    return Boolean(new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
};

describe('time zones offered in Settings', () => {
  it('gives the current IANA name of the zones ICU still calls by their old names', () => {
    expect(canonicalZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalZone('Asia/Saigon')).toBe('Asia/Ho_Chi_Minh');
    expect(canonicalZone('Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('lists every zone the browser knows by its IANA name, once, sorted, with UTC', () => {
    const zones = supportedZones(browserSupportedValuesOf());
    expect(zones.length).toBeGreaterThan(400);
    expect(zones).toEqual([...zones].sort());
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones).toContain('UTC');
    for (const old of Object.keys(IANA_NAMES)) expect(zones).not.toContain(old);
    expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'America/Nuuk', 'Pacific/Kanton']));
  });

  it('offers only zones the backend accepts', () => {
    const rejected = [...supportedZones(browserSupportedValuesOf()), ...FALLBACK_ZONES].filter((zone) => !backendAccepts(zone));
    expect(rejected).toEqual([]);
  });

  it('falls back on a list of common zones without Intl.supportedValuesOf', () => {
    const zones = timeZoneChoices({ browser: 'Asia/Calcutta', current: 'Europe/Berlin', supportedValuesOf: undefined });
    expect(zones.slice(0, 2)).toEqual(['Asia/Kolkata', 'Europe/Berlin']);
    expect(zones).toEqual(expect.arrayContaining(['UTC', 'Asia/Tokyo', 'America/New_York']));
    expect(zones.length).toBe(new Set([...FALLBACK_ZONES, 'Asia/Kolkata', 'Europe/Berlin']).size);
    const throwing = () => {
      throw new RangeError('not supported');
    };
    expect(timeZoneChoices({ browser: 'UTC', supportedValuesOf: throwing })).toContain('Asia/Tokyo');
  });

  it("puts the browser's zone first and the saved one next, without repeating them", () => {
    const zones = timeZoneChoices({ browser: 'Asia/Tokyo', current: 'Europe/Kiev' });
    expect(zones.slice(0, 2)).toEqual(['Asia/Tokyo', 'Europe/Kyiv']);
    expect(zones.filter((z) => z === 'Asia/Tokyo')).toHaveLength(1);
    expect(timeZoneChoices({ browser: 'UTC', current: 'UTC' })[0]).toBe('UTC');
  });

  it('understands a typed zone: any case, spaces for underscores, old names, or a city', () => {
    const zones = supportedZones(browserSupportedValuesOf());
    expect(resolveZone('america/new york', zones)).toBe('America/New_York');
    expect(resolveZone('  Asia/Tokyo ', zones)).toBe('Asia/Tokyo');
    expect(resolveZone('Asia/Calcutta', zones)).toBe('Asia/Kolkata');
    expect(resolveZone('US/Pacific', zones)).toBe('America/Los_Angeles');
    expect(resolveZone('tokyo', zones)).toBe('Asia/Tokyo');
    expect(resolveZone('Buenos Aires', zones)).toBe('America/Argentina/Buenos_Aires');
    expect(resolveZone('Atlantis', zones)).toBeNull();
    expect(resolveZone('', zones)).toBeNull();
    expect(isKnownZone('Nowhere/Else')).toBe(false);
  });

  it('reads names with spaces', () => {
    expect(zoneLabel('America/New_York')).toBe('America/New York');
  });
});
