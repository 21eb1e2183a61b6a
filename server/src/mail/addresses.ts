/**
 * Mail addresses we are willing to put on a message. Stricter than the sign-up check: only the
 * characters an ordinary mailbox uses, so nothing in an address can be read by a mail server as
 * a second address, a comment or a header.
 */
import { EMAIL_MAX_LENGTH } from '@scout/protocol/limits';
import { headerText, type MailAddress } from './mailer.ts';

const LOCAL_PART = String.raw`[\p{L}\p{N}!#$%&'*+/=?^_\x60{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_\x60{|}~-]+)*`;
const DOMAIN = String.raw`(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,63}`;
const ADDRESS = new RegExp(`^${LOCAL_PART}@${DOMAIN}$`, 'u');
/** `Name <address>`, the name optionally in double quotes. */
const NAMED = /^\s*"?([^"<>]*?)"?\s*<([^<>]*)>\s*$/u;

export function isMailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && ADDRESS.test(value);
}

/** `a@x.org` or `Name <a@x.org>`; anything else (two addresses, stray brackets) is undefined. */
export function parseMailbox(raw: string): MailAddress | undefined {
  const named = NAMED.exec(raw);
  const address = (named ? named[2] : raw)?.trim() ?? '';
  if (!isMailAddress(address)) return undefined;
  const name = named?.[1] ? headerText(named[1]) : '';
  return name ? { address, name } : { address };
}

/**
 * An address as a log line may show it: the first character of the mailbox and the domain
 * (`p***@troop12.org`), enough for an operator to tell messages apart, not to collect addresses.
 */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${Array.from(address)[0]}***${address.slice(at)}`;
}
