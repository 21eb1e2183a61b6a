/**
 * The mail of an item that became visible (notify.ts, mail-jobs.ts): who gets a post by their
 * choice, mentions whatever the choice, nobody outside the channel, the mail's words and links,
 * its unsubscribe, and the jobs surviving a dead worker and a second one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SocialMailChoice } from '@scout/protocol/social';
import {
  socialTroop,
  SOCIAL_ACTORS,
  socialPost,
  type SocialActor,
  type SocialTroop,
} from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { createAppJobWorker } from '../job-worker.ts';
import { leaseDueJobs, type LeasedJob } from '../jobs/queue.ts';
import { readSettings } from '../notices/settings.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { socialMailJobs } from './mail-jobs.ts';
import { SOCIAL_JOB_KINDS } from './notify.ts';
import {
  choose,
  mailedActors,
  nameTroop,
  runJobs,
  TROOP_NAME,
  writeComment,
  writePost,
} from '../../test/social-mail.ts';

/** 08:00 in the troop's zone (America/New_York): the day's digest is ten hours away. */
const NOW = Date.UTC(2026, 5, 10, 12);
const PEOPLE = SOCIAL_ACTORS.filter((a) => a !== 'anonymous' && a !== 'service');

describe.each(testStoreKinds)('social mail of each post and mention (%s)', (kind) => {
  let s: SocialTroop;
  let from = 0;
  const mailed = () => mailedActors(s, s.h.mail.sent.slice(from));
  /** Everyone `none` but `choices`. */
  const only = (choices: Partial<Record<SocialActor, SocialMailChoice>>) =>
    choose(s, { ...Object.fromEntries(PEOPLE.map((a) => [a, 'none'])), ...choices });

  beforeAll(async () => {
    s = await socialTroop(kind);
    await nameTroop(s);
  });
  afterAll(() => s.close());
  beforeEach(() => {
    s.t.clock.set(NOW);
    from = s.h.mail.sent.length;
  });

  it('mails a post to its readers who take each post, and to the mentioned once, never its author', async () => {
    await only({ leader: 'each', parentOwls: 'each', youthHawks: 'each', leader2: 'each' });
    await choose(s, { admin: 'digest', parentHawks: 'digest' });
    const id = await writePost(s, {
      author: 'leader',
      body: 'Camp photos are up.\nSee you Saturday!',
      mentions: ['noScouts', 'leader2'],
      photos: 2,
    });
    await runJobs(s);
    expect(mailed()).toEqual(['leader2', 'noScouts', 'parentOwls', 'youthHawks']);

    const mail = s.h.mail.sent.slice(from).find((m) => m.to[0]!.address.startsWith('parent-owls'))!;
    const url = `${s.t.deps.config.publicUrl}/social/posts/${id}`;
    expect(mail.subject).toBe(`${TROOP_NAME}: social-leader posted in Whole troop`);
    expect(mail.text).toContain(`social-leader posted in Whole troop of ${TROOP_NAME}:`);
    expect(mail.text).toContain('Camp photos are up.');
    expect(mail.text).toContain('2 photos with the post.');
    expect(mail.text).toContain(`Open the post: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).not.toMatch(/<img|\.jpg/);
    expect(mail.messageId).toMatch(/^<job-.+@/);
    const unsubscribe = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    expect(unsubscribe).toContain(
      `/api/notifications/${s.t.deps.config.projectId}/unsubscribe?token=`,
    );
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const mention = s.h.mail.sent
      .slice(from)
      .find((m) => m.to[0]!.address.startsWith('no-scouts'))!;
    expect(mention.subject).toBe(
      `${TROOP_NAME}: social-leader mentioned you in a post in Whole troop`,
    );

    // One click: the choice becomes none, and only a mention still comes.
    const res = await s.t.app.inject({
      method: 'POST',
      url: unsubscribe.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('except when someone mentions you');
    expect((await readSettings(s.t.deps.store, s.userId.parentOwls)).social).toBe('none');
    from = s.h.mail.sent.length;
    await writePost(s, { author: 'leader' });
    await writePost(s, { author: 'leader2', mentions: ['parentOwls'] });
    await runJobs(s);
    expect(mailed()).toEqual(['leader', 'leader2', 'parentOwls', 'youthHawks', 'youthHawks']);
  });

  it('never mails a post to a member who does not read its channel, a youth above all', async () => {
    await only({ parentOwls: 'each', youthOwls: 'each', parentHawks: 'each', youthHawks: 'each' });
    // A mention of someone outside the channel is refused by the routes; the mail holds anyway.
    await writePost(s, { author: 'leader', channel: 'patrol:owls', mentions: ['youthHawks'] });
    await writePost(s, { author: 'leader', channel: 'leaders', mentions: ['youthOwls'] });
    await writePost(s, { author: 'leader', status: 'pending', mentions: ['youthOwls'] });
    await runJobs(s);
    expect(mailed()).toEqual(['parentOwls', 'youthOwls']);
  });

  it('mails nobody who stopped reading the channel by the time the mail goes', async () => {
    await only({ parentOwls: 'each', youthOwls: 'each', parentHawks: 'each' });
    const id = await writePost(s, { author: 'leader' });
    // The fan-out runs while the Owls' parent is a member ...
    const jobs = socialMailJobs(s.t.deps);
    await jobs[SOCIAL_JOB_KINDS.notice]!(fakeJob({ postId: id }));
    // ... who is suspended before the mails go: their scout has no parent in the channel now.
    const suspend = (status: string) =>
      s.t.deps.store.query('UPDATE memberships SET status = ? WHERE user_id = ? AND troop_id = ?', [
        status,
        s.userId.parentOwls,
        FIRST_TROOP_ID,
      ]);
    await suspend('suspended');
    try {
      await runJobs(s);
    } finally {
      await suspend('active');
    }
    expect(mailed()).toEqual(['parentHawks']);
  });

  it('mails a comment only to the members it mentions who read the channel', async () => {
    await only({ parentOwls: 'each', parentHawks: 'each' });
    const postId = await writePost(s, { author: 'leader', channel: 'patrol:owls' });
    await runJobs(s);
    from = s.h.mail.sent.length;
    await writeComment(s, postId, {
      author: 'parentOwls',
      body: 'Thanks @leader2!',
      mentions: ['leader2', 'parentHawks', 'parentOwls'],
    });
    await runJobs(s);
    expect(mailed()).toEqual(['leader2']);
    const [mail] = s.h.mail.sent.slice(from);
    expect(mail!.subject).toBe(
      `${TROOP_NAME}: parent-owls mentioned you in a comment in Owls patrol`,
    );
    expect(mail!.text).toContain('Thanks @leader2!');
  });

  it('sends once when a worker dies holding the job, and once with two workers at it', async () => {
    await only({ parentOwls: 'each', leader2: 'each' });
    await writePost(s, { author: 'leader' });
    const { leaseMs } = s.t.deps.config.jobs;
    const dead = await leaseDueJobs(s.t.deps.store, {
      now: NOW,
      leaseMs,
      workerId: 'dead-process',
      limit: 100,
    });
    expect(dead.map((j) => j.kind)).toContain(SOCIAL_JOB_KINDS.notice);
    await runJobs(s);
    expect(mailed()).toEqual([]);
    s.t.clock.advance(leaseMs + 1);
    await runJobs(s);
    await runJobs(s);
    expect(mailed()).toEqual(['leader2', 'parentOwls']);

    from = s.h.mail.sent.length;
    await writePost(s, { author: 'leader', mentions: ['parentOwls'] });
    const other = createAppJobWorker(s.t.deps);
    await Promise.all([s.t.app.jobs.runDue(), other.runDue(), s.t.app.jobs.runDue()]);
    await Promise.all([runJobs(s), other.runDue()]);
    expect(mailed()).toEqual(['leader2', 'parentOwls']);
  });

  it('tells a post and a comment written through the feed routes', async () => {
    await only({ parentHawks: 'each' });
    const postId = await socialPost(s, 'leader', {
      body: 'Through the route',
      mentions: [s.userId.noScouts],
    });
    const comment = await s.call('parentHawks', 'POST', `/posts/${postId}/comments`, {
      body: 'Count me in',
      mentions: [s.userId.leader2],
    });
    expect(comment.statusCode, comment.body).toBe(200);
    await runJobs(s);
    expect(mailed()).toEqual(['leader2', 'noScouts', 'parentHawks']);
  });

  it('sends a mail run again under the same Message-ID', async () => {
    await only({ parentOwls: 'each' });
    const postId = await writePost(s, { author: 'leader' });
    const job = fakeJob({ postId, userId: s.userId.parentOwls, mention: false });
    const send = socialMailJobs(s.t.deps)[SOCIAL_JOB_KINDS.mail]!;
    await send(job);
    await send(job);
    const [first, second] = s.h.mail.sent.slice(from);
    expect(first!.messageId).toBeDefined();
    expect(second!.messageId).toBe(first!.messageId);
  });
});

function fakeJob(payload: Record<string, unknown>): LeasedJob {
  return {
    id: `job-${Math.random().toString(36).slice(2)}`,
    kind: 'test',
    payload,
    dedupeKey: null,
    attempts: 1,
    troopId: FIRST_TROOP_ID,
  };
}
