/**
 * The analytics module of the packed SDK against the running server's collector, on a page
 * simulated in Node (support/node-window.ts): who the events are about before anyone signs in
 * (setUserId, setUserEmail), forgetting a visit's campaign (clearAttribution), and a module that
 * is done (destroy), turned off (disable). What the server kept is read back with an admin's SQL.
 */
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { admin } from '../support/accounts.ts';
import { memoryStorage, NodeWindow } from '../support/node-window.ts';
import { usePackedSdk } from '../support/packed-sdk.ts';

const sdk = usePackedSdk();

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test('events name the guest set by setUserId, lose the campaign after clearAttribution, and stop at destroy', async () => {
  const win = new NodeWindow(
    `${baseURL}/camporee?utm_source=newsletter&utm_medium=email&utm_campaign=spring`,
  );
  const storage = memoryStorage();
  // Every batch as it went over the wire, and the collector's answer.
  const batches: Array<{ events: Array<Record<string, unknown>>; status: number }> = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (String(input).endsWith('/api/analytics/scout-troop/log'))
      batches.push({ ...JSON.parse(String(init?.body)), status: res.status });
    return res;
  };
  const guest = sdk.createClient({
    projectId: 'scout-troop',
    baseUrl: baseURL,
    window: win,
    storage,
    fetch: recordingFetch,
  });
  const guestId = `guest-${stamp()}`;
  guest.analytics.setUserId(guestId);
  guest.analytics.setUserEmail('pat.guest@troop214.example');
  guest.analytics.log('rsvp_opened', { eventId: 'camporee' });
  await guest.analytics.flush();
  guest.analytics.clearAttribution();
  guest.analytics.log('rsvp_sent');
  await guest.analytics.flush();

  await guest.analytics.destroy();
  expect(guest.analytics.isEnabled()).toBe(false);
  guest.analytics.enable();
  guest.analytics.log('after_destroy');
  win.history.pushState(null, '', '/calendar');
  await guest.analytics.flush();

  // On the wire: the guest's id and email from setUserId on (the start pageview came before),
  // and the collector took every batch.
  const sent = batches.flatMap((b) => b.events);
  expect(sent.map((e) => [e.type, e.user_id, e.user_email])).toEqual([
    ['pageview', null, null],
    ['rsvp_opened', guestId, 'pat.guest@troop214.example'],
    ['rsvp_sent', guestId, 'pat.guest@troop214.example'],
  ]);
  expect(batches.every((b) => b.status === 200)).toBe(true);

  // Kept by the server: the claimed id (never an email), the campaign until it was cleared.
  const operator = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  await operator.auth.signInWithEmail(admin.email, admin.password);
  const sessionId = String(sent[0]?.session_id);
  const { rows } = await operator.db.sql(
    `SELECT type, pathname, user_id, claimed_user_id, utm_source, utm_campaign, channel
       FROM analytics_events WHERE session_id = ? ORDER BY ts, type`,
    [sessionId],
  );
  expect(rows).toEqual([
    {
      type: 'pageview',
      pathname: '/camporee',
      user_id: null,
      claimed_user_id: null,
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      channel: 'Email',
    },
    {
      type: 'rsvp_opened',
      pathname: '/camporee',
      user_id: null,
      claimed_user_id: guestId,
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      channel: 'Email',
    },
    {
      type: 'rsvp_sent',
      pathname: '/camporee',
      user_id: null,
      claimed_user_id: guestId,
      utm_source: null,
      utm_campaign: null,
      channel: 'Direct',
    },
  ]);
});

test('a signed-in member’s events are the account’s, whatever setUserId claimed; disable forgets what waits', async () => {
  const storage = memoryStorage();
  const member = sdk.createClient({
    projectId: 'scout-troop',
    baseUrl: baseURL,
    window: new NodeWindow(`${baseURL}/dashboard`),
    storage,
    analyticsPageviews: false,
  });
  const user = await member.auth.signUp({
    email: `analytics.${stamp()}@troop214.example`,
    password: 'campfire-2026',
    displayName: 'Morgan Diaz',
  });
  member.analytics.setUserId('someone-else');
  member.analytics.log('badge_viewed');
  await member.analytics.flush();
  // Turned off, the module forgets what was waiting and takes nothing until turned on again.
  member.analytics.log('forgotten');
  member.analytics.disable();
  expect(member.analytics.isEnabled()).toBe(false);
  member.analytics.log('while_off');
  member.analytics.enable();
  expect(member.analytics.isEnabled()).toBe(true);
  await member.analytics.flush();
  await member.analytics.destroy();

  const operator = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  await operator.auth.signInWithEmail(admin.email, admin.password);
  const { rows } = await operator.db.sql(
    'SELECT type, user_id, claimed_user_id FROM analytics_events WHERE user_id = ?',
    [user.id],
  );
  expect(rows).toEqual([{ type: 'badge_viewed', user_id: user.id, claimed_user_id: null }]);
});
