import { EMAIL_LINK_MESSAGES } from './email-link-messages.ts';
import { failureMessage } from './failure-message.ts';

/**
 * The codes the server answers for an emailed link that cannot work any more: spent, expired,
 * or replaced by a newer one (docs/protocol.md, Sessions and tokens). "Try again" would be
 * wrong advice for these: the person needs a new link.
 */
const UNUSABLE_LINK_CODES = new Set(['VERIFICATION_FAILED', 'MAGIC_LINK_EXPIRED', 'TOKEN_EXPIRED']);

export interface LinkFailure {
  message: string;
  /** The link itself is spent or expired: offer to send a new one. */
  unusable: boolean;
}

export function linkFailure(err: unknown, fallback: string): LinkFailure {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : null;
  if (typeof code === 'string' && UNUSABLE_LINK_CODES.has(code))
    return { message: EMAIL_LINK_MESSAGES.linkUnusable, unusable: true };
  return { message: failureMessage(err, fallback), unusable: false };
}

/** Why an emailed link opened by someone signed out did not work, and which kind of link it was. */
export interface OpenedLinkFailure extends LinkFailure {
  link: 'magic' | 'verify';
}
