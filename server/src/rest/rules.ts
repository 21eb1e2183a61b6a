/**
 * Who may do what through the Data API: one rule per table, like PocketBase's API rules, read
 * from the roles configuration (its `tables` section, docs/roles.md; what it leaves out comes
 * from DEFAULT_ROLES_CONFIG). The server enforces these; a client's claims (a `user_id` in a
 * body, a filter) decide nothing.
 *
 * Default deny: anonymous callers get nothing (401), and a table has exactly the rights its rule
 * gives. A role with `tables.all` (admins, by `*`) and service keys may do everything, except
 * that password hashes and token data are never exposed (tables.ts does not even know those
 * columns). Which columns name a row's owner, and which a member may change, are facts of the
 * schema and stay here: a configuration decides who, never what a column means.
 *
 * Rows a caller may not change:
 * - rows the caller cannot read are invisible: a PATCH or DELETE aimed at them matches nothing
 *   (200 `[]`), the same answer as for rows that do not exist, so nothing leaks;
 * - rows the caller can read but not change (another member's calendar event) answer 403 and
 *   nothing changes, even when other targeted rows are the caller's own.
 */
import { DYNAMIC_TABLES_KEY } from '@scout/protocol/access-rules';
import {
  can,
  DEFAULT_ROLES_CONFIG,
  PERMISSIONS,
  type RolesConfig,
} from '@scout/protocol/permissions';
import { grantOfWho, resolveTableRule } from '@scout/protocol/table-grants';
import type { Caller } from '../http/caller.ts';

/** Rows a caller may touch: all, none, or those whose `column` holds the caller's id. */
export type RowScope =
  { kind: 'all' } | { kind: 'none' } | { kind: 'owner'; column: string; userId: string };

interface TableShape {
  /** The columns naming a row's owner; they must equal the caller's id on create and update. */
  owner: readonly string[];
  /** Columns a member without `tables.all` may change (all when absent). */
  updatable?: readonly string[];
}

/**
 * The declared tables the Data API serves to members. A declared table missing here is closed
 * to everyone but `tables.all`, whatever the configuration says.
 */
const SHAPES: Record<string, TableShape> = {
  users: { owner: ['id'], updatable: ['display_name', 'avatar_url', 'metadata'] },
  custom_users: { owner: ['id', 'user_id'] },
  calendar_events: { owner: ['user_id'] },
};
const DYNAMIC_SHAPE: TableShape = { owner: ['owner_id'] };

/**
 * The column naming a declared table's row owner (the change feed tells each owner of theirs).
 * Own keys only: a table made on the fly may be called `constructor`.
 */
export const ownerColumnOf = (table: string): string | undefined =>
  // Stryker disable next-line OptionalChaining: an own key always has a shape
  Object.hasOwn(SHAPES, table) ? SHAPES[table]?.owner[0] : undefined;

interface ResolvedRule {
  shape: TableShape;
  read: readonly string[];
  create: readonly string[];
  update: readonly string[];
  delete: readonly string[];
}

interface ResolvedRules {
  declared: Map<string, ResolvedRule>;
  dynamic: Map<string, ResolvedRule>;
  dynamicDefault: ResolvedRule;
}

const withShape = (shape: TableShape, rule: ReturnType<typeof resolveTableRule>): ResolvedRule => ({
  shape,
  ...rule,
});

/** Each configuration's rules, resolved once (a configuration never changes once loaded). */
const resolved = new WeakMap<RolesConfig, ResolvedRules>();

function rulesOf(roles: RolesConfig): ResolvedRules {
  let rules = resolved.get(roles);
  // Stryker disable next-line ConditionalExpression: resolving again gives the same rules
  if (rules) return rules;
  const own = roles.tables ?? {};
  rules = {
    declared: new Map(
      Object.entries(SHAPES).map(([name, shape]) => [
        name,
        withShape(shape, resolveTableRule(roles, name)),
      ]),
    ),
    // Other names are tables created on the fly, existing or not yet.
    dynamic: new Map(
      Object.keys(own)
        .filter((name) => name !== DYNAMIC_TABLES_KEY && !Object.hasOwn(SHAPES, name))
        .map((name) => [name, withShape(DYNAMIC_SHAPE, resolveTableRule(roles, name, true))]),
    ),
    // Stryker disable next-line BooleanLiteral: for `*dynamic*` itself both ways read the same layers
    dynamicDefault: withShape(DYNAMIC_SHAPE, resolveTableRule(roles, DYNAMIC_TABLES_KEY, true)),
  };
  resolved.set(roles, rules);
  return rules;
}

export type SignedInCaller = Exclude<Caller, { kind: 'anonymous' }>;

export interface Access {
  read: RowScope;
  create: boolean;
  update: RowScope | null;
  delete: RowScope | null;
  /** Columns a create or update may set to the caller's id only. */
  ownerColumns: readonly string[];
  /** Owner columns absent from a created row are filled in (from each other, else the caller's id). */
  fillOwner: boolean;
  /** Columns an update may change; null means any. */
  updatable: readonly string[] | null;
  /** Admins and service keys: the owner rules do not bind them. */
  unrestricted: boolean;
}

const ALL: RowScope = { kind: 'all' };

/** `can`'s answers per roles configuration (never changed once loaded): asked on every request. */
const answers = new WeakMap<RolesConfig, Map<string, boolean>>();

function roleCan(roles: RolesConfig, role: string, permission: string): boolean {
  let known = answers.get(roles);
  // Stryker disable next-line ConditionalExpression: a new map only forgets answers
  if (!known) answers.set(roles, (known = new Map()));
  const key = `${role}\u0000${permission}`;
  let answer = known.get(key);
  // Stryker disable next-line ConditionalExpression: asking again gives the same answer
  if (answer === undefined) known.set(key, (answer = can(roles, role, permission)));
  return answer;
}

/** Service keys, and roles the configuration gives `tables.all`. */
export function unrestricted(caller: SignedInCaller, roles: RolesConfig): boolean {
  return caller.kind === 'service' || roleCan(roles, caller.role, PERMISSIONS.tablesAll);
}

/**
 * The rows a rule gives the caller (protocol/src/table-grants.ts, the web asks the same): all of
 * them, their own, or null when it gives nothing.
 */
function grant(
  who: readonly string[],
  shape: TableShape,
  caller: SignedInCaller,
  roles: RolesConfig,
): RowScope | null {
  // Stryker disable next-line ConditionalExpression: service keys are unrestricted, never asked here
  if (caller.kind !== 'user') return null;
  const given = grantOfWho(who, (permission) => roleCan(roles, caller.role, permission));
  if (given === 'all') return ALL;
  return given === 'own'
    ? // Stryker disable next-line StringLiteral: every shape names an owner column
      { kind: 'owner', column: shape.owner[0] ?? 'id', userId: caller.userId }
    : null;
}

export function accessFor(
  table: string,
  dynamic: boolean,
  caller: SignedInCaller,
  roles: RolesConfig = DEFAULT_ROLES_CONFIG,
): Access {
  const rules = rulesOf(roles);
  const rule = dynamic
    ? (rules.dynamic.get(table) ?? rules.dynamicDefault)
    : rules.declared.get(table);
  const admin = unrestricted(caller, roles);
  // A declared table without a rule is closed to everyone but admins.
  if (!rule) {
    const none: RowScope = admin ? ALL : { kind: 'none' };
    return {
      read: none,
      create: admin,
      update: admin ? ALL : null,
      delete: admin ? ALL : null,
      ownerColumns: [],
      fillOwner: false,
      updatable: null,
      unrestricted: admin,
    };
  }
  const scope = (who: readonly string[]) => (admin ? ALL : grant(who, rule.shape, caller, roles));
  return {
    read: scope(rule.read) ?? { kind: 'none' },
    create: scope(rule.create) !== null,
    update: scope(rule.update),
    delete: scope(rule.delete),
    ownerColumns: rule.shape.owner,
    // Rows are filled in with their owner when members may create them at all.
    fillOwner: rule.create.some((name) => name !== 'nobody'),
    updatable: admin ? null : (rule.shape.updatable ?? null),
    unrestricted: admin,
  };
}

/** Does a row (as stored) fall inside a scope? Used for upsert targets. */
export function rowInScope(scope: RowScope, row: Record<string, unknown>): boolean {
  // Stryker disable next-line ConditionalExpression,StringLiteral: `all` has no column, so the owner check below would pass it too
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return row[scope.column] === scope.userId;
}

/** Rows visible to the caller but not theirs to change answer 403 instead of matching nothing. */
export function visibleButNotWritable(read: RowScope, write: RowScope): boolean {
  if (read.kind === 'none' || write.kind === 'all') return false;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: the column check alone gives the same answers; the kinds say why
  return read.kind === 'all' || write.kind === 'none' || read.column !== write.column;
}
