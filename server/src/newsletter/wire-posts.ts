/**
 * Posts as the caller sees them (protocol/src/newsletter.ts): the summary with its excerpt,
 * where it came from and whether the caller has opened it; a writer's reach; and an opened
 * post's parts, rendered for the app (render.ts) and cut at its event cards. A reader who does not write gets no Markdown
 * and no reach.
 */
import type { WireNewsletterPost, WireNewsletterSummary } from '@scout/protocol/newsletter';
import { storageContextOf } from '../storage/storage-context.ts';
import type { Troop } from '../store/tenancy.ts';
import type { NewsletterReader } from './audience.ts';
import { splitAtCards } from './mail-message.ts';
import { signPostImages } from './post-images.ts';
import { placeOf } from './preview.ts';
import { reachOf, readPostIds } from './read-marks.ts';
import { loadRenderer } from './render-loader.ts';
import type { NewsletterRequest } from './request-context.ts';
import type { StoredPost } from './stored-posts.ts';

const EXCERPT_CHARS = 200;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.slice(0, EXCERPT_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_CHARS / 2)).trimEnd()}…`;
}

const unitName = (unit: Troop) =>
  unit.name ?? (unit.number ? `Troop ${unit.number}` : unit.projectId);

async function unitOf(r: NewsletterRequest, troopId: string): Promise<Troop> {
  if (troopId === r.troop.id) return r.troop;
  return (await r.deps.troops.byId(troopId)) ?? r.troop;
}

/** Markdown read for an excerpt: enough for its words even under a heading and an image. */
const EXCERPT_SOURCE_CHARS = 4_000;

/** The posts' summaries for this reader, in the order given. */
export async function wireSummaries(
  r: NewsletterRequest,
  reader: NewsletterReader,
  posts: StoredPost[],
): Promise<WireNewsletterSummary[]> {
  const { store } = r.deps;
  const opened = r.by
    ? await readPostIds(
        store,
        r.by,
        posts.map((p) => p.id),
      )
    : new Set<string>();
  const reach = reader.writer ? await reachOf(store, r.troop.id, posts) : null;
  const { renderPost } = await loadRenderer();
  const out: WireNewsletterSummary[] = [];
  for (const post of posts) {
    const unit = await unitOf(r, post.troopId);
    // The excerpt is the text's first words: its start is all a page of long posts renders.
    const rendered = renderPost(post.body.slice(0, EXCERPT_SOURCE_CHARS), placeOf(r.deps, unit));
    const postReach = reach?.get(post.id);
    out.push({
      id: post.id,
      kind: post.kind,
      title: post.title,
      excerpt: excerptOf(rendered.text),
      audience: post.audience,
      patrols: post.patrols,
      status: post.status,
      sentAt: post.sentAt,
      sendAt: post.status === 'scheduled' ? post.sendAt : null,
      editedAt: post.editedAt,
      authorName: post.authorName,
      from: { projectId: unit.projectId, name: unitName(unit), council: unit.kind === 'council' },
      read:
        r.by === null || post.status !== 'sent' || post.authorId === r.by || opened.has(post.id),
      ...(postReach ? { reach: postReach } : {}),
    });
  }
  return out;
}

/** One post opened: its summary, its Markdown for writers, its parts for the app. */
export async function wirePost(
  r: NewsletterRequest,
  reader: NewsletterReader,
  post: StoredPost,
): Promise<WireNewsletterPost> {
  const [summary] = await wireSummaries(r, reader, [post]);
  const unit = await unitOf(r, post.troopId);
  const rendered = (await loadRenderer()).renderPost(post.body, placeOf(r.deps, unit));
  return {
    ...summary!,
    body: reader.writer ? post.body : '',
    // Cut as the editor's preview cuts it (preview.ts), so the post reads as it was previewed;
    // its images, in its unit's storage, signed for this reader's hour (post-images.ts).
    parts: signPostImages(
      splitAtCards(rendered.appHtml, rendered.events),
      storageContextOf(r.deps, unit),
    ),
  };
}
