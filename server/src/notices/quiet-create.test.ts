/**
 * Creating without notifying (docs/decisions/064-notice-batches.md): a `calendar_events` row
 * inserted with `notify` false is told to nobody as new, whichever way the Data API inserts it,
 * while rows that say nothing keep the batched "New event" mail. The choice rides on the job
 * the insert trigger writes (migration 038), so both stores are tested.
 */
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { addHousehold, answer } from '../../test/families.ts';
import { patchEvent, runJobs, to, troopPerTest, withSubject } from '../../test/notices.ts';
import { testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { isoDay } from '@scout/protocol/wall-clock';

const MEMBERS = ['other@troop12.org', 'parent@troop12.org'];

async function insert(
  t: TestApp,
  token: string,
  rows: Record<string, unknown>[],
  query = '',
  prefer = 'return=representation',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/db/${t.deps.config.projectId}/rest/v1/calendar_events${query}`,
    headers: { ...bearer(token), prefer },
    payload: rows,
  });
  return res;
}

const term = (n: number, fields: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => ({
    event_name: `Meeting ${i + 1}`,
    event_date: isoDay(Date.UTC(2026, 6, 1) + i * 86_400_000),
    event_time: '19:00',
    ...fields,
  }));

/** Runs the jobs the writes scheduled, then those of the batch once its window has closed. */
async function closeWindow(t: TestApp) {
  await runJobs(t);
  t.clock.advance(t.deps.config.noticeBatchMs);
  await runJobs(t);
}

describe.each(testStoreKinds)('creating events without notifying (%s)', (kind) => {
  const troop = troopPerTest(kind);

  it('tells each member of the one notified event only, when three of four are inserted quietly', async () => {
    const { t, leader } = await troop();
    const res = await insert(t, leader.access_token, [
      ...term(3, { notify: false }),
      { event_name: 'Campout', event_date: '2026-06-25', event_time: '18:00' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    // The column reads back as a boolean, true where the client sent nothing.
    const rows = res.json() as { event_name: string; notify: unknown }[];
    expect(rows.map((r) => [r.event_name, r.notify])).toEqual([
      ['Meeting 1', false],
      ['Meeting 2', false],
      ['Meeting 3', false],
      ['Campout', true],
    ]);
    await closeWindow(t);

    expect(t.peer.received.map(to).sort()).toEqual(MEMBERS);
    expect(withSubject(t, 'New event: Campout')).toHaveLength(2);
    for (const mail of t.peer.received) expect(mail.parsed.text).not.toContain('Meeting');
  });

  it('sends nothing for a term inserted quietly in one request, nor for rows upserted quietly', async () => {
    const { t, leader } = await troop();
    const bulk = await insert(t, leader.access_token, term(120, { notify: false }));
    expect(bulk.statusCode, bulk.body).toBe(201);
    const upserted = await insert(
      t,
      leader.access_token,
      [
        { id: 'event_import_1', event_name: 'Court of honor', notify: false },
        { id: 'event_import_2', event_name: 'Fundraiser', notify: 'false' },
      ].map((r) => ({ ...r, event_date: '2026-08-20', event_time: '18:30' })),
      '?on_conflict=id',
      'return=representation,resolution=merge-duplicates',
    );
    expect(upserted.statusCode, upserted.body).toBe(201);
    await closeWindow(t);
    t.clock.advance(7 * 24 * 3600_000);
    await runJobs(t);
    expect(t.peer.received).toHaveLength(0);
  });

  it("keeps quiet a row an operator's SQL inserts with notify false, and tells one inserted without it", async () => {
    const { t, leader } = await troop();
    const store = t.deps.store;
    const at = new Date(t.clock.now()).toISOString();
    const quiet = store.dialect === 'postgres' ? 'FALSE' : '0';
    await store.query(
      `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at, notify)
       VALUES ('event_sql_quiet', ?, 'Quiet swim', '2026-06-26', '17:00', ?, ?, ${quiet})`,
      [leader.user.id, at, at],
    );
    await store.query(
      `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at)
       VALUES ('event_sql_told', ?, 'Told swim', '2026-06-27', '17:00', ?, ?)`,
      [leader.user.id, at, at],
    );
    await closeWindow(t);
    expect(t.peer.received.map(to).sort()).toEqual(MEMBERS);
    expect(withSubject(t, 'New event: Told swim')).toHaveLength(2);
  });

  it('tells of a later change to a quietly created event as of any other', async () => {
    const { t, leader, parent } = await troop();
    const res = await insert(t, leader.access_token, [
      { event_name: 'Hike', event_date: '2026-06-25', event_time: '09:00', notify: false },
    ]);
    const id = (res.json() as { id: string }[])[0]!.id;
    await closeWindow(t);
    expect(t.peer.received).toHaveLength(0);

    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    await answer(t.deps.store, {
      eventId: id,
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });
    // Writing the column after the insert tells nothing as new either.
    await patchEvent(t, leader.access_token, id, { event_time: '10:30', notify: true });
    await closeWindow(t);
    expect(withSubject(t, 'New event')).toHaveLength(0);
    const changes = withSubject(t, 'Changed: Hike');
    expect(changes.map(to)).toContain('parent@troop12.org');
    expect(changes[0]?.parsed.text).toContain('10:30 AM');
  });

  it('refuses a notify that is not true or false, storing nothing', async () => {
    const { t, leader } = await troop();
    for (const notify of ['maybe', null]) {
      const res = await insert(t, leader.access_token, [
        { event_name: 'Odd', event_date: '2026-06-25', event_time: '18:00', notify },
      ]);
      expect(res.statusCode, res.body).toBe(400);
    }
    const { rows } = await t.deps.store.query('SELECT id FROM calendar_events');
    expect(rows).toHaveLength(0);
  });
});
