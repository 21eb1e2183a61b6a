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
];
