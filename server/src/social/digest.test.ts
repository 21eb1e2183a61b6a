/**
 * The feed's daily digest (digest-jobs.ts): at 18:00 troop time, one mail per member who takes
 * the digest, listing the day's visible posts of the channels they read, skipped when there is
 * none, exactly once with two workers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialMailChoice } from '@scout/protocol/social';
import {
  approvePost,
  choose,
  mailedActors,
  nameTroop,
  runJobs,
  TROOP_NAME,
  writePost,
} from '../../test/social-mail.ts';
import {
  socialTroop,
  SOCIAL_ACTORS,
  type SocialActor,
  type SocialTroop,
} from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { createAppJobWorker } from '../job-worker.ts';

const HOUR = 3600_000;
/** 08:00 in the troop's zone (America/New_York) on Wednesday 10 June 2026. */
const NOW = Date.UTC(2026, 5, 10, 12);
/** That day's 18:00 there. */
const DUE = Date.UTC(2026, 5, 10, 22);

describe.each(testStoreKinds)('the daily social digest (%s)', (kind) => {
  let s: SocialTroop;
  beforeAll(async () => {
    s = await socialTroop(kind);
    await nameTroop(s);
    const people = SOCIAL_ACTORS.filter((a) => a !== 'anonymous' && a !== 'service');
    const choices: Partial<Record<SocialActor, SocialMailChoice>> = {
      ...Object.fromEntries(people.map((a) => [a, 'none'])),
      admin: 'each',
      leader2: 'digest',
      parentOwls: 'digest',
      parentHawks: 'digest',
      youthHawks: 'digest',
      noScouts: 'digest',
    };
    await choose(s, choices);
  });
  afterAll(() => s.close());

  /** Runs what is due with two workers at once, as two processes would, then once more. */
  async function twoWorkers() {
    const other = createAppJobWorker(s.t.deps);
    await Promise.all([s.t.app.jobs.runDue(), other.runDue()]);
    await Promise.all([runJobs(s), other.runDue()]);
  }

  it('mails each member once at 18:00 the posts of the day in the channels they read', async () => {
    // Yesterday's post waiting for a leader is news of today once approved.
    s.t.clock.set(NOW - 24 * HOUR);
    const waited = await writePost(s, {
      author: 'youthOwls',
      status: 'pending',
      body: 'Our patrol flag is done',
    });
    s.t.clock.set(NOW);
    await writePost(s, { author: 'leader', body: 'Camp photos are up', photos: 2 });
    await writePost(s, { author: 'leader', channel: 'patrol:owls', body: 'Owls meet at the gate' });
    await writePost(s, { author: 'noScouts', body: 'Who has spare tent pegs?' });
    await writePost(s, { author: 'leader', status: 'hidden', body: 'Hidden words' });
    s.t.clock.set(NOW + 2 * HOUR);
    await approvePost(s, waited);
    await runJobs(s);
    const from = s.h.mail.sent.length;

    s.t.clock.set(DUE - 1);
    await twoWorkers();
    expect(s.h.mail.sent.length).toBe(from);
    s.t.clock.set(DUE);
    await twoWorkers();
    await twoWorkers();
    const mails = s.h.mail.sent.slice(from);
    expect(mailedActors(s, mails)).toEqual([
      'leader2',
      'noScouts',
      'parentHawks',
      'parentOwls',
      'youthHawks',
    ]);

    const of = (actor: SocialActor) =>
      mails.find((m) => m.to[0]!.address === `${s.userId[actor]}@example.org`)!;
    const owls = of('parentOwls');
    expect(owls.subject).toBe(`${TROOP_NAME}: 4 new posts in the troop feed`);
    expect(owls.text).toContain('social-leader in Whole troop: "Camp photos are up" (2 photos)');
    expect(owls.text).toContain('social-leader in Owls patrol: "Owls meet at the gate"');
    expect(owls.text).toContain('youth-owls in Whole troop: "Our patrol flag is done"');
    expect(owls.text).toMatch(/Open the post: https?:\/\/\S+\/social\/posts\/\S+/);
    expect(owls.headers!['List-Unsubscribe']).toContain('/unsubscribe?token=');
    expect(owls.html).not.toMatch(/<img/);
    // A youth reads nothing of a channel that is not theirs; nobody reads a hidden post.
    const hawks = of('youthHawks');
    expect(hawks.subject).toBe(`${TROOP_NAME}: 3 new posts in the troop feed`);
    expect(hawks.text).not.toContain('Owls meet');
    for (const m of mails) expect(m.text).not.toContain('Hidden words');
    // Their own post is not news to its author.
    expect(of('noScouts').text).not.toContain('spare tent pegs');
  });

  it('mails nobody on a day of no posts, and only the readers of the channels that had some', async () => {
    const from = s.h.mail.sent.length;
    s.t.clock.set(DUE + 24 * HOUR);
    await twoWorkers();
    expect(s.h.mail.sent.length).toBe(from);

    s.t.clock.set(NOW + 48 * HOUR);
    await writePost(s, { author: 'leader', channel: 'patrol:owls', body: 'Owls only' });
    s.t.clock.set(DUE + 48 * HOUR);
    await twoWorkers();
    const mails = s.h.mail.sent.slice(from);
    expect(mailedActors(s, mails)).toEqual(['admin', 'leader2', 'parentOwls']);
    expect(mails.find((m) => m.subject.endsWith('1 new post in the troop feed'))).toBeDefined();
  });
});
