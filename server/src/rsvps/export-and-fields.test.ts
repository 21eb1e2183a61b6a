/**
 * The leaders' CSV export (who may have it, what a spreadsheet reads in it) and the event's
 * deadline and capacity fields through the Data API, on both stores.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';
import { addEvent, addHousehold, answer, exportCsv, storedAnswers } from '../../test/rsvps.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

/** Cells of a CSV as a spreadsheet reads them (RFC 4180 quoting). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe.each(embeddedStore)('RSVP export and event fields (%s)', (kind) => {
  let t: TestApp;
  let ann: TestMember;
  let lee: TestMember;
  let event: string;

  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    // 18:05 UTC is 1:05 PM on the troop's clocks (America/New_York in January).
    t.clock.set(Date.parse('2031-01-15T18:05:00Z'));
    ann = await addMember(t, 'ann');
    lee = await addMember(t, 'lee');
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = 'lee'");
    await addHousehold(
      t,
      'able',
      ['ann'],
      [{ id: 'sam', first: '=HYPERLINK("http://x")', last: 'Able' }],
    );
    event = await addEvent(t, lee.token, { eventName: 'Spring campout!', capacity: 1 });
  });
  afterEach(async () => t?.close());

  it('exports every person of a household and every answer, in troop time, with no cell a spreadsheet would run', async () => {
    const bob = await addMember(t, 'bob');
    await addHousehold(t, 'baker', [bob.id], [{ id: 'ben', first: 'Ben', last: 'Baker' }]);
    await answer(t, ann.token, event, {
      attendee: 'user:ann',
      answer: 'going',
      note: '@SUM(A1) driver',
    });
    await answer(t, ann.token, event, {
      attendee: 'scout:sam',
      answer: 'going',
      note: 'Needs "tent"',
    });
    await answer(t, lee.token, event, { attendee: 'user:lee', answer: 'not_going' });
    const res = await exportCsv(t, lee.token, event);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="spring-campout-rsvps.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const at = 'Wed, Jan 15, 2031, 1:05 PM';
    const ableContacts = 'Member ann <ann@troop12.org>';
    expect(readCsv(res.body.slice(1))).toEqual([
      [
        'Household',
        'Person',
        'Youth or adult',
        'Patrol',
        'Answer',
        'Note',
        'Answered at',
        "Parents' contacts",
      ],
      [
        'able family',
        '\'=HYPERLINK("http://x") Able',
        'Youth',
        'Eagles',
        'Going (waitlist 1)',
        'Needs "tent"',
        at,
        ableContacts,
      ],
      ['able family', 'Member ann', 'Adult', '', 'Going', "'@SUM(A1) driver", at, ableContacts],
      [
        'baker family',
        'Ben Baker',
        'Youth',
        'Eagles',
        'No answer yet',
        '',
        '',
        'Member bob <bob@troop12.org>',
      ],
      [
        'baker family',
        'Member bob',
        'Adult',
        '',
        'No answer yet',
        '',
        '',
        'Member bob <bob@troop12.org>',
      ],
      ['', 'Member lee', 'Adult', '', 'Not going', '', at, ''],
    ]);
  });

  it('keeps answers out of the Data API: it neither serves nor creates a table of that name', async () => {
    await answer(t, ann.token, event, { attendee: 'user:ann', answer: 'going', note: 'Private' });
    for (const token of [ann.token, lee.token]) {
      expect((await callRest(t, 'GET', 'rsvps', { token })).statusCode).toBe(404);
      const made = await callRest(t, 'POST', 'rsvps', {
        token,
        body: { attendee: 'user:ann', answer: 'going' },
      });
      expect(made.statusCode).toBe(404);
    }
    expect(await storedAnswers(t)).toBe(1);
  });

  it('refuses the export to members who are not leaders', async () => {
    const res = await exportCsv(t, ann.token, event);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('takes a deadline and a capacity on an event, stored as an instant and a number', async () => {
    const res = await callRest(t, 'PATCH', `calendar_events?id=eq.${event}`, {
      token: lee.token,
      prefer: 'return=representation',
      body: { rsvpDeadline: '2031-04-10T20:00:00+02:00', capacity: '12' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toMatchObject({
      rsvp_deadline: '2031-04-10T18:00:00.000Z',
      capacity: 12,
    });
    const cleared = await callRest(t, 'PATCH', `calendar_events?id=eq.${event}`, {
      token: lee.token,
      prefer: 'return=representation',
      body: { rsvpDeadline: '', capacity: null },
    });
    expect(cleared.json()[0]).toMatchObject({ rsvp_deadline: null, capacity: null });
  });

  it('refuses a bad deadline or capacity with a 400 naming it, and stores nothing', async () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ rsvpDeadline: 'next Friday' }, /RSVP deadline/],
      [{ rsvpDeadline: '2031-04-10T20:00' }, /RSVP deadline/],
      [{ rsvpDeadline: '2031-02-30T20:00:00Z' }, /RSVP deadline/],
      [{ capacity: 0 }, /Capacity/],
      [{ capacity: 2.5 }, /capacity|Capacity/],
      [{ capacity: 10_001 }, /Capacity/],
      [{ capacity: 'lots' }, /capacity|Capacity/],
    ];
    for (const [body, message] of bad) {
      const res = await callRest(t, 'POST', 'calendar_events', {
        token: lee.token,
        body: { eventName: 'Hike', eventDate: '2031-05-02', eventTime: '09:00', ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const { rows } = await t.deps.store.query(
      "SELECT id FROM calendar_events WHERE event_name = 'Hike'",
    );
    expect(rows).toEqual([]);
  });
});
