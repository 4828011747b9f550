// One Idempotency-Key per learner action (DESIGN §3), for writes a learner starts with a click: the same request
// sent again before it succeeded (a click after an answer that never came) carries the same key, so the server
// records it once and answers the first answer; another request, or the same one after a success, gets a new key.
import { useRef } from 'react';
import { newIdempotencyKey } from './retry';

/** `write` as a mutation function: each call sends this action's key (see above) with its variables. */
export function useKeyedWrite<V, R>(write: (variables: V, idempotencyKey: string) => Promise<R>): (variables: V) => Promise<R> {
  const last = useRef<{ request: string; key: string } | null>(null);
  return async (variables) => {
    const request = JSON.stringify(variables ?? null);
    if (last.current?.request !== request) last.current = { request, key: newIdempotencyKey() };
    const answer = await write(variables, last.current.key);
    last.current = null;
    return answer;
  };
}
