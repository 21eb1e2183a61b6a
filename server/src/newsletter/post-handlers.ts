/**
 * A writer's changes to the troop's posts (routes.ts): write a draft, edit it (after it went
 * out too, which marks it edited), remove it, send it now or at a time, take a scheduled post
 * back; and a reader marking a post opened. Each change runs in one transaction on the troop's
 * own post (a council's is changed on the council's path only) and is announced after it.
 *
 * Sending writes the status and queues the durable `newsletter-send` job in the same
 * transaction (docs/decisions/052-durable-jobs.md): the job, when due, finds the post still
 * scheduled for that time and sends it; a post taken back or moved leaves it nothing to do.
 */
import {
  NEWSLETTER_SCHEDULE_MAX_DAYS,
  newsletterDraftProblem,
  patrolKey,
  type NewsletterDraft,
  type WireNewsletterPost,
} from '@scout/protocol/newsletter';
import { ApiError } from '../errors.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import { announcePost } from './announce.ts';
import { markRead } from './read-marks.ts';
import { callerReader, ownPost, readablePost, type NewsletterRequest } from './request-context.ts';
import {
  deletePost,
  findPost,
  insertPost,
  setSchedule,
  updatePost,
  type StoredPost,
} from './stored-posts.ts';
import { wirePost } from './wire-posts.ts';

export const NEWSLETTER_SEND_JOB = 'newsletter-send';
/** A time to send a little in the past is "now" (a slow click, a clock a little behind). */
const PAST_GRACE_MS = 60_000;

export const sendJobKey = (postId: string, sendAt: string) => `newsletter-send:${postId}:${sendAt}`;

function checked(draft: NewsletterDraft): NewsletterDraft {
  const problem = newsletterDraftProblem(draft);
  if (problem) throw new ApiError('VALIDATION_ERROR', problem);
  return draft;
}

async function answer(r: NewsletterRequest, postId: string): Promise<{ post: WireNewsletterPost }> {
  const post = await findPost(r.deps.store, r.troop.id, postId);
  if (!post) throw new ApiError('NOT_FOUND', 'Post not found');
  return { post: await wirePost(r, await callerReader(r), post) };
}

const announced = (r: NewsletterRequest, post: Pick<StoredPost, 'troopId' | 'id'>) =>
  announcePost(
    r.deps,
    post.troopId,
    post.id,
    r.caller.kind === 'service' ? `service_${r.caller.keyId}` : r.caller.userId,
  );

export async function createPost(
  r: NewsletterRequest,
  body: Omit<NewsletterDraft, 'patrols'> & { patrols?: string[] },
) {
  const draft = checked({ ...body, patrols: body.patrols ?? [] });
  const id = await insertPost(r.deps.store, r.troop.id, draft, r.by, r.deps.clock.now());
  return answer(r, id);
}

const samePatrols = (a: readonly string[], b: readonly string[]) => {
  const keys = (list: readonly string[]) =>
    [...new Set(list.map(patrolKey).filter(Boolean))].sort().join('\n');
  return keys(a) === keys(b);
};

export async function editPost(
  r: NewsletterRequest,
  postId: string,
  patch: Partial<NewsletterDraft>,
) {
  const { post, changed } = await r.deps.store.transaction(async (tx) => {
    const post = await ownPost(tx, r, postId);
    const draft = checked({
      kind: patch.kind ?? post.kind,
      title: patch.title ?? post.title,
      body: patch.body ?? post.body,
      audience: patch.audience ?? post.audience,
      patrols: patch.patrols ?? post.patrols,
    });
    if (
      post.status === 'sent' &&
      (draft.kind !== post.kind ||
        draft.audience !== post.audience ||
        (draft.audience === 'patrols' && !samePatrols(draft.patrols, post.patrols)))
    )
      throw new ApiError(
        'VALIDATION_ERROR',
        'A post that went out keeps its kind and who it is for: write a new one for others',
      );
    const same =
      draft.kind === post.kind &&
      draft.title.trim() === post.title &&
      draft.body === post.body &&
      draft.audience === post.audience &&
      samePatrols(draft.patrols, post.patrols);
    // Saving what is already there changes nothing, and marks no sent post edited.
    if (!same) await updatePost(tx, post, draft, r.deps.clock.now());
    return { post, changed: !same };
  });
  if (post.status === 'sent' && changed) await announced(r, post);
  return answer(r, post.id);
}

export async function removePost(r: NewsletterRequest, postId: string) {
  const post = await r.deps.store.transaction(async (tx) => {
    const post = await ownPost(tx, r, postId);
    await deletePost(tx, post.troopId, post.id);
    return post;
  });
  if (post.status === 'sent') await announced(r, post);
  return { postId: post.id };
}

/** When to send: `at`, or now; refused a minute in the past or past the furthest day. */
function sendTime(nowMs: number, at: string | undefined): number {
  if (at === undefined) return nowMs;
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) throw new ApiError('VALIDATION_ERROR', 'at must be an instant');
  if (ms < nowMs - PAST_GRACE_MS)
    throw new ApiError('VALIDATION_ERROR', 'The time to send it has passed: choose a later one');
  if (ms > nowMs + NEWSLETTER_SCHEDULE_MAX_DAYS * 86_400_000)
    throw new ApiError(
      'VALIDATION_ERROR',
      `A post is scheduled at most ${NEWSLETTER_SCHEDULE_MAX_DAYS} days ahead`,
    );
  return Math.max(ms, nowMs);
}

/** The post not yet sent, held for the transaction; 409 once it went out. */
async function unsentPost(tx: Queryable, r: NewsletterRequest, postId: string) {
  const post = await ownPost(tx, r, postId);
  if (post.status === 'sent') throw new ApiError('NEWSLETTER_ALREADY_SENT');
  return post;
}

export async function sendPost(r: NewsletterRequest, postId: string, at: string | undefined) {
  const now = r.deps.clock.now();
  const sendMs = sendTime(now, at);
  const sendAt = isoInstant(sendMs);
  await r.deps.store.transaction(async (tx) => {
    const post = await unsentPost(tx, r, postId);
    checked(post);
    await setSchedule(tx, post, sendAt, now);
    await enqueueJob(tx, now, {
      kind: NEWSLETTER_SEND_JOB,
      dedupeKey: sendJobKey(post.id, sendAt),
      troopId: post.troopId,
      runAt: sendMs,
      payload: { postId: post.id, sendAt },
    });
  });
  return answer(r, postId);
}

export async function unschedulePost(r: NewsletterRequest, postId: string) {
  await r.deps.store.transaction(async (tx) => {
    const post = await unsentPost(tx, r, postId);
    await setSchedule(tx, post, null, r.deps.clock.now());
  });
  return answer(r, postId);
}

/** Marks a post the caller reads as opened; a service key opens nothing. */
export async function readPost(r: NewsletterRequest, postId: string) {
  const { post } = await readablePost(r, postId);
  if (r.by !== null && post.status === 'sent')
    await markRead(r.deps.store, r.troop.id, post.id, r.by, r.deps.clock.now());
  return { read: true as const };
}
