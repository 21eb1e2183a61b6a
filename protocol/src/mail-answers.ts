/**
 * The words of answer links in event mails (docs/decisions/063-answers-from-mail.md): what the
 * mail says above them and what the small pages behind them say when a link cannot be used.
 */

/** Above the links, in the mail's text and HTML. */
export const MAIL_ANSWER_PROMPT = 'Who is coming? Answer with one click (no sign-in needed):';

export const MAIL_ANSWER_MESSAGES = {
  invalid: 'This answer link is not valid. Open the event in the app to answer.',
  expired: 'This answer link has expired: the event is over.',
  gone: 'This event is no longer on the troop calendar.',
  cancelled: 'This event is cancelled: nobody needs to answer.',
} as const;
