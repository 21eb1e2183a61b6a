/**
 * The per-table and per-storage-area rules of the roles configuration (docs/roles.md): who may
 * read, create, change and delete rows of a Data API table, and who may read and write files in
 * an area of storage. Only the shape and its checks live here; the server enforces them and
 * takes what a configuration leaves out from its defaults (DEFAULT_ROLES_CONFIG).
 */

/**
 * Who a rule lets in, one name or a list (any of them suffices):
 * - `signed-in`: every signed-in member;
 * - `owner`: the member a row or file belongs to;
 * - `nobody`: no member (service keys and roles with `tables.all` / `storage.all` still may);
 * - `public`: anyone, even without signing in (only for reading files);
 * - any other name is a permission (`tables.calendar_events.read`): the roles that hold it.
 */
export type Who = string | string[];

export interface TableRule {
  read?: Who;
  create?: Who;
  update?: Who;
  delete?: Who;
}

export interface StorageAreaRule {
  read?: Who;
  write?: Who;
}

/** The key of the rule every table created on the fly starts from. */
export const DYNAMIC_TABLES_KEY = '*dynamic*';
/** The key of the rule for every storage path outside a named area. */
export const OTHER_FILES_KEY = '*';

export const WHO_KEYWORDS = ['signed-in', 'owner', 'nobody', 'public'] as const;

const TABLE_OPS = ['read', 'create', 'update', 'delete'] as const;
const STORAGE_OPS = ['read', 'write'] as const;
const TABLE_KEY = /^([a-z_][a-z0-9_]{0,62}|\*dynamic\*)$/;
const AREA_KEY = /^([A-Za-z0-9_-][A-Za-z0-9._-]{0,63}|\*)$/;
/** Permission names without wildcards: a rule asks for one capability, roles grant wildcards. */
const WHO_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

type Fail = (msg: string) => never;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseWho(raw: unknown, where: string, allowPublic: boolean, fail: Fail): Who {
  const names = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : undefined;
  const shape = allowPublic
    ? '"public", "signed-in", "owner", "nobody" or a permission name'
    : '"signed-in", "owner", "nobody" or a permission name';
  if (!names || names.length === 0 || names.some((n) => typeof n !== 'string' || !WHO_NAME.test(n)))
    fail(`${where} must be ${shape}, or a non-empty list of them`);
  if (!allowPublic && names!.includes('public'))
    fail(`${where} cannot be "public": only reading files can be`);
  return typeof raw === 'string' ? raw : [...(names as string[])];
}

function parseSection<R extends object>(
  input: unknown,
  section: string,
  keyPattern: RegExp,
  keyHelp: string,
  ops: readonly string[],
  allowPublic: (op: string) => boolean,
  fail: Fail,
): Record<string, R> {
  if (!isRecord(input)) fail(`"${section}" must be an object`);
  const out: Record<string, R> = {};
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    if (!keyPattern.test(key)) fail(`${section} key "${key}" must be ${keyHelp}`);
    if (!isRecord(raw)) fail(`${section} "${key}" must be an object`);
    const rule: Record<string, Who> = {};
    for (const [op, who] of Object.entries(raw as Record<string, unknown>)) {
      if (!ops.includes(op))
        fail(`${section} "${key}" has an unknown field "${op}" (allowed: ${ops.join(', ')})`);
      rule[op] = parseWho(who, `${section} "${key}".${op}`, allowPublic(op), fail);
    }
    out[key] = rule as R;
  }
  return out;
}

/** Checks a configuration's `tables` section; every problem is one line naming where it is. */
export const parseTableRules = (input: unknown, fail: Fail): Record<string, TableRule> =>
  parseSection<TableRule>(
    input,
    'tables',
    TABLE_KEY,
    `a table name (lower-case letters, digits, _) or "${DYNAMIC_TABLES_KEY}"`,
    TABLE_OPS,
    () => false,
    fail,
  );

/** Checks a configuration's `storage` section; every problem is one line naming where it is. */
export const parseStorageRules = (input: unknown, fail: Fail): Record<string, StorageAreaRule> =>
  parseSection<StorageAreaRule>(
    input,
    'storage',
    AREA_KEY,
    `a first path segment ("troop", "users") or "${OTHER_FILES_KEY}"`,
    STORAGE_OPS,
    (op) => op === 'read',
    fail,
  );

/** The names in a rule, as a list. */
export const whoList = (who: Who | undefined): readonly string[] =>
  who === undefined ? [] : typeof who === 'string' ? [who] : who;
