/**
 * Rate limits of the mailed flows. Mails are counted per email address whether or not it has an
 * account, so a refusal tells nothing about which addresses do; the per-client cap stops one
 * client from mailing a long list of strangers once each.
 */
import type { AppDeps } from '../deps.ts';
import { hitRateLimit, type RateLimitRule } from './rate-limits.ts';
import type { LinkPurpose } from './links.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RECOVERY_RATE_LIMITS = {
  mailPerEmailMinute: { limit: 1, windowMs: MINUTE },
  mailPerEmailHour: { limit: 5, windowMs: HOUR },
  mailPerAddressHour: { limit: 30, windowMs: HOUR, perAddress: true },
  /** Redeeming links: tokens cannot be guessed, but each try costs a look-up (and a hash for resets). */
  redeemPerAddress: { limit: 30, windowMs: MINUTE, perAddress: true },
  /** The old password is checked with argon2: as costly, and as guessable, as a sign-in. */
  passwordChangePerUser: { limit: 10, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;

type LimiterDeps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

/**
 * Counts one mail of `purpose` to `key` (an email address or a user id). The minute window is
 * checked first, so pressing "send again" within a minute does not use up the hour's mails.
 */
export async function hitLinkMailLimit(
  deps: LimiterDeps,
  purpose: LinkPurpose,
  key: string,
  clientAddress?: string,
): Promise<void> {
  if (clientAddress !== undefined) {
    await hitRateLimit(
      deps,
      `auth:link-mail:addr:${clientAddress}`,
      RECOVERY_RATE_LIMITS.mailPerAddressHour,
    );
  }
  await hitRateLimit(
    deps,
    `auth:link-mail:${purpose}:minute:${key}`,
    RECOVERY_RATE_LIMITS.mailPerEmailMinute,
  );
  await hitRateLimit(
    deps,
    `auth:link-mail:${purpose}:hour:${key}`,
    RECOVERY_RATE_LIMITS.mailPerEmailHour,
  );
}

export const hitRedeemLimit = (deps: LimiterDeps, clientAddress: string) =>
  hitRateLimit(
    deps,
    `auth:link-redeem:addr:${clientAddress}`,
    RECOVERY_RATE_LIMITS.redeemPerAddress,
  );
