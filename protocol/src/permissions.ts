/**
 * The roles configuration and its evaluator, used alike by the server (which enforces it) and the
 * SDK (which only shows what the server would allow). Shape and semantics are those existing
 * clients of this protocol use: `{roles: {[role]: {permissions, inherit?}}, defaultRole}`.
 * See docs/roles.md for the default configuration and how a troop changes it.
 */
import {
  DYNAMIC_TABLES_KEY,
  OTHER_FILES_KEY,
  parseStorageRules,
  parseTableRules,
  type StorageAreaRule,
  type TableRule,
} from './access-rules.ts';

export interface RoleDefinition {
  permissions: string[];
  /** Roles whose permissions this role also has, checked recursively, each once. */
  inherit?: string[];
}

export interface RolesConfig {
  roles: Record<string, RoleDefinition>;
  /** The role of every new account. */
  defaultRole: string;
  /**
   * Who may read and change each Data API table (`*dynamic*`: tables created on the fly). What
   * a configuration leaves out comes from the defaults below (docs/roles.md).
   */
  tables?: Record<string, TableRule>;
  /** Who may read and write each storage area (first path segment; `*`: every other path). */
  storage?: Record<string, StorageAreaRule>;
  /**
   * A scout who signs up with a parent's household link waits for a leader all the same
   * (docs/operations.md, Who may join). Default false: the parent vouches for their scout.
   */
  leadersConfirmScouts?: boolean;
}

/**
 * Permission names the product checks. A configuration's table and storage rules may name
 * permissions of their own (`tables.calendar_events.read`); these are the ones the code knows.
 */
export const PERMISSIONS = {
  /** Update and delete any troop calendar event, not only one's own. */
  eventsManage: 'events.manage',
  /** Read the member list (names, emails, troop and app roles). */
  membersRead: 'members.read',
  /** Change members' app roles. */
  membersManage: 'members.manage',
  /** Let people in: approve or refuse pending accounts, invite, suspend and remove members. */
  membersApprove: 'members.approve',
  /** Read the audit log of membership changes. */
  auditRead: 'audit.read',
  /** Send mail through the notifications endpoint. */
  notificationsSend: 'notifications.send',
  /** Read the analytics dashboard. */
  analyticsRead: 'analytics.read',
  /** Use the AI gateway. */
  aiUse: 'ai.use',
  /** Read what the AI gateway spent, per member, capability and model (admins). */
  aiUsageRead: 'ai.usage.read',
  /** Use the web-data gateway (extract, scrape, screenshot, fetch, search). */
  dataUse: 'data.use',
  /** Write files in the shared troop area of storage (`troop/`). */
  troopFilesWrite: 'storage.troop.write',
  /** Write, overwrite and remove every stored file, whoever uploaded it. */
  filesAll: 'storage.all',
  /** Read and change every row of every Data API table, whoever owns it. */
  tablesAll: 'tables.all',
  /** Run SQL through `/sql` and `/batch`. */
  sqlRun: 'sql.run',
  /** Make one-time sign-in, reset and verification links without mailing them. */
  linksGenerate: 'auth.links.generate',
  /** Send mail from another sender address than the troop's. */
  notificationsAnySender: 'notifications.from',
  /** Read every scout's details (birth year, patrol, notes), not only one's own household's. */
  scoutsRead: 'scouts.read',
  /** Change anyone's RSVP, also after an event's deadline, and export the answers as CSV. */
  rsvpsManage: 'rsvps.manage',
  /** Add, change and remove the sign-up slots of events, and export who took them as CSV. */
  volunteerManage: 'volunteer.manage',
  /** Write, schedule, send, edit and remove newsletters and announcements; read every post and its reach. */
  newsletterWrite: 'newsletter.write',
  /** Approve, hide, remove and lock social posts and comments; read reports; set the troop's feed rules. */
  socialModerate: 'social.moderate',
} as const;

export const DEFAULT_ROLES_CONFIG: RolesConfig = {
  defaultRole: 'user',
  roles: {
    admin: { permissions: ['*'] },
    leader: {
      permissions: [
        PERMISSIONS.eventsManage,
        PERMISSIONS.membersRead,
        PERMISSIONS.membersApprove,
        PERMISSIONS.notificationsSend,
        PERMISSIONS.analyticsRead,
        PERMISSIONS.aiUse,
        PERMISSIONS.dataUse,
        PERMISSIONS.troopFilesWrite,
        PERMISSIONS.scoutsRead,
        PERMISSIONS.rsvpsManage,
        PERMISSIONS.volunteerManage,
        PERMISSIONS.newsletterWrite,
        PERMISSIONS.socialModerate,
      ],
      inherit: ['user'],
    },
    user: { permissions: [] },
  },
  tables: {
    // One's own account row (only its profile fields change); accounts are made by sign-up.
    users: { read: 'owner', create: 'nobody', update: 'owner', delete: 'nobody' },
    // A profile row per member.
    custom_users: { read: 'owner', create: 'owner', update: 'owner', delete: 'owner' },
    // Every member reads the troop calendar; the creator, and leaders, change an event.
    calendar_events: {
      read: 'signed-in',
      create: 'owner',
      update: ['owner', PERMISSIONS.eventsManage],
      delete: ['owner', PERMISSIONS.eventsManage],
    },
    // Tables created on the fly: each row is its owner's alone.
    [DYNAMIC_TABLES_KEY]: { read: 'owner', create: 'owner', update: 'owner', delete: 'owner' },
  },
  storage: {
    // A member's files and avatar: theirs to write, public to read.
    users: { read: 'public', write: 'owner' },
    avatars: { read: 'public', write: 'owner' },
    // The troop's shared documents: members read them through signed links, leaders keep them.
    troop: { read: 'signed-in', write: PERMISSIONS.troopFilesWrite },
    // The social feed's photos: shown only through links the feed signs for a post's readers
    // (docs/decisions/090-social-feed.md), never by name.
    social: { read: 'nobody', write: 'nobody' },
    // Everything else: public to read, changed only by its uploader (created with storage.all).
    [OTHER_FILES_KEY]: { read: 'public', write: 'owner' },
  },
};

/** `events.*` grants `events.update` and `events.update.x`; `*` alone grants everything. */
function grants(granted: string, wanted: string): boolean {
  if (granted === '*' || granted === wanted) return true;
  return granted.endsWith('.*') && wanted.startsWith(granted.slice(0, -1));
}

/**
 * May `role` do `permission` (on `resource`)? False without a role, a configuration or an entry
 * for the role. Checks `permission.resource`, then `permission`, then the inherited roles, each
 * visited once so a cycle cannot loop.
 */
export function can(
  config: RolesConfig | null | undefined,
  role: string | null | undefined,
  permission: string,
  resource?: string,
): boolean {
  if (!config || !role || !permission) return false;
  const wanted = resource ? [`${permission}.${resource}`, permission] : [permission];
  const seen = new Set<string>();
  const visit = (name: string): boolean => {
    if (seen.has(name)) return false;
    seen.add(name);
    const def = Object.hasOwn(config.roles, name) ? config.roles[name] : undefined;
    if (!def) return false;
    if (def.permissions.some((p) => wanted.some((w) => grants(p, w)))) return true;
    // Stryker disable next-line ArrayDeclaration: a role that is not defined grants nothing
    return (def.inherit ?? []).some(visit);
  };
  return visit(role);
}

/** Is the user's role `role`, or one of `role` when a list is given? */
export function hasRole(
  userRole: string | null | undefined,
  role: string | readonly string[],
): boolean {
  if (!userRole) return false;
  return typeof role === 'string' ? userRole === role : role.includes(userRole);
}

/** The roles a configuration defines, for pickers and the admin CLI. */
export const roleNames = (config: RolesConfig): string[] => Object.keys(config.roles);

const TOP_FIELDS = ['roles', 'defaultRole', 'tables', 'storage', 'leadersConfirmScouts'];
const ROLE_NAME = /^[a-z][a-z0-9_-]{0,31}$/;
const PERMISSION = /^(\*|[a-z0-9_-]+(\.([a-z0-9_-]+|\*))*)$/;

/**
 * Checks a configuration read from a file: every problem is one line naming where it is.
 * Throws an Error with that line; returns a normalised copy otherwise.
 */
export function parseRolesConfig(input: unknown): RolesConfig {
  const fail = (msg: string): never => {
    throw new Error(`roles configuration: ${msg}`);
  };
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    fail('must be an object with roles and defaultRole');
  const obj = input as Record<string, unknown>;
  const rolesIn = obj.roles;
  if (typeof rolesIn !== 'object' || rolesIn === null || Array.isArray(rolesIn))
    fail('"roles" must be an object');
  const roles: Record<string, RoleDefinition> = {};
  for (const [name, raw] of Object.entries(rolesIn as Record<string, unknown>)) {
    if (!ROLE_NAME.test(name))
      fail(`role name "${name}" must be lower-case letters, digits, - or _`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      fail(`role "${name}" must be an object`);
    const def = raw as Record<string, unknown>;
    const unknownKey = Object.keys(def).find((k) => k !== 'permissions' && k !== 'inherit');
    if (unknownKey) fail(`role "${name}" has an unknown field "${unknownKey}"`);
    if (
      !Array.isArray(def.permissions) ||
      def.permissions.some((p) => typeof p !== 'string' || !PERMISSION.test(p))
    ) {
      fail(
        `role "${name}": "permissions" must be a list of names like "events.manage", "events.*" or "*"`,
      );
    }
    if (
      def.inherit !== undefined &&
      (!Array.isArray(def.inherit) || def.inherit.some((p) => typeof p !== 'string'))
    ) {
      fail(`role "${name}": "inherit" must be a list of role names`);
    }
    roles[name] = {
      permissions: [...(def.permissions as string[])],
      ...(def.inherit ? { inherit: [...(def.inherit as string[])] } : {}),
    };
  }
  if (Object.keys(roles).length === 0) fail('defines no role');
  for (const [name, def] of Object.entries(roles)) {
    for (const parent of def.inherit ?? []) {
      if (!Object.hasOwn(roles, parent)) fail(`role "${name}" inherits unknown role "${parent}"`);
    }
  }
  const cycle = findCycle(roles);
  if (cycle) fail(`inheritance cycle ${cycle.join(' -> ')}`);
  const defaultRole = obj.defaultRole;
  if (typeof defaultRole !== 'string' || !Object.hasOwn(roles, defaultRole)) {
    fail(`"defaultRole" must name a defined role, got ${JSON.stringify(defaultRole)}`);
  }
  const unknownTop = Object.keys(obj).find((k) => !TOP_FIELDS.includes(k));
  if (unknownTop) fail(`unknown field "${unknownTop}"`);
  const confirm = obj.leadersConfirmScouts;
  if (confirm !== undefined && typeof confirm !== 'boolean')
    fail('"leadersConfirmScouts" must be true or false');
  return {
    roles,
    defaultRole: defaultRole as string,
    ...(obj.tables !== undefined ? { tables: parseTableRules(obj.tables, fail) } : {}),
    ...(obj.storage !== undefined ? { storage: parseStorageRules(obj.storage, fail) } : {}),
    ...(typeof confirm === 'boolean' ? { leadersConfirmScouts: confirm } : {}),
  };
}

function findCycle(roles: Record<string, RoleDefinition>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  // Stryker disable next-line ArrayDeclaration: a cycle is cut from the first visit of its role
  const path: string[] = [];
  const walk = (name: string): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    // Stryker disable next-line OptionalChaining: every parent is a defined role by now
    for (const parent of roles[name]?.inherit ?? []) {
      const found = walk(parent);
      if (found) return found;
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(roles)) {
    const found = walk(name);
    if (found) return found;
  }
  return null;
}
