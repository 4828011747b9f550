// The clock is injected everywhere a rule reads the time, so tests can pin it.
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = { now: () => new Date() };
export function fixedClock(at: Date): Clock & { set(d: Date): void; advanceHours(h: number): void } {
  let current = at;
  return {
    now: () => current,
    set: (d: Date) => (current = d),
    advanceHours: (h: number) => (current = new Date(current.getTime() + h * 3_600_000)),
  };
}
