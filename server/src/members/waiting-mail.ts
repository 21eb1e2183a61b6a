/**
 * The words of the mail that tells those who may let people in (members.approve) that someone
 * new waits for approval, in the layout of the product's other mails (mail/templates.ts). What
 * the newcomer typed (their name, their troop role) is tamed and HTML-escaped there, and kept
 * out of the subject.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { greetingName, render, type RenderedMail } from '../mail/templates.ts';

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

export function waitingMail(input: WaitingMailInput): RenderedMail {
  const name = greetingName(input.name);
  const role = greetingName(input.troopRole);
  const who = name ? `${name} (${input.email})` : input.email;
  return render(
    { link: input.membersUrl, displayName: input.approverName },
    {
      subject: `Someone is waiting to join your troop on ${PRODUCT_NAME}`,
      intro: `${who} signed up${role ? ` as ${role}` : ''} and is waiting for a leader to let them in.`,
      action: 'Approve or refuse on the Members screen',
      outro: 'Until then they see only their own profile.',
    },
  );
}
