/** "5 hours", "1 day": hours below 24, whole days from 24 hours on (SPEC §4). */
export function formatInterval(hours: number): string {
  if (hours < 24) return plural(Math.round(hours), 'hour');
  return plural(Math.round(hours / 24), 'day');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
