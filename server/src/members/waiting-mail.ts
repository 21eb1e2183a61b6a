/**
 * The words of the mail that tells those who may let people in (members.approve) that someone
 * new waits for approval. Pure, like the product's other mails (mail/templates.ts): a subject,
 * a plain-text part and an HTML part. What the newcomer typed (their name, their troop role) is
 * HTML-escaped, tamed of control characters and kept out of the subject.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { escapeHtml, type RenderedMail } from '../mail/templates.ts';

export interface WaitingMailInput {
  /** The approver's name, for the greeting, if they gave one. */
  approverName: string | null;
  /** The waiting person's name, if they gave one, and their address. */
  name: string | null;
  email: string;
  /** What they said they are in the troop (Parent, Scout...), if anything. */
  troopRole: string | null;
  /** The Members screen, where they are approved or refused. */
  membersUrl: string;
}

// eslint-disable-next-line no-control-regex -- a name never needs control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;
const tame = (value: string | null): string =>
  (value ?? '').replace(CONTROL_CHARACTERS, ' ').trim().slice(0, 100);

export function waitingMail(input: WaitingMailInput): RenderedMail {
  const approver = tame(input.approverName);
  const name = tame(input.name);
  const role = tame(input.troopRole);
  const who = name ? `${name} (${input.email})` : input.email;
  const subject = `Someone is waiting to join your troop on ${PRODUCT_NAME}`;
  const greeting = approver ? `Hi ${approver},` : 'Hello,';
  const intro = `${who} signed up${role ? ` as ${role}` : ''} and is waiting for a leader to let them in.`;
  const action = 'Approve or refuse on the Members screen';
  const outro = 'Until then they see only their own profile.';
  const text = [
    greeting,
    '',
    intro,
    '',
    `${action}:`,
    input.membersUrl,
    '',
    outro,
    '',
    `-- ${PRODUCT_NAME}`,
    '',
  ].join('\n');
  const href = escapeHtml(input.membersUrl);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f5f5f0;font-family:Arial,Helvetica,sans-serif;color:#1f2a1f">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;box-sizing:border-box">
<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${href}" style="display:inline-block;background:#2f5d2f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px">${escapeHtml(outro)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
