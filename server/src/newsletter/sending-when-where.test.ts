/**
 * When and where a post's mail goes (docs/decisions/081-newsletter-posts.md), on both stores:
 * a newsletter comes when its recipient takes their mail of new events (at once, or at their
 * daily or weekly digest, docs/decisions/064-notice-batches.md), an announcement at once; a
 * council's post reaches every troop of the council, once a person, in the troop they joined
 * first, and links into it.
 */
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { callNewsletter, draftOf, writeDraft } from '../../test/newsletter.ts';
import {
  appPerTest,
  mailedAbout,
  newsletterTroop,
  saveSettings,
  sendNow,
} from '../../test/newsletter-sending.ts';
import { runJobs } from '../../test/notices.ts';
import { addTroopMember } from '../../test/rest.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';

describe.each(testStoreKinds)('when and where a post is mailed (%s)', (kind) => {
  const troop = appPerTest(kind);

  it("mails a newsletter at each member's digest time, and an announcement at once", async () => {
    const { t } = await troop();
    const { leader, parent, kit } = await newsletterTroop(t);
    await saveSettings(t, parent, { newEventsDigest: 'weekly' });
    await saveSettings(t, kit, { newEventsDigest: 'daily' });

    // Wednesday 10 June 2026, 08:00 in the troop's zone (America/New_York).
    await sendNow(t, leader, { title: 'June issue' });
    await sendNow(t, leader, { kind: 'announcement', title: 'Rain', body: 'Bring a coat.' });
    expect(mailedAbout(t, 'June issue')).toEqual([leader.email, 'adult@troop12.org'].sort());
    expect(mailedAbout(t, 'Announcement: Rain')).toContain(parent.email);
    expect(mailedAbout(t, 'Announcement: Rain')).toContain(kit.email);

    const at = async (iso: string) => {
      t.clock.set(Date.parse(iso));
      await runJobs(t);
      return mailedAbout(t, 'June issue');
    };
    // Kit's daily digest: 18:00 that day; the parent's weekly: Sunday 18:00.
    expect(await at('2026-06-10T21:59:00Z')).not.toContain(kit.email);
    expect(await at('2026-06-10T22:00:00Z')).toContain(kit.email);
    expect(await at('2026-06-14T21:59:00Z')).not.toContain(parent.email);
    expect(await at('2026-06-14T22:00:00Z')).toContain(parent.email);
    expect(mailedAbout(t, 'June issue')).toHaveLength(4);
  });

  it('sends a scheduled post at its time, not before, as it stands then', async () => {
    const { t } = await troop();
    const { leader } = await newsletterTroop(t);
    const auth = bearer(leader.token).authorization;
    const id = await writeDraft(t, auth, { title: 'Saturday plans' });
    const at = new Date(t.clock.now() + 3 * 3_600_000).toISOString();
    const sent = await callNewsletter(t, auth, 'POST', `/posts/${id}/send`, { at });
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs(t);
    // A change before it goes out is what goes out, and is no edit.
    await callNewsletter(t, auth, 'PATCH', `/posts/${id}`, { title: 'Saturday plans, updated' });
    t.clock.advance(3 * 3_600_000 - 1000);
    await runJobs(t);
    expect(t.peer.received).toHaveLength(0);
    t.clock.advance(1000);
    await runJobs(t);
    expect(mailedAbout(t, 'Saturday plans, updated')).toContain(leader.email);
    expect(mailedAbout(t, 'Saturday plans')).toEqual([]);
    const { rows } = await t.deps.store.query(
      'SELECT status, sent_at, edited_at FROM newsletter_posts WHERE id = ?',
      [id],
    );
    expect(rows[0]).toEqual({ status: 'sent', sent_at: at, edited_at: null });
  });

  it("mails a council's post to each member of its troops once, in the troop they joined first", async () => {
    const { t } = await troop();
    const L = { id: 'council-l', projectId: 'lakeside-council', name: 'Lakeside Council' };
    const A = { id: 'troop-a', projectId: 'troop-a-project', name: 'Troop 12 Lakeside' };
    const B = { id: 'troop-b', projectId: 'troop-b-project', name: 'Troop 45 Riverside' };
    await addUnit(t, { ...L, kind: 'council' });
    await addUnit(t, { ...A, councilId: L.id });
    await addUnit(t, { ...B, councilId: L.id });
    const lee = await addTroopMember(t, 'lee', { [L.id]: 'admin' });
    const amy = await addTroopMember(t, 'amy', { [A.id]: 'user' });
    const bob = await addTroopMember(t, 'bob', { [B.id]: 'user' });
    const pat = await addTroopMember(t, 'pat', { [B.id]: 'user' });
    t.clock.advance(1000);
    await joinUnit(t, pat.id, A.id, 'user');
    // The first troop is of no council: its members hear nothing of it.
    const far = await addTroopMember(t, 'far', { 'troop-1': 'user' });

    const auth = bearer(lee.token).authorization;
    const made = await callNewsletter(
      t,
      auth,
      'POST',
      '/posts',
      draftOf({ title: 'Camporee' }),
      L.projectId,
    );
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().post.id as string;
    const sent = await callNewsletter(t, auth, 'POST', `/posts/${id}/send`, {}, L.projectId);
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs(t);

    expect(mailedAbout(t, 'Camporee')).toEqual([lee.email, amy.email, bob.email, pat.email].sort());
    expect(mailedAbout(t, 'Camporee')).not.toContain(far.email);
    const mailTo = (email: string) =>
      t.peer.received.find((m) => m.parsed.subject === 'Camporee' && m.rcptTo.includes(email))!;
    const app = t.deps.config.publicUrl;
    // Pat joined B first: B names the mail and holds its links.
    expect(mailTo(pat.email).parsed.from?.value[0]?.name).toBe(B.name);
    expect(mailTo(pat.email).parsed.text).toContain(
      `Read it in the app: ${app}/newsletter/${id}?troop=${B.projectId}`,
    );
    expect(mailTo(pat.email).parsed.text).toContain(
      `${app}/api/notifications/${B.projectId}/unsubscribe?token=`,
    );
    expect(mailTo(amy.email).parsed.from?.value[0]?.name).toBe(A.name);
    expect(mailTo(amy.email).parsed.text).toContain(`/newsletter/${id}?troop=${A.projectId}`);
    expect(mailTo(lee.email).parsed.from?.value[0]?.name).toBe(L.name);
  });
});
