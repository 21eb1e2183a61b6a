/** Calls to the newsletter's routes (src/newsletter/routes.ts), drafts, and a post sent. */
import type { LightMyRequestResponse } from 'fastify';
import type { NewsletterDraft } from '@scout/protocol/newsletter';
import type { TestApp } from './test-app.ts';

/** One call to /api/newsletter/{projectId}{path}; `auth` is an Authorization header. */
export const callNewsletter = (
  t: TestApp,
  auth: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  projectId = t.deps.config.projectId,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/newsletter/${projectId}${path}`,
    headers: auth ? { authorization: auth } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export const draftOf = (over: Partial<NewsletterDraft> = {}): NewsletterDraft => ({
  kind: 'newsletter',
  title: 'Spring camp',
  body: 'We leave **Friday** at six.\n\nBring a sleeping bag.',
  audience: 'troop',
  patrols: [],
  ...over,
});

/** A draft written by `auth` in the troop of `projectId`; answers its id. */
export async function writeDraft(
  t: TestApp,
  auth: string,
  draft: Partial<NewsletterDraft> = {},
  projectId?: string,
): Promise<string> {
  const res = await callNewsletter(t, auth, 'POST', '/posts', draftOf(draft), projectId);
  if (res.statusCode !== 200) throw new Error(`writing a draft: ${res.statusCode} ${res.body}`);
  return res.json().post.id as string;
}

/**
 * Marks the post sent now, as its `newsletter-send` job does when due, without the mail:
 * for tests of who reads what, which need a sent post and no recipients' mail.
 */
export async function markSent(t: TestApp, postId: string): Promise<void> {
  const now = new Date(t.clock.now()).toISOString();
  await t.deps.store.query(
    "UPDATE newsletter_posts SET status = 'sent', sent_at = ?, send_at = NULL WHERE id = ?",
    [now, postId],
  );
}

/** A draft written and marked sent; answers its id. */
export async function sentPost(
  t: TestApp,
  auth: string,
  draft: Partial<NewsletterDraft> = {},
  projectId?: string,
): Promise<string> {
  const id = await writeDraft(t, auth, draft, projectId);
  await markSent(t, id);
  t.clock.advance(1000);
  return id;
}
