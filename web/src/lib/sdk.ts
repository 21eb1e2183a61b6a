import { createCoreClient } from '@scout/sdk/client';
import { metaContentFrom, readClientConfig } from './client-config.ts';

const config = readClientConfig(metaContentFrom(document));
const { projectId, allowedParentOrigins } = config;

/** Whom a member waiting for approval should contact, as the server was configured. */
export const troopContact = config.troopContact;

/** The troop's time zone, as the server was configured. */
export const troopTimeZone = config.timeZone;

/**
 * The app's one client: every screen and hook talks to the server through it. The address never
 * changes between screens, so the app reports its screens as pageviews itself (lib/screen-pageviews.ts).
 * The app calls neither the AI nor the web-data gateway, so their modules stay out of its bundle.
 */
export const scout = createCoreClient({
  projectId,
  authRequired: false,
  allowedParentOrigins,
  analyticsPageviews: false,
});
