import { createCoreClient } from '@scout/sdk/client';
import { metaContentFrom, readClientConfig } from './client-config.ts';
import { chosenTroop, pageStorage } from './troop-choice.ts';

const config = readClientConfig(metaContentFrom(document));
const { allowedParentOrigins } = config;

/** The server's own troop, the one the page names; the tokens are kept under its project id. */
export const homeProjectId = config.projectId;

const chosen = chosenTroop(pageStorage(), homeProjectId);

/** The troop the app calls with: the one chosen in the troop switcher, else the server's own. */
export const projectId = chosen.projectId;

/** Whom a member waiting for approval should contact, as the server was configured. */
export const troopContact = config.troopContact;

/** The troop's time zone: the chosen troop's, else the server's own troop's as configured. */
export const troopTimeZone = chosen.timeZone ?? config.timeZone;

/**
 * The app's one client: every screen and hook talks to the server through it. The address never
 * changes between screens, so the app reports its screens as pageviews itself (lib/screen-pageviews.ts).
 * The app calls neither the AI nor the web-data gateway, so their modules stay out of its bundle.
 */
export const scout = createCoreClient({
  projectId,
  // One sign-in for every troop of the server: switching troops changes only the project id.
  tokenProjectId: homeProjectId,
  authRequired: false,
  allowedParentOrigins,
  analyticsPageviews: false,
});
