import type { Migration } from '../migrate.ts';
import { accounts } from './001-accounts.ts';
import { authSessions } from './002-auth-sessions.ts';
import { dataTables } from './003-data-tables.ts';
import { serviceKeys } from './004-service-keys.ts';
import { storage } from './005-storage.ts';
import { calendarFeeds } from './006-calendar-feeds.ts';
import { signInAddresses } from './007-sign-in-addresses.ts';
import { identities } from './010-identities.ts';
import { calendarOrderIndex } from './014-calendar-order-index.ts';
import { setupLinks } from './015-setup-links.ts';
import { membership } from './016-membership.ts';
import { signInInvitations } from './017-sign-in-invitations.ts';
import { aiUsage } from './021-ai-usage.ts';
import { analytics } from './020-analytics.ts';
import { calendarEventDetails } from './025-calendar-event-details.ts';
import { families } from './030-families.ts';
import { eventNotices } from './031-event-notices.ts';
import { eventNoticeOutbox } from './032-event-notice-outbox.ts';
import { eventRemovalNotice } from './033-event-removal-notice.ts';
import { appSignInCodes } from './034-app-sign-in-codes.ts';
import { realtimeHistory } from './035-realtime-history.ts';
import { rsvpNudges } from './036-rsvp-nudges.ts';
import { noticeBatches } from './037-notice-batches.ts';
import { eventNotify } from './038-event-notify.ts';
import { digestChangedAt } from './039-digest-changed-at.ts';
import { signInHouseholdLinks } from './040-sign-in-household-links.ts';
import { troops } from './041-troops.ts';
import { troopCalendarJobs } from './042-troop-calendar-jobs.ts';
import { calendarUntroopedIndexes } from './043-calendar-untrooped-indexes.ts';
import { troopAnswerKeys } from './044-troop-answer-keys.ts';
import { invitationTerms } from './045-invitation-terms.ts';
import { troopRegistration } from './046-troop-registration.ts';
import { troopHourlyCounts } from './047-troop-hourly-counts.ts';
import { oneWaitingTroopPerNumber } from './049-one-waiting-troop-per-number.ts';
import { volunteerSheets } from './050-volunteer-sheets.ts';
import { volunteerNudges } from './051-volunteer-nudges.ts';
import { newsletterPosts } from './052-newsletter-posts.ts';
import { newsletterSettings } from './053-newsletter-settings.ts';
import { social } from './054-social.ts';

/** Every migration, in version order. A new one gets the next number and a line here. */
export const migrations: readonly Migration[] = [
  accounts,
  authSessions,
  dataTables,
  serviceKeys,
  storage,
  calendarFeeds,
  signInAddresses,
  identities,
  calendarOrderIndex,
  setupLinks,
  membership,
  signInInvitations,
  analytics,
  aiUsage,
  calendarEventDetails,
  families,
  eventNotices,
  eventNoticeOutbox,
  eventRemovalNotice,
  appSignInCodes,
  realtimeHistory,
  rsvpNudges,
  noticeBatches,
  eventNotify,
  digestChangedAt,
  signInHouseholdLinks,
  troops,
  troopCalendarJobs,
  calendarUntroopedIndexes,
  troopAnswerKeys,
  invitationTerms,
  troopRegistration,
  troopHourlyCounts,
  oneWaitingTroopPerNumber,
  volunteerSheets,
  volunteerNudges,
  newsletterPosts,
  newsletterSettings,
  social,
];
