// The one poll-until of the tests. Asynchronous work (projections, reactors, queue workers) settles on its own
// schedule: a test waits for the condition it needs, never for a guessed amount of time.

type Falsy = undefined | null | false;

/**
 * Polls fn until it answers something truthy and returns that. On timeout it throws naming what it waited for,
 * so a failure says "timed out after 5000 ms waiting for level 2 on the dashboard", not "expected 2, received 1".
 */
export async function eventually<T>(what: string, fn: () => Promise<T | Falsy> | T | Falsy, timeoutMs = 20_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
