/**
 * Every table of the server, from the capability that owns it: the one list the Data API reads
 * (rest/table-definition.ts). Adding a table is its capability's `tables.ts` and a migration
 * (store/migrations/), then a line here (docs/architecture.md, "Adding a capability").
 */
import { adminTables } from './admin/tables.ts';
import { aiTables } from './ai/tables.ts';
import { analyticsTables } from './analytics/tables.ts';
import { authTables } from './auth/tables.ts';
import { calendarTables } from './calendar/tables.ts';
import { householdsTables } from './households/tables.ts';
import { jobsTables } from './jobs/tables.ts';
import { mailTables } from './mail/tables.ts';
import { membersTables } from './members/tables.ts';
import { newsletterTables } from './newsletter/tables.ts';
import { noticesTables } from './notices/tables.ts';
import { notificationsTables } from './notifications/tables.ts';
import { realtimeTables } from './realtime/tables.ts';
import { dataApiTables } from './rest/dynamic-tables.ts';
import { tableDefinitions } from './rest/table-definition.ts';
import { rsvpsTables } from './rsvps/tables.ts';
import { socialTables } from './social/tables.ts';
import { storageTables } from './storage/tables.ts';
import { storeTables } from './store/tables.ts';
import { troopsTables } from './troops/tables.ts';
import { volunteerTables } from './volunteer/tables.ts';

export const TABLES = tableDefinitions([
  authTables,
  troopsTables,
  calendarTables,
  householdsTables,
  rsvpsTables,
  volunteerTables,
  newsletterTables,
  socialTables,
  membersTables,
  noticesTables,
  notificationsTables,
  storageTables,
  aiTables,
  analyticsTables,
  adminTables,
  mailTables,
  jobsTables,
  realtimeTables,
  storeTables,
  dataApiTables,
]);
