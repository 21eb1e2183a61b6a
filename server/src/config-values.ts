/**
 * How config.ts reads one value: lists, origins, booleans, the roles file, time zones, and the
 * one-line ConfigError a bad value stops the start with. These take the variable's name and
 * value and read no environment themselves: config.ts alone does that.
 */
import fs from 'node:fs';
import {
  DEFAULT_ROLES_CONFIG,
  parseRolesConfig,
  type RolesConfig,
} from '@scout/protocol/permissions';

export class ConfigError extends Error {}

export type { Env } from './env-values.ts';

export const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function origin(name: string, value: string): string {
  try {
    const u = new URL(value);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    return u.origin;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL or origin, got "${value}"`);
  }
}

export function bool(name: string, v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${v}"`);
}

/** Runs a parser another module owns; its error stops the start as a ConfigError (after `prefix`). */
export function parsedBy<T>(parse: () => T, prefix = ''): T {
  try {
    return parse();
  } catch (err) {
    throw new ConfigError(`${prefix}${(err as Error).message}`);
  }
}

export function loadRoles(file: string | undefined): RolesConfig {
  if (!file) return DEFAULT_ROLES_CONFIG;
  const firstLine = (err: unknown) => (err as Error).message.split('\n')[0];
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`ROLES_FILE ${file} could not be read: ${firstLine(err)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`ROLES_FILE ${file} is not valid JSON: ${firstLine(err)}`);
  }
  try {
    return parseRolesConfig(raw);
  } catch (err) {
    throw new ConfigError(`ROLES_FILE ${file}: ${(err as Error).message}`);
  }
}

export function validTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
