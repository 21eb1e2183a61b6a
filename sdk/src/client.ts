/**
 * `createClient` wires the capabilities to one HTTP client and one auth session. A capability
 * is a factory taking the ClientContext; adding one is one line in the returned object.
 */
import type { RolesConfig } from '@scout/protocol/permissions';
import { createAi, type AiClient } from './ai.ts';
import { AuthClient, type AuthMode } from './auth/auth-client.ts';
import { memoryStorage, type StorageLike } from './auth/token-store.ts';
import { browserWindow, windowStorage, type WindowLike } from './browser.ts';
import { createAnalytics, type AnalyticsClient } from './analytics.ts';
import { createCalendar, type CalendarClient } from './calendar.ts';
import { createData, type DataClient } from './data.ts';
import { createDb, type DbClient } from './db/db-client.ts';
import type { Row } from './db/query.ts';
import { createHouseholds, type HouseholdsClient } from './households.ts';
import { HttpClient, type FetchLike } from './http.ts';
import { createMembers, type MembersClient } from './members.ts';
import { createRsvps, type RsvpsClient } from './rsvps.ts';
import { createNotifications, type NotificationsClient } from './notifications.ts';
import { createStorage, type StorageClient } from './storage.ts';
import { createTroops, type TroopsClient } from './troops.ts';
import { createVolunteer, type VolunteerClient } from './volunteer.ts';
import { createNewsletter, type NewsletterClient } from './newsletter.ts';
import { createSocial, type SocialClient } from './social.ts';
import { createRealtimeClient, type RealtimeClient, type SocketFactory } from './realtime.ts';

export type { HttpClient } from './http.ts';

export interface ClientOptions {
  projectId: string;
  /**
   * Keep the tokens under this project id's key (`blink_tokens_<tokenProjectId>`) instead of
   * `projectId`'s. An app that switches between the troops of one server (a project id each)
   * gives every client the same one and keeps one sign-in. Default: `projectId`.
   */
  tokenProjectId?: string;
  /** Origin of the API; defaults to the page's own origin. */
  baseUrl?: string;
  /** Send visitors without a session to the hosted auth page (default false). */
  authRequired?: boolean;
  /** Sign-up and sign-in forms are allowed only in headless mode (the default). */
  mode?: AuthMode;
  fetch?: FetchLike;
  /** Where tokens live; defaults to window.localStorage, else memory. */
  storage?: StorageLike;
  /** Defaults to the global window when there is one. */
  window?: WindowLike;
  /** Parent-frame origins allowed to hand over tokens or sign this page out. */
  allowedParentOrigins?: readonly string[];
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number;
  /** The roles configuration for `auth.can`; absent, `auth.loadRoles()` reads the server's. */
  roles?: RolesConfig;
  /** The WebSocket class for realtime; defaults to the global one (Node 20 has none: pass `ws`'s). */
  WebSocket?: SocketFactory;
  /** Analytics pageviews at start and on history changes (default true); `false` for an app that reports its own screens. */
  analyticsPageviews?: boolean;
}

/** What every capability is built from. */
export interface ClientContext {
  projectId: string;
  baseUrl: string;
  http: HttpClient;
  auth: AuthClient;
  window: WindowLike | undefined;
}

/** Every module but the AI and web-data gateways (see `createCoreClient`). */
export interface CoreClient<S extends object = Record<string, Row>> {
  auth: AuthClient;
  db: DbClient<S>;
  storage: StorageClient;
  calendar: CalendarClient;
  households: HouseholdsClient;
  notifications: NotificationsClient;
  members: MembersClient;
  /** Answers to events: who is coming, the waitlist, the leaders' CSV. */
  rsvps: RsvpsClient;
  /** The troop called with, the person's troops, and making troops. */
  troops: TroopsClient;
  /** Sign-up sheets on events: drivers, meals, gear and shifts. */
  volunteer: VolunteerClient;
  /** The troop's newsletter and announcements: the archive, one post, the writers' drafts. */
  newsletter: NewsletterClient;
  /** The troop's social feed: channels, posts with photos, comments, reactions, moderation. */
  social: SocialClient;
  realtime: RealtimeClient;
  analytics: AnalyticsClient;
  http: HttpClient;
}

export interface ScoutClient<S extends object = Record<string, Row>> extends CoreClient<S> {
  ai: AiClient;
  /** Web data: extract, scrape, screenshot, fetch and search (permission data.use). */
  data: DataClient;
}

/**
 * The client without the AI and web-data modules: an app that never calls them (the troop's
 * own web app) leaves their code out of its first download.
 */
export function createCoreClient<S extends object = Record<string, Row>>(
  options: ClientOptions,
): CoreClient<S> {
  if (!options.projectId) throw new TypeError('createClient needs a projectId');
  const win = options.window ?? browserWindow();
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const http = new HttpClient({ baseUrl, fetch: options.fetch });
  const storage = options.storage ?? windowStorage(win) ?? memoryStorage();
  const auth = new AuthClient({
    projectId: options.projectId,
    ...(options.tokenProjectId ? { tokenProjectId: options.tokenProjectId } : {}),
    http,
    storage,
    window: win,
    mode: options.mode,
    authRequired: options.authRequired ?? false,
    allowedParentOrigins: options.allowedParentOrigins,
    now: options.now,
    ...(options.roles ? { roles: options.roles } : {}),
  });
  const ctx: ClientContext = { projectId: options.projectId, baseUrl, http, auth, window: win };
  return {
    auth: ctx.auth,
    db: createDb<S>(ctx.http, ctx.projectId),
    storage: createStorage(ctx.http, ctx.projectId),
    calendar: createCalendar(ctx.http, ctx.projectId),
    households: createHouseholds(ctx.http, ctx.projectId),
    notifications: createNotifications(ctx.http, ctx.projectId),
    members: createMembers(ctx.http, ctx.projectId),
    rsvps: createRsvps(ctx.http, ctx.projectId),
    troops: createTroops(ctx.http, ctx.projectId),
    volunteer: createVolunteer(ctx.http, ctx.projectId),
    newsletter: createNewsletter(ctx.http, ctx.projectId),
    social: createSocial(ctx.http, ctx.projectId),
    realtime: createRealtimeClient({
      ...ctx,
      ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
    }),
    analytics: createAnalytics({
      projectId: ctx.projectId,
      http: ctx.http,
      auth: ctx.auth,
      window: win,
      storage,
      now: options.now ?? Date.now,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      pageviews: options.analyticsPageviews ?? true,
    }),
    http: ctx.http,
  };
}

/** The whole client, every module of the surface (sdk/README.md). */
export function createClient<S extends object = Record<string, Row>>(
  options: ClientOptions,
): ScoutClient<S> {
  const core = createCoreClient<S>(options);
  return {
    ...core,
    ai: createAi(core.http, options.projectId),
    data: createData(core.http, options.projectId),
  };
}
