/** How the app names and pictures a user (docs/product.md section 2, Dashboard). */
import { AVATAR_INITIALS_MAX } from './limits.ts';

interface Named {
  displayName?: string | null;
  email?: string | null;
}

const words = (s: string | null | undefined) => (s ?? '').trim().split(/\s+/).filter(Boolean);

/** First word of displayName, else the part of the email before the @, else 'User'. */
export function firstNameOf(user: Named | null | undefined): string {
  const first = words(user?.displayName)[0];
  if (first) return first;
  const local = (user?.email ?? '').split('@')[0]?.trim();
  return local ? local : 'User';
}

/** First letters of the display-name words, upper-cased, at most 2; else the email's first letter; else 'U'. */
export function initialsOf(user: Named | null | undefined): string {
  const w = words(user?.displayName);
  if (w.length > 0) {
    return w
      .slice(0, AVATAR_INITIALS_MAX)
      .map((x) => Array.from(x)[0] ?? '')
      .join('')
      .toUpperCase();
  }
  const e = (user?.email ?? '').trim();
  return e ? (Array.from(e)[0] ?? 'U').toUpperCase() : 'U';
}
