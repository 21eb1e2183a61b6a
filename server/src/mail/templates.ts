/**
 * The words of every mail the product sends on its own (password reset, sign-in link, email
 * verification). Pure: each returns a subject and both parts, the plain-text one always, for
 * clients that show no HTML. User text (a display name) is HTML-escaped in the HTML part and
 * kept out of the subject. The link's own address, long and unbroken, wraps inside the card
 * rather than stretching it past a phone's screen.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface LinkMailInput {
  link: string;
  /** The recipient's display name, if they gave one. */
  displayName?: string | null;
  /** How long the link works; absent for a link that does not expire (a screen of the app). */
  expiresInSeconds?: number;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** "15 minutes", "1 hour", "24 hours". */
export function describeDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

// eslint-disable-next-line no-control-regex -- a name never needs control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** A name someone typed, tamed for a mail: no control characters, at most 100 characters. */
export function greetingName(displayName: string | null | undefined): string | undefined {
  const name = (displayName ?? '').replace(CONTROL_CHARACTERS, ' ').trim().slice(0, 100);
  return name || undefined;
}

export interface Layout {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

export function render(input: LinkMailInput, words: Layout): RenderedMail {
  const name = greetingName(input.displayName);
  const expiry =
    input.expiresInSeconds === undefined
      ? ''
      : `This link works once and expires in ${describeDuration(input.expiresInSeconds)}.`;
  const text = [
    name ? `Hi ${name},` : 'Hello,',
    '',
    words.intro,
    '',
    `${words.action}:`,
    input.link,
    '',
    ...(expiry ? [expiry] : []),
    words.outro,
    '',
    `-- ${PRODUCT_NAME}`,
    '',
  ].join('\n');
  const href = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(words.subject)}</title></head>
<body style="margin:0;padding:16px;background:#f5f5f0;font-family:Arial,Helvetica,sans-serif;color:#1f2a1f">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;box-sizing:border-box">
<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</p>
<p>${name ? `Hi ${escapeHtml(name)},` : 'Hello,'}</p>
<p>${escapeHtml(words.intro)}</p>
<p><a href="${href}" style="display:inline-block;background:#2f5d2f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(words.action)}</a></p>
<p style="font-size:13px;word-break:break-all;overflow-wrap:anywhere">If the button does not work, copy this address into your browser:<br><a href="${href}" style="word-break:break-all;overflow-wrap:anywhere">${href}</a></p>
<p style="font-size:13px">${expiry ? `${escapeHtml(expiry)} ` : ''}${escapeHtml(words.outro)}</p>
</div>
</body>
</html>
`;
  return { subject: words.subject, text, html };
}

export function passwordResetMail(input: LinkMailInput): RenderedMail {
  return render(input, {
    subject: `Reset your ${PRODUCT_NAME} password`,
    intro: `Someone asked to reset the password of your ${PRODUCT_NAME} account.`,
    action: 'Choose a new password',
    outro: 'If you did not ask for this, ignore this email: your password stays as it is.',
  });
}

export function magicLinkMail(input: LinkMailInput): RenderedMail {
  return render(input, {
    subject: `Your ${PRODUCT_NAME} sign-in link`,
    intro: `Use the link below to sign in to ${PRODUCT_NAME} without a password.`,
    action: 'Sign in',
    outro: 'If you did not ask for this, ignore this email: nobody can sign in without the link.',
  });
}

export function emailVerificationMail(input: LinkMailInput): RenderedMail {
  return render(input, {
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    intro: `Please confirm that this is your email address for ${PRODUCT_NAME}.`,
    action: 'Verify email address',
    outro: 'If you did not create an account, ignore this email.',
  });
}

/** An invitation to join, sent by a leader to one person (members/invitation-mail.ts). */
export function invitationMail(input: LinkMailInput & { inviter: string }): RenderedMail {
  const inviter = greetingName(input.inviter) ?? 'A leader of your troop';
  return render(input, {
    subject: `You are invited to join your troop on ${PRODUCT_NAME}`,
    intro: `${inviter} invited you to join the troop on ${PRODUCT_NAME}: the calendar, news and everything the troop shares.`,
    action: 'Join the troop',
    outro: 'If you were not expecting this, ignore this email.',
  });
}

/** An invitation into a household (households/invitation-mail.ts), sent by one of its adults. */
export function householdInvitationMail(
  input: LinkMailInput & { inviter: string; scoutName?: string | null },
): RenderedMail {
  const inviter = greetingName(input.inviter) ?? 'A member of your troop';
  const scout = greetingName(input.scoutName);
  return render(input, {
    subject: scout
      ? `Link your scout account on ${PRODUCT_NAME}`
      : `You are invited to join a family on ${PRODUCT_NAME}`,
    intro: scout
      ? `${inviter} invited you to link your account to the scout profile of ${scout}, so you can answer for yourself.`
      : `${inviter} invited you to join their household on ${PRODUCT_NAME}, to see and answer for its scouts.`,
    action: 'Accept the invitation',
    outro:
      'Sign in (or create an account) first. If you were not expecting this, ignore this email.',
  });
}
