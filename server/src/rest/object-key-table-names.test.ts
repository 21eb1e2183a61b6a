/**
 * Tables made on the fly may take any plain name, `constructor` and `to_string` included: the
 * Data API looks its own tables up by their own names only, never through inherited object keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest } from '../../test/rest.ts';

describe.each(testStoreKinds)('a table named like an object key (%s)', (store) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('is created, read, changed and emptied by its owner like any other', async () => {
    t = await buildTestApp({ store });
    const ann = await addMember(t, 'ann');
    const bob = await addMember(t, 'bob');
    for (const name of ['constructor', 'to_string']) {
      const made = await callRest(t, 'POST', name, { token: ann.token, body: { title: 'tent' } });
      expect(made.statusCode).toBe(201);
      const read = await callRest(t, 'GET', name, { token: ann.token });
      expect(read.json()).toEqual([expect.objectContaining({ title: 'tent', owner_id: 'ann' })]);
      expect((await callRest(t, 'GET', name, { token: bob.token })).json()).toEqual([]);
      const changed = await callRest(t, 'PATCH', `${name}?title=eq.tent`, {
        token: ann.token,
        body: { title: 'stove' },
      });
      expect(changed.json()).toEqual([expect.objectContaining({ title: 'stove' })]);
      const removed = await callRest(t, 'DELETE', `${name}?title=eq.stove`, { token: ann.token });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual([expect.objectContaining({ title: 'stove' })]);
      expect((await callRest(t, 'GET', name, { token: ann.token })).json()).toEqual([]);
    }
  });
});
