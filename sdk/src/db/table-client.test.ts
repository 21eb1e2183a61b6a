import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { ScoutError } from '../errors.ts';
import { HttpClient } from '../http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../../test/fake-api.ts';
import { createDb } from './db-client.ts';

interface CalendarEvent {
  id: string;
  userId: string;
  eventName: string;
  eventDate: string;
  hyperlink: string | null;
}

const PATH = '/api/db/troop-42/rest/v1/calendar_events';
const row = {
  id: 'event_1',
  user_id: 'u1',
  event_name: 'Camp',
  event_date: '2025-05-01',
  hyperlink: null,
};
const camelRow = {
  id: 'event_1',
  userId: 'u1',
  eventName: 'Camp',
  eventDate: '2025-05-01',
  hyperlink: null,
};

function setup() {
  const api = new FakeApi();
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  const db = createDb<{ calendarEvents: CalendarEvent }>(http, 'troop-42');
  return { api, db, events: db.calendarEvents };
}

const query = (api: FakeApi, i = 0) => [...api.requests[i]!.query.entries()];

describe('db: tables by property and by name', () => {
  it('maps db.calendarEvents and db.table() to the snake_case table path', async () => {
    const { api, db } = setup();
    api.on('GET', PATH, () => jsonReply(200, []));
    await db.calendarEvents.list();
    await db.table('calendarEvents').list();
    await db.table('calendar_events').list();
    expect(api.requests.map((r) => r.path)).toEqual([PATH, PATH, PATH]);
    expect(db.calendarEvents).toBe(db.table('calendarEvents'));
  });

  it('is not mistaken for a promise and refuses table names that are not identifiers', () => {
    const { db } = setup();
    expect((db as unknown as { then?: unknown }).then).toBeUndefined();
    expect(() => db.table('events;drop')).toThrow(ScoutError);
  });
});

describe('db: reading', () => {
  it('lists with filters, order, limit, offset, select and cursor, converting rows to camelCase', async () => {
    const { api, events } = setup();
    api.on('GET', PATH, () => jsonReply(200, [row]));
    const rows = await events.list({
      where: { userId: 'u1', eventDate: { gte: '2025-01-01' } },
      orderBy: { eventDate: 'asc' },
      limit: 10,
      offset: 20,
      select: ['id', 'eventName'],
      cursor: 'c1',
    });
    expect(rows).toEqual([camelRow]);
    expect(query(api)).toEqual([
      ['select', 'id,event_name'],
      ['user_id', 'eq.u1'],
      ['event_date', 'gte.2025-01-01'],
      ['order', 'event_date.asc'],
      ['limit', '10'],
      ['offset', '20'],
      ['cursor', 'c1'],
    ]);
  });

  it('gets one record by id, or null', async () => {
    const { api, events } = setup();
    api.on('GET', PATH, (req) => jsonReply(200, req.query.get('id') === 'eq.event_1' ? [row] : []));
    expect(await events.get('event_1')).toEqual(camelRow);
    expect(await events.get('event_2')).toBeNull();
    expect(query(api)).toEqual([
      ['id', 'eq.event_1'],
      ['limit', '1'],
    ]);
  });

  it('reads the next cursor from the X-Next-Cursor header', async () => {
    const { api, events } = setup();
    api.on('GET', PATH, (req) =>
      req.query.get('cursor')
        ? jsonReply(200, [row])
        : jsonReply(200, [row], { 'X-Next-Cursor': 'page-2' }),
    );
    expect(await events.listPage({ limit: 1 })).toEqual({ rows: [camelRow], nextCursor: 'page-2' });
    expect(await events.listPage({ limit: 1, cursor: 'page-2' })).toEqual({
      rows: [camelRow],
      nextCursor: null,
    });
  });

  it('counts through Prefer: count=exact and Content-Range', async () => {
    const { api, events } = setup();
    api.on('GET', PATH, (req) =>
      jsonReply(200, [row], { 'Content-Range': req.query.has('user_id') ? '0-0/7' : '*/0' }),
    );
    expect(await events.count({ where: { userId: 'u1' } })).toBe(7);
    expect(api.requests[0]!.headers.prefer).toBe('count=exact');
    expect(await events.count()).toBe(0);
  });

  it('fails clearly when the count is missing', async () => {
    const { api, events } = setup();
    api.on('GET', PATH, () => jsonReply(200, []));
    await expect(events.count()).rejects.toMatchObject({ kind: 'data' });
  });

  it('answers exists from one row', async () => {
    const { api, events } = setup();
    api.on('GET', PATH, (req) => jsonReply(200, req.query.get('user_id') === 'eq.u1' ? [row] : []));
    expect(await events.exists({ where: { userId: 'u1' } })).toBe(true);
    expect(await events.exists({ where: { userId: 'u2' } })).toBe(false);
    expect(api.requests[0]!.query.get('limit')).toBe('1');
  });
});

describe('db: writing', () => {
  it('creates with a snake_case body and asks for the representation back', async () => {
    const { api, events } = setup();
    api.on('POST', PATH, (req) => jsonReply(201, [{ ...(req.body as object), id: 'event_9' }]));
    const created = await events.create({
      userId: 'u1',
      eventName: 'Hike',
      eventDate: '2025-06-01',
      hyperlink: null,
    });
    expect(api.requests[0]!.body).toEqual({
      user_id: 'u1',
      event_name: 'Hike',
      event_date: '2025-06-01',
      hyperlink: null,
    });
    expect(api.requests[0]!.headers.prefer).toBe('return=representation');
    expect(created).toMatchObject({ id: 'event_9', eventName: 'Hike' });
  });

  it('creates many in one request with an array body', async () => {
    const { api, events } = setup();
    api.on('POST', PATH, (req) => jsonReply(201, req.body));
    const rows = await events.createMany([{ eventName: 'A' }, { eventName: 'B' }]);
    expect(api.requests[0]!.body).toEqual([{ event_name: 'A' }, { event_name: 'B' }]);
    expect(rows.map((r) => r.eventName)).toEqual(['A', 'B']);
    expect(await events.createMany([])).toEqual([]);
    expect(api.requests).toHaveLength(1);
  });

  it('upserts through on_conflict and the merge-duplicates resolution', async () => {
    const { api, events } = setup();
    api.on('POST', PATH, (req) => jsonReply(200, [req.body]));
    await events.upsert({ id: 'event_1', eventName: 'Camp' });
    await events.upsertMany([{ userId: 'u1', eventDate: '2025-01-01' }], {
      onConflict: ['userId', 'eventDate'],
      ignoreDuplicates: true,
    });
    expect(api.requests[0]!.query.get('on_conflict')).toBe('id');
    expect(api.requests[0]!.headers.prefer).toBe(
      'return=representation,resolution=merge-duplicates',
    );
    expect(api.requests[1]!.query.get('on_conflict')).toBe('user_id,event_date');
    expect(api.requests[1]!.headers.prefer).toBe(
      'return=representation,resolution=ignore-duplicates',
    );
  });

  it('retries an upsert, which is safe to repeat, but never a plain create', async () => {
    const { api, events } = setup();
    api.on('POST', PATH, (req, i) =>
      i === 0 ? errorReply(503, 'SERVICE_UNAVAILABLE', 'busy') : jsonReply(200, [req.body]),
    );
    await events.upsert({ id: 'event_1' });
    expect(api.requests).toHaveLength(2);
    const again = setup();
    again.api.on('POST', PATH, () => errorReply(503, 'SERVICE_UNAVAILABLE', 'busy'));
    await expect(again.events.create({ eventName: 'x' })).rejects.toBeInstanceOf(ScoutError);
    expect(again.api.requests).toHaveLength(1);
  });

  it('updates by id and returns the camelCase row', async () => {
    const { api, events } = setup();
    api.on('PATCH', PATH, (req) => jsonReply(200, [{ ...row, ...(req.body as object) }]));
    const updated = await events.update('event_1', { eventName: 'Winter Camp' });
    expect(query(api)).toEqual([['id', 'eq.event_1']]);
    expect(api.requests[0]!.body).toEqual({ event_name: 'Winter Camp' });
    expect(api.requests[0]!.headers.prefer).toBe('return=representation');
    expect(updated.eventName).toBe('Winter Camp');
  });

  it('turns an update that matched nothing into "Record with id X not found"', async () => {
    const { api, events } = setup();
    api.on('PATCH', PATH, () => jsonReply(200, []));
    const err = await events.update('event_404', { eventName: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScoutError);
    expect(err).toMatchObject({
      kind: 'data',
      code: 'NOT_FOUND',
      message: UI_MESSAGES.recordNotFound('event_404'),
    });
    expect((err as ScoutError).userMessage).toBe('Record with id event_404 not found');
  });

  it('updates many by their ids', async () => {
    const { api, events } = setup();
    api.on('PATCH', PATH, (req) =>
      jsonReply(200, [{ ...row, id: req.query.get('id')!.slice(3), ...(req.body as object) }]),
    );
    const rows = await events.updateMany([
      { id: 'e1', eventName: 'A' },
      { id: 'e2', eventName: 'B' },
    ]);
    expect(api.requests.map((r) => [r.query.get('id'), r.body])).toEqual([
      ['eq.e1', { event_name: 'A' }],
      ['eq.e2', { event_name: 'B' }],
    ]);
    expect(rows.map((r) => r.id)).toEqual(['e1', 'e2']);
  });

  it('deletes by id, and many by filter', async () => {
    const { api, events } = setup();
    api.on('DELETE', PATH, () => new Response(null, { status: 204 }));
    await events.delete('event_1');
    await events.deleteMany({
      where: { userId: 'u1', OR: [{ eventDate: { lt: '2025-01-01' } }, { hyperlink: null }] },
    });
    expect(query(api, 0)).toEqual([['id', 'eq.event_1']]);
    expect(query(api, 1)).toEqual([
      ['user_id', 'eq.u1'],
      ['or', '(event_date.lt.2025-01-01,hyperlink.is.null)'],
    ]);
  });

  it('refuses deleteMany without a filter, before any request', async () => {
    const { api, events } = setup();
    await expect(events.deleteMany({ where: {} })).rejects.toMatchObject({ kind: 'validation' });
    expect(api.requests).toEqual([]);
  });

  it('passes server errors through as ScoutError', async () => {
    const { api, events } = setup();
    api.on('GET', PATH, () => errorReply(400, 'VALIDATION_ERROR', 'Unknown column nope'));
    await expect(events.list()).rejects.toMatchObject({
      kind: 'validation',
      message: 'Unknown column nope',
    });
  });
});

describe('db: sql and batch', () => {
  it('posts a query with params, and a batch with its mode', async () => {
    const { api, db } = setup();
    api.on('POST', '/api/db/troop-42/sql', () =>
      jsonReply(200, { rows: [{ n: 1 }], columns: ['n'], rowCount: 1, executionTime: 1 }),
    );
    api.on('POST', '/api/db/troop-42/batch', () =>
      jsonReply(200, { results: [], executionTime: 1, success: true }),
    );
    expect((await db.sql('select ? as n', [1])).rows).toEqual([{ n: 1 }]);
    await db.batch([{ sql: 'select 1' }]);
    expect(api.requests.map((r) => r.body)).toEqual([
      { query: 'select ? as n', params: [1] },
      { statements: [{ sql: 'select 1' }], mode: 'write' },
    ]);
  });
});
