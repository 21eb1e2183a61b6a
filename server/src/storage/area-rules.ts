/**
 * Who may read and write each area of storage, from the roles configuration's `storage` section
 * (docs/roles.md; what it leaves out comes from DEFAULT_ROLES_CONFIG). An area is a path's first
 * segment (`troop/...`, `users/...`); `*` is every path outside a named area. Pure: no I/O.
 */
import { OTHER_FILES_KEY, whoList, type StorageAreaRule } from '@scout/protocol/access-rules';
import { DEFAULT_ROLES_CONFIG, type RolesConfig } from '@scout/protocol/permissions';

export interface AreaRule {
  read: readonly string[];
  write: readonly string[];
}

export interface StorageRules {
  areas: ReadonlyMap<string, AreaRule>;
  other: AreaRule;
}

const resolve = (...layers: Array<StorageAreaRule | undefined>): AreaRule => {
  const rule: StorageAreaRule = Object.assign({}, ...layers.filter(Boolean));
  return { read: whoList(rule.read), write: whoList(rule.write) };
};

/** Each configuration's rules, resolved once (a configuration never changes once loaded). */
const resolved = new WeakMap<RolesConfig, StorageRules>();

export function storageRulesOf(roles: RolesConfig): StorageRules {
  let rules = resolved.get(roles);
  if (rules) return rules;
  const defaults = DEFAULT_ROLES_CONFIG.storage ?? {};
  const own = roles.storage ?? {};
  const other = { ...defaults[OTHER_FILES_KEY], ...own[OTHER_FILES_KEY] };
  const names = new Set([...Object.keys(defaults), ...Object.keys(own)]);
  names.delete(OTHER_FILES_KEY);
  rules = {
    areas: new Map([...names].map((name) => [name, resolve(other, defaults[name], own[name])])),
    other: resolve(other),
  };
  resolved.set(roles, rules);
  return rules;
}

export const DEFAULT_STORAGE_RULES = storageRulesOf(DEFAULT_ROLES_CONFIG);

/** The area of a path: its first segment (a file at the top level is in no named area). */
export function areaRuleOf(rules: StorageRules, path: string): AreaRule {
  const slash = path.indexOf('/');
  return (slash > 0 && rules.areas.get(path.slice(0, slash))) || rules.other;
}

/** Files anyone may fetch by their plain URL; every other file's links are signed and expire. */
export const isPublicPath = (rules: StorageRules, path: string) =>
  areaRuleOf(rules, path).read.includes('public');

/**
 * What a rule gives a member: `all` (every file of the area: `public`, `signed-in`, a permission
 * the member holds), `own` (their own files only, `owner`), or `none`.
 */
export function areaGrant(
  who: readonly string[],
  holds: (permission: string) => boolean,
): 'all' | 'own' | 'none' {
  let own = false;
  for (const name of who) {
    if (name === 'public' || name === 'signed-in') return 'all';
    if (name === 'owner') own = true;
    else if (name !== 'nobody' && holds(name)) return 'all';
  }
  return own ? 'own' : 'none';
}
