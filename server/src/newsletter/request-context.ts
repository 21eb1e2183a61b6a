/**
 * What every newsletter handler starts from (routes.ts): the caller, the path's troop and the
 * units whose posts it reads (its own and its council's), whether the caller writes posts, and
 * the caller as a reader (audience.ts); and the steps the handlers share: whether the caller
 * reads a post, the post the caller reads (404 otherwise, never 403: a post the caller may not
 * read does not exist for them), the troop's own post a writer changes.
 */
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { FastifyRequest } from 'fastify';
import { unitsOf, type CalendarUnits } from '../calendar/calendar-units.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerCan } from '../http/caller.ts';
import { callerOf, troopOf, type SignedInCaller } from '../http/route-guards.ts';
import type { Troop } from '../store/tenancy.ts';
import type { Queryable } from '../store/store.ts';
import { mayRead, readerOf, type NewsletterReader } from './audience.ts';
import { findPost, type StoredPost } from './stored-posts.ts';

export interface NewsletterRequest {
  deps: ReadyDeps;
  caller: SignedInCaller;
  troop: Troop;
  units: CalendarUnits;
  /** The caller holds newsletter.write (a service key does). */
  writer: boolean;
  /** The account acting; null for a service key. */
  by: string | null;
}

export function newsletterRequest(deps: ReadyDeps, req: FastifyRequest): NewsletterRequest {
  const caller = callerOf(req);
  const troop = troopOf(req);
  return {
    deps,
    caller,
    troop,
    units: unitsOf(troop),
    writer: callerCan(deps, caller, PERMISSIONS.newsletterWrite),
    by: caller.kind === 'user' ? caller.userId : null,
  };
}

/** Reads nothing: a member the store no longer finds in the troop. */
const NOBODY = (userId: string): NewsletterReader => ({
  userId,
  email: '',
  displayName: null,
  writer: false,
  youth: false,
  patrols: [],
});

/**
 * The caller as the audience rule reads them in the path's troop: a service key reads
 * everything, a member as their membership, household and scout profile say.
 */
export async function callerReader(
  r: NewsletterRequest,
  db: Queryable = r.deps.store,
): Promise<NewsletterReader> {
  if (r.by === null)
    return { userId: '', email: '', displayName: null, writer: true, youth: false, patrols: [] };
  const reader = (await readerOf(db, r.deps.config.roles, r.troop.id, r.by)) ?? NOBODY(r.by);
  // The role the request was let in with decides, as it did for the route's guard.
  return { ...reader, writer: r.writer };
}

/**
 * Whether the reader reads the post in this troop: unsent posts are the writers' of their own
 * troop only (a council's drafts are its own writers'); sent ones as the audience rule says.
 */
export function readsPost(r: NewsletterRequest, reader: NewsletterReader, post: StoredPost) {
  if (post.status !== 'sent') return reader.writer && post.troopId === r.troop.id;
  return mayRead(reader, post);
}

const notFound = () => new ApiError('NOT_FOUND', 'Post not found');

/** The post of the troop or its council the caller reads; 404 otherwise, whatever the id. */
export async function readablePost(
  r: NewsletterRequest,
  postId: string,
): Promise<{ post: StoredPost; reader: NewsletterReader }> {
  const post = await findPost(r.deps.store, r.units, postId);
  const reader = await callerReader(r);
  if (!post || !readsPost(r, reader, post)) throw notFound();
  return { post, reader };
}

/** The troop's own post, held for the transaction; a council's or another troop's is 404. */
export async function ownPost(db: Queryable, r: NewsletterRequest, postId: string) {
  const post = await findPost(db, r.troop.id, postId, true);
  if (!post) throw notFound();
  return post;
}
