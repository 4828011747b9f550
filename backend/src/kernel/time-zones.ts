// The shared kernel: a learner's time zone as every context reads it (accounts records it, study and progress
// count calendar days in it). It imports nothing of the app.

// Answers of canonicalTimeZone: every stats and dashboard read asks for the learner's zone, and building a
// DateTimeFormat to check it cost 2% of the app's CPU under the study bench (issue 19). Bounded, because the names
// can come from input; cleared when full.
const canonicalNames = new Map<string, string | null>();
const MAX_CACHED_NAMES = 1_000;

/** The runtime's spelling of a valid time zone name ('europe/berlin' → 'Europe/Berlin'), or null. */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return null;
  const known = canonicalNames.get(name);
  if (known !== undefined) return known;
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  if (canonicalNames.size >= MAX_CACHED_NAMES) canonicalNames.clear();
  canonicalNames.set(name, canonical);
  return canonical;
}
