/**
 * What the tests of newsletter sending share (src/newsletter/sending*.test.ts): an app on a real
 * SMTP peer per test, a troop of readers of every kind, posts sent through the routes, and what
 * the peer received.
 */
import type { NewsletterDraft } from '@scout/protocol/newsletter';
import { afterEach, expect } from 'vitest';
import { FIRST_TROOP_ID } from '../src/store/tenancy.ts';
import { bearer } from './auth.ts';
import { buildMailTestApp, type MailTestApp } from './auth-links.ts';
import { addHousehold } from './families.ts';
import { callNewsletter, writeDraft } from './newsletter.ts';
import { NOW, runJobs } from './notices.ts';
import { addTroopMember, type TestMember } from './rest.ts';
import type { StoreKind } from './test-app.ts';

/**
 * The troop: a leader; a parent whose scout Sam is in the Eagle patrol; Kit, a youth with an
 * account of her own in the Hawk patrol; an adult of no household; and Olly, who took
 * newsletters off.
 */
export async function newsletterTroop(t: MailTestApp) {
  await t.deps.store.query('UPDATE troops SET name = ? WHERE id = ?', [
    'Troop 12 Lakeside',
    FIRST_TROOP_ID,
  ]);
  t.deps.troops.forget();
  const as = (id: string, role = 'user') => addTroopMember(t, id, { [FIRST_TROOP_ID]: role });
  const leader = await as('chief', 'leader');
  const parent = await as('mum');
  const kit = await as('kit');
  const adult = await as('adult');
  const olly = await as('olly');
  const sam = await addHousehold(t.deps.store, [parent.id], ['Sam']);
  await t.deps.store.query('UPDATE scouts SET patrol = ? WHERE id = ?', [
    'Eagle',
    sam.scoutIds[0]!,
  ]);
  const kits = await addHousehold(t.deps.store, [], ['Kit']);
  await t.deps.store.query('UPDATE scouts SET patrol = ?, user_id = ? WHERE id = ?', [
    'Hawk',
    kit.id,
    kits.scoutIds[0]!,
  ]);
  await saveSettings(t, olly, { newsletters: false });
  return { leader, parent, kit, adult, olly };
}

export async function saveSettings(t: MailTestApp, who: TestMember, change: object) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/notifications/${t.deps.config.projectId}/settings`,
    headers: bearer(who.token),
    payload: { newEvents: true, changes: true, reminders: true, reminderHours: 48, ...change },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A post written by `leader` and sent now; answers its id once its jobs have run. */
export async function sendNow(
  t: MailTestApp,
  leader: TestMember,
  draft: Partial<NewsletterDraft>,
  run: (t: MailTestApp) => Promise<void> = runJobs,
): Promise<string> {
  const auth = bearer(leader.token).authorization;
  const id = await writeDraft(t, auth, draft);
  const sent = await callNewsletter(t, auth, 'POST', `/posts/${id}/send`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  await run(t);
  return id;
}

/** Who got a mail whose subject is `subject`, sorted. */
export const mailedAbout = (t: MailTestApp, subject: string) =>
  t.peer.received
    .filter((m) => m.parsed.subject === subject)
    .map((m) => m.rcptTo.join(','))
    .sort();

/** The address of a mail's List-Unsubscribe header, as written. */
export const unsubscribeOf = (raw: string): string =>
  /^List-Unsubscribe: <([^>]+)>/im.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';

/** A fresh app on a real SMTP peer for each test, at NOW, closed after it. */
export function appPerTest(kind: StoreKind): () => Promise<{ t: MailTestApp }> {
  let current: MailTestApp | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async () => {
    current = await buildMailTestApp(kind);
    current.clock.set(NOW);
    return { t: current };
  };
}
