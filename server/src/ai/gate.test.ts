import { describe, expect, it } from 'vitest';
import { createGate } from './gate.ts';

describe('at most N provider calls at once', () => {
  it('makes the others wait in order, and lets a waiter whose client left go', async () => {
    const gate = createGate(2);
    const never = new AbortController().signal;
    const first = await gate.acquire(never);
    await gate.acquire(never);
    const order: string[] = [];
    const leaving = new AbortController();
    const third = gate.acquire(never).then((free) => (order.push('third'), free));
    const gone = gate.acquire(leaving.signal).catch(() => order.push('gone'));
    const fifth = gate.acquire(never).then((free) => (order.push('fifth'), free));
    expect([gate.running, gate.waiting]).toEqual([2, 3]);
    leaving.abort();
    await gone;
    first();
    first(); // freeing twice frees once
    await third;
    expect([gate.running, gate.waiting]).toEqual([2, 1]);
    (await third)();
    await fifth;
    expect(order).toEqual(['gone', 'third', 'fifth']);
    await expect(gate.acquire(AbortSignal.abort())).rejects.toMatchObject({ status: 503 });
  });
});
