/**
 * What the editor says beside each field: the server's own words (protocol/src/newsletter.ts,
 * newsletterDraftProblem), found field by field so that every field's problem shows at once.
 */
import {
  ANNOUNCEMENT_BODY_MAX_CHARS,
  NEWSLETTER_BODY_MAX_CHARS,
  newsletterDraftProblem,
  type NewsletterDraft,
} from '@scout/protocol/newsletter';

export type DraftField = 'title' | 'body' | 'patrols';
export type DraftProblems = Partial<Record<DraftField, string>>;

/** Each field's problem: the rule run with the other fields standing in as fine. */
export function draftProblems(draft: NewsletterDraft): DraftProblems {
  const fine: NewsletterDraft = { ...draft, title: 'T', body: 'B', audience: 'troop', patrols: [] };
  const title = newsletterDraftProblem({ ...fine, title: draft.title });
  const body = newsletterDraftProblem({ ...fine, body: draft.body });
  const patrols = newsletterDraftProblem({
    ...fine,
    audience: draft.audience,
    patrols: draft.patrols,
  });
  return {
    ...(title ? { title } : {}),
    ...(body ? { body } : {}),
    ...(patrols ? { patrols } : {}),
  };
}

/** The field to focus first when the writer must fix something. */
export const firstProblem = (p: DraftProblems): DraftField | undefined =>
  (['title', 'patrols', 'body'] as const).find((f) => p[f]);

/**
 * The body's counter, "1,234 / 2,000": always for an announcement, whose limit is short; for a
 * newsletter only near its limit. `over` when past it.
 */
export function bodyCounter(
  draft: Pick<NewsletterDraft, 'kind' | 'body'>,
): { text: string; over: boolean } | null {
  const max =
    draft.kind === 'announcement' ? ANNOUNCEMENT_BODY_MAX_CHARS : NEWSLETTER_BODY_MAX_CHARS;
  const used = draft.body.length;
  if (draft.kind !== 'announcement' && used < max * 0.9) return null;
  const n = (x: number) => x.toLocaleString('en-US');
  return { text: `${n(used)} / ${n(max)} characters`, over: used > max };
}
