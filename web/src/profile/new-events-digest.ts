/**
 * The choice of how new events arrive (docs/decisions/064-notice-batches.md), as the profile's
 * select shows it: one label per choice, read back to the choice the server stores.
 */
import {
  NEW_EVENTS_DIGEST_LABELS,
  NEW_EVENTS_DIGESTS,
  type NewEventsDigest,
} from '@scout/protocol/notification-settings';

export const DIGEST_OPTIONS: readonly string[] = NEW_EVENTS_DIGESTS.map(
  (d) => NEW_EVENTS_DIGEST_LABELS[d],
);

/** The label of a stored choice; a server that sends none means the default, at once. */
export const digestLabel = (digest: NewEventsDigest | undefined): string =>
  NEW_EVENTS_DIGEST_LABELS[digest ?? 'immediate'];

/** The choice a label names; anything else is the default. */
export const digestOfLabel = (label: string): NewEventsDigest =>
  NEW_EVENTS_DIGESTS.find((d) => NEW_EVENTS_DIGEST_LABELS[d] === label) ?? 'immediate';
