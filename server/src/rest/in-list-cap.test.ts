/** The Data API's `in` lists hold at most 1,000 values (docs/protocol.md, Reading). */
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest } from '../../test/rest.ts';

const list = (n: number) => `(${Array.from({ length: n }, (_, i) => `v${i}`).join(',')})`;

describe.each(testStoreKinds)('in lists (%s)', (store) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('take 1,000 values, and 1,001 are refused with 400 VALIDATION_ERROR', async () => {
    t = await buildTestApp({ store });
    const ann = await addMember(t, 'ann');
    await callRest(t, 'POST', 'gear', { token: ann.token, body: { name: 'v999' } });
    for (const query of [`name=in.${list(1000)}`, `or=(name.in.${list(1000)},name.eq.x)`]) {
      const res = await callRest(t, 'GET', `gear?${query}`, { token: ann.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ name: 'v999' })]);
    }
    for (const query of [`name=in.${list(1001)}`, `or=(name.in.${list(1001)},name.eq.x)`]) {
      const res = await callRest(t, 'GET', `gear?${query}`, { token: ann.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.json().message).toContain('in takes at most 1000 values');
    }
  });
});
