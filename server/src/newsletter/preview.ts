/**
 * A draft as the writer's editor previews it: the app's HTML cut at its event cards, and the
 * whole mail as a recipient gets it (mail-message.ts), with the cards' events read as they stand
 * and no one's answer links (a preview signs no tokens). The mail job builds each recipient's
 * mail from the same pieces, so the preview is what goes out.
 */
import { eventPath, type EventAddress } from '@scout/protocol/app-paths';
import type { NewsletterKind } from '@scout/protocol/newsletter';
import { unitsOf } from '../calendar/calendar-units.ts';
import type { ReadyDeps } from '../deps.ts';
import { parseMailbox } from '../mail/addresses.ts';
import type { MailAddress } from '../mail/mailer.ts';
import { currentOccurrence } from '../notices/event-state.ts';
import type { PersonLinks } from '../notices/messages.ts';
import { storageContextOf } from '../storage/storage-context.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { mailAddress } from './allow-list.ts';
import {
  newsletterMail,
  newsletterSubject,
  splitAtCards,
  type MailCard,
  type PostPart,
} from './mail-message.ts';
import { signPostImages } from './post-images.ts';
import type { RenderPlace } from './render.ts';
import { loadRenderer } from './render-loader.ts';

export interface PostPreview {
  parts: PostPart[];
  mailHtml: string;
  text: string;
  subject: string;
}

/** Where a post is rendered for `troop`: its storage, its addresses. */
export const placeOf = (
  deps: Pick<ReadyDeps, 'config'>,
  troop: Pick<Troop, 'projectId'>,
): RenderPlace => ({
  projectId: troop.projectId,
  homeProjectId: deps.config.projectId,
  publicUrl: deps.config.publicUrl,
});

/** The sender's address (MAIL_FROM's); the mail's display name is the troop's. */
export function senderOf(deps: Pick<ReadyDeps, 'config'>): MailAddress {
  return (
    parseMailbox(deps.config.mailFrom) ?? {
      address: `no-reply@${new URL(deps.config.publicUrl).hostname}`,
    }
  );
}

/**
 * The cards' events as `troop` reads them (its own and its council's), each with the answer
 * links `answersOf` gives (none for a preview).
 */
export async function mailCards(
  db: Queryable,
  troop: Pick<Troop, 'id' | 'councilId'>,
  place: RenderPlace,
  events: readonly EventAddress[],
  answersOf: (event: EventAddress) => Promise<readonly PersonLinks[]> = async () => [],
): Promise<MailCard[]> {
  const cards: MailCard[] = [];
  for (const event of events) {
    const state = await currentOccurrence(db, unitsOf(troop), event.id, event.date ?? '');
    cards.push({
      event,
      state,
      url: mailAddress(eventPath(event.id, event.date), place),
      answers: state ? await answersOf(event) : [],
    });
  }
  return cards;
}

export async function previewPost(
  deps: ReadyDeps,
  troop: Troop,
  draft: { kind: NewsletterKind; title: string; body: string },
): Promise<PostPreview> {
  const place = placeOf(deps, troop);
  const rendered = (await loadRenderer()).renderPost(draft.body, place);
  const cards = await mailCards(deps.store, troop, place, rendered.events);
  // The writer's browser shows both versions: the images signed, as a reader's are in the app
  // (the mail itself carries them inline, mail-job.ts).
  const images = storageContextOf(deps, troop);
  const mail = newsletterMail({
    to: { address: 'member@example.org' },
    from: senderOf(deps),
    troopName: troop.name,
    kind: draft.kind,
    title: draft.title,
    mailHtml: signPostImages(rendered.mailHtml, images),
    text: rendered.text,
    events: rendered.events,
    cards,
    readUrl: mailAddress('/newsletter', place),
    unsubscribeUrl: mailAddress('/profile', place),
  });
  return {
    parts: signPostImages(splitAtCards(rendered.appHtml, rendered.events), images),
    mailHtml: mail.html,
    text: mail.text,
    subject: newsletterSubject(draft.kind, draft.title),
  };
}
