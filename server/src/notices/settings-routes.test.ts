import { afterEach, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../test/auth.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { oneServiceKey } from '../../test/service-keys.ts';

const serviceKeys = oneServiceKey('sk_test', 'k1');

describe.each(embeddedStore)('notification settings routes (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const url = (app: TestApp) => `/api/notifications/${app.deps.config.projectId}/settings`;

  it('answers the defaults, then what the member saved', async () => {
    t = await buildTestApp({ store: kind });
    const member = await signUp(t);
    const first = await t.app.inject({
      method: 'GET',
      url: url(t),
      headers: bearer(member.access_token),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      settings: {
        newEvents: true,
        newEventsDigest: 'immediate',
        changes: true,
        reminders: true,
        reminderHours: 48,
        newsletters: true,
        announcements: true,
        social: 'digest',
      },
    });
    const body = { newEvents: false, changes: true, reminders: false, reminderHours: 12 };
    const news = { newsletters: true, announcements: true, social: 'digest' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: url(t),
      headers: bearer(member.access_token),
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    // A client that leaves the digest and news choices out keeps the stored ones.
    expect(saved.json()).toEqual({ settings: { ...body, ...news, newEventsDigest: 'immediate' } });
    const again = await t.app.inject({
      method: 'GET',
      url: url(t),
      headers: bearer(member.access_token),
    });
    expect(again.json()).toEqual({ settings: { ...body, ...news, newEventsDigest: 'immediate' } });
    const weekly = {
      ...body,
      newEventsDigest: 'weekly',
      newsletters: false,
      announcements: true,
      social: 'each',
    };
    await t.app.inject({
      method: 'PUT',
      url: url(t),
      headers: bearer(member.access_token),
      payload: weekly,
    });
    const kept = await t.app.inject({
      method: 'PUT',
      url: url(t),
      headers: bearer(member.access_token),
      payload: body,
    });
    expect(kept.json()).toEqual({ settings: weekly });
    // Another member's settings are their own.
    const other = await signUp(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: url(t),
      headers: bearer(other.access_token),
    });
    expect(theirs.json().settings.reminderHours).toBe(48);
  });

  it.each([
    ['too few hours', { reminderHours: 0 }],
    ['too many hours', { reminderHours: 169 }],
    ['a fraction of an hour', { reminderHours: 1.5 }],
    ['a missing field', { reminderHours: undefined }],
    ['an unknown digest', { newEventsDigest: 'hourly' }],
    ['an unknown social choice', { social: 'sometimes' }],
    ['a string for a switch', { reminders: 'no' }],
  ])('refuses %s with a 400 and stores nothing', async (_name, change) => {
    t = await buildTestApp({ store: kind });
    const member = await signUp(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: url(t),
      headers: bearer(member.access_token),
      payload: { newEvents: false, changes: false, reminders: false, reminderHours: 24, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    const { rows } = await t.deps.store.query('SELECT user_id FROM notification_settings');
    expect(rows).toEqual([]);
  });

  it('needs a signed-in person: 401 signed out, 403 for a service key', async () => {
    t = await buildTestApp({ store: kind, deps: { serviceKeys } });
    const anonymous = await t.app.inject({ method: 'GET', url: url(t) });
    expect(anonymous.statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: url(t),
      payload: { newEvents: true, changes: true, reminders: true, reminderHours: 48 },
    });
    expect(put.statusCode).toBe(401);
    const key = await t.app.inject({ method: 'GET', url: url(t), headers: bearer('sk_test') });
    expect(key.statusCode).toBe(403);
  });

  it('refuses an unsubscribe link it did not sign, without a sign-in and without HTML', async () => {
    t = await buildTestApp({ store: kind });
    const base = `/api/notifications/${t.deps.config.projectId}/unsubscribe`;
    for (const token of ['', 'x.y.z', 'dXNlcg.reminders.AAAA', 'a'.repeat(600)]) {
      const res = await t.app.inject({ method: 'POST', url: `${base}?token=${token}` });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    const none = await t.app.inject({ method: 'GET', url: base });
    expect(none.statusCode).toBe(400);
  });
});

describe.each(embeddedStore)('notice tables behind the Data API (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.each(['notification_settings', 'jobs', 'event_notice_state'])(
    'keeps %s out of reach: no reading, no writing',
    async (table) => {
      t = await buildTestApp({ store: kind });
      const member = await signUp(t);
      await t.app.inject({
        method: 'PUT',
        url: `/api/notifications/${t.deps.config.projectId}/settings`,
        headers: bearer(member.access_token),
        payload: { newEvents: true, changes: true, reminders: false, reminderHours: 5 },
      });
      const url = `/api/db/${t.deps.config.projectId}/rest/v1/${table}`;
      const read = await t.app.inject({ method: 'GET', url, headers: bearer(member.access_token) });
      expect(read.statusCode).toBe(404);
      const write = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(member.access_token),
        payload: { user_id: member.user.id, reminders: true },
      });
      expect(write.statusCode).toBe(404);
      const { rows } = await t.deps.store.query<{ reminders: unknown }>(
        'SELECT reminders FROM notification_settings',
      );
      expect(rows.map((r) => Boolean(r.reminders))).toEqual([false]);
    },
  );
});
