/**
 * The small pages behind an answer link (docs/decisions/063-answers-from-mail.md): "Sam is going
 * to X?" with one button (the GET, which never records anything: mail scanners open every link),
 * the confirmation after the POST, and a page saying why a link cannot be used. No script, every
 * text of the troop escaped, readable on a phone.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { RSVP_ANSWER_LABELS, type RsvpAnswer } from '@scout/protocol/rsvps';
import { escapeHtml } from '../mail/templates.ts';

function answerPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(PRODUCT_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1f2937;overflow-wrap:anywhere}
button{font:inherit;min-height:2.75rem;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Who, which event and when, as the pages name them. */
export interface AnswerPageEvent {
  person: string;
  event: string;
  when: string;
  /** The event's address in the app. */
  eventUrl: string;
}

const eventLink = (e: AnswerPageEvent) =>
  `<p><a href="${escapeHtml(e.eventUrl)}">Open ${escapeHtml(e.event)} in ${escapeHtml(PRODUCT_NAME)}</a></p>`;

/** `action` is the request's own path and query (the token), posted back unchanged. */
export function answerConfirmPage(e: AnswerPageEvent, answer: RsvpAnswer, action: string): string {
  const label = RSVP_ANSWER_LABELS[answer];
  return answerPage(
    `Answer for ${e.person}`,
    `<p><strong>${escapeHtml(e.event)}</strong><br>${escapeHtml(e.when)}</p>
<p>Save the answer <strong>${escapeHtml(label)}</strong> for ${escapeHtml(e.person)}?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Save: ${escapeHtml(label)}</button></form>
${eventLink(e)}`,
  );
}

export function answerSavedPage(
  e: AnswerPageEvent,
  answer: RsvpAnswer,
  waitlisted: boolean,
): string {
  const label = RSVP_ANSWER_LABELS[answer];
  const line = waitlisted
    ? `${e.person} is on the waitlist: the event is full, and a place goes to the first in line when one comes free.`
    : `Saved: ${e.person}, ${label}.`;
  return answerPage(
    'Answer saved',
    `<p>${escapeHtml(line)}</p>
<p><strong>${escapeHtml(e.event)}</strong><br>${escapeHtml(e.when)}</p>
<p>To change it, use another answer link in the same mail, or answer in the app.</p>
${eventLink(e)}`,
  );
}

export function answerRefusedPage(message: string, appUrl: string): string {
  return answerPage(
    'This link cannot be used',
    `<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(appUrl)}">Open ${escapeHtml(PRODUCT_NAME)}</a></p>`,
  );
}
