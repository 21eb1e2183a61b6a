/**
 * The choice of social mail (docs/decisions/090-social-feed.md): each post, a daily digest or
 * none, mentions coming whatever it is. As the profile's select shows it: one label per choice,
 * read back to the choice the server stores.
 */
import {
  SOCIAL_MAIL_CHOICES,
  SOCIAL_MAIL_DEFAULT,
  SOCIAL_MAIL_LABELS,
  type SocialMailChoice,
} from '@scout/protocol/social';

export const SOCIAL_MAIL_OPTIONS: readonly string[] = SOCIAL_MAIL_CHOICES.map(
  (c) => SOCIAL_MAIL_LABELS[c],
);

/** The label of a stored choice; a server that sends none means the default, the digest. */
export const socialMailLabel = (choice: SocialMailChoice | undefined): string =>
  SOCIAL_MAIL_LABELS[choice ?? SOCIAL_MAIL_DEFAULT];

/** The choice a label names; anything else is the default. */
export const socialMailOfLabel = (label: string): SocialMailChoice =>
  SOCIAL_MAIL_CHOICES.find((c) => SOCIAL_MAIL_LABELS[c] === label) ?? SOCIAL_MAIL_DEFAULT;
