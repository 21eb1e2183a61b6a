/**
 * The words of event notices: a new event, a change or cancellation, a removal, a reminder. Each message
 * is a subject and a few lines, rendered to text and HTML with the unsubscribe link for its kind
 * in the body and in the List-Unsubscribe headers (RFC 8058). Event names and places are the
 * troop's text: escaped in HTML, kept to one line in the subject.
 */
import { formatClockTime } from '@scout/protocol/clock-time';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { MAIL_ANSWER_PROMPT } from '@scout/protocol/mail-answers';
import {
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
} from '@scout/protocol/notification-settings';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { EventState } from './event-state.ts';

/** What a notice says, stored in its job so the mail reads the same whenever it goes out. */
export interface NoticeContent {
  subject: string;
  lines: string[];
}

const WEEKDAY_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Saturday, June 13, 2026 at 9:00 AM" (the troop's wall clock, as the app says it), or "... (all day)". */
export function describeWhen(s: Pick<EventState, 'date' | 'time' | 'allDay'>): string {
  const day = describeDay(s.date);
  return s.allDay || !s.time ? `${day} (all day)` : `${day} at ${formatClockTime(s.time)}`;
}

/** "Saturday, June 13, 2026". */
export function describeDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return y && m && d ? WEEKDAY_DATE.format(new Date(Date.UTC(y, m - 1, d))) : date || 'no date';
}

const place = (s: EventState) => s.location?.trim() || 'no place given';
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 120);

export function newEventNotice(s: EventState): NoticeContent {
  return {
    subject: `New event: ${oneLine(s.name)}`,
    lines: [
      `${s.name} is on the troop calendar.`,
      `When: ${describeWhen(s)}`,
      `Where: ${place(s)}`,
    ],
  };
}

/** One notice for every change since families were last told, or null when nothing they see changed. */
export function changeNotice(before: EventState, after: EventState): NoticeContent | null {
  const lines: string[] = [];
  const cancelled = after.status === 'cancelled' && before.status !== 'cancelled';
  const restored = before.status === 'cancelled' && after.status !== 'cancelled';
  if (cancelled) {
    lines.push(`${after.name} on ${describeWhen(before)} is cancelled.`);
    if (after.cancelReason) lines.push(`Reason: ${after.cancelReason}`);
    return { subject: `Cancelled: ${oneLine(after.name)}`, lines };
  }
  if (restored) lines.push(`${after.name} is on again.`);
  if (before.name !== after.name) lines.push(`Name: was ${before.name}, now ${after.name}`);
  const whenBefore = describeWhen(before);
  const whenAfter = describeWhen(after);
  if (
    whenBefore !== whenAfter ||
    before.endDate !== after.endDate ||
    before.endTime !== after.endTime
  )
    lines.push(`When: was ${whenBefore}, now ${whenAfter}`);
  if (place(before) !== place(after))
    lines.push(`Where: was ${place(before)}, now ${place(after)}`);
  if (lines.length === 0) return null;
  if (!restored) lines.unshift(`${after.name} has changed.`);
  return { subject: `Changed: ${oneLine(after.name)}`, lines };
}

/** What a removal took: one event or meeting, a whole series, or a series' meetings from a date on. */
export type Removal = { what: 'one' } | { what: 'series' } | { what: 'following'; from: string };

/** An event taken off the calendar, or the meetings of a series that were. */
export function removedNotice(s: EventState, removal: Removal): NoticeContent {
  const subject = `Removed: ${oneLine(s.name)}`;
  if (removal.what === 'series')
    return {
      subject,
      lines: [
        `${s.name} has been removed from the troop calendar, with every meeting still to come.`,
      ],
    };
  if (removal.what === 'following')
    return {
      subject,
      lines: [
        `${s.name}: every meeting from ${describeDay(removal.from)} on has been removed from the troop calendar.`,
        'Meetings before that date are unchanged.',
      ],
    };
  return {
    subject,
    lines: [
      `${s.name} on ${describeWhen(s)} has been removed from the troop calendar.`,
      `Where: ${place(s)}`,
    ],
  };
}

export function reminderNotice(s: EventState, answered: boolean): NoticeContent {
  return {
    subject: `Reminder: ${oneLine(s.name)}, ${describeWhen(s)}`,
    lines: [
      `${s.name} is coming up.`,
      `When: ${describeWhen(s)}`,
      `Where: ${place(s)}`,
      answered
        ? 'Your household said it is coming.'
        : 'Your household has not answered yet: let the leaders know who is coming.',
    ],
  };
}

/** One person's answer links (rsvps/mail-answer-links.ts): "Sam Able: Going, Maybe, Not going". */
export interface PersonLinks {
  name: string;
  links: ReadonlyArray<{ label: string; url: string }>;
}

export interface RenderInput {
  to: { address: string; name?: string };
  kind: NotificationKind;
  content: NoticeContent;
  appUrl: string;
  unsubscribeUrl: string;
  /** Per person the recipient answers for; none when the event takes no answers. */
  answers?: readonly PersonLinks[];
}

function answerText(answers: readonly PersonLinks[]): string[] {
  if (answers.length === 0) return [];
  const people = answers.flatMap((p) => [
    '',
    p.name,
    ...p.links.map((l) => `  ${l.label}: ${l.url}`),
  ]);
  return ['', MAIL_ANSWER_PROMPT, ...people];
}

function answerHtml(answers: readonly PersonLinks[]): string {
  if (answers.length === 0) return '';
  const people = answers.map(
    (p) =>
      `<p><strong>${escapeHtml(p.name)}</strong>: ${p.links
        .map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>`)
        .join(' &middot; ')}</p>`,
  );
  return `\n<p>${escapeHtml(MAIL_ANSWER_PROMPT)}</p>\n${people.join('\n')}`;
}

/** A line's web addresses as links (a digest's events each open in their own troop). */
const linked = (html: string) =>
  html.replace(/https?:\/\/(?:(?!&#39;|&quot;)[^\s<>"])+/g, (url) => `<a href="${url}">${url}</a>`);

export function renderNotice(input: RenderInput): MailMessage {
  const { content, kind, appUrl, unsubscribeUrl, answers = [] } = input;
  const what = NOTIFICATION_KIND_LABELS[kind].toLowerCase();
  const footer = `You get this because emails about ${what} are on in your ${PRODUCT_NAME} profile. Unsubscribe: ${unsubscribeUrl}`;
  const text = [
    ...content.lines,
    ...answerText(answers),
    '',
    `Open ${PRODUCT_NAME}: ${appUrl}`,
    '',
    '--',
    footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
${content.lines.map((l) => `<p>${linked(escapeHtml(l))}</p>`).join('\n')}${answerHtml(answers)}
<p><a href="${escapeHtml(appUrl)}">Open ${escapeHtml(PRODUCT_NAME)}</a></p>
<hr><p style="font-size:0.85em;color:#555">You get this because emails about ${escapeHtml(what)} are on in your ${escapeHtml(PRODUCT_NAME)} profile.
<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return {
    to: [input.to],
    subject: content.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
