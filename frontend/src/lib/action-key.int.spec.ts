import { renderHook } from '@testing-library/react';
import { useKeyedWrite } from './action-key';

describe('useKeyedWrite: one Idempotency-Key per learner action', () => {
  it('sends the same key again for the same request until it succeeds, and a new key after', async () => {
    const keys: string[] = [];
    let fail = true;
    const write = jest.fn(async (_body: { text: string }, key: string) => {
      keys.push(key);
      if (fail) throw new Error('the answer never came');
      return { ok: true };
    });
    const { result } = renderHook(() => useKeyedWrite(write));
    await expect(result.current({ text: '猫' })).rejects.toThrow('never came');
    fail = false;
    await expect(result.current({ text: '猫' })).resolves.toEqual({ ok: true });
    await result.current({ text: '猫' });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]); // the click after a lost answer is the same action
    expect(keys[2]).not.toBe(keys[0]); // after a success, the same text again is a new action
  });

  it('gives another request another key', async () => {
    const keys: string[] = [];
    const { result } = renderHook(() => useKeyedWrite(async (_id: string, key: string) => void keys.push(key)));
    await result.current('a');
    await result.current('b');
    expect(new Set(keys).size).toBe(2);
  });
});
