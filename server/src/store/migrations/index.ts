import type { Migration } from '../migrate.ts';
import { accounts } from './001-accounts.ts';

/** Every migration, in version order. A new one gets the next number and a line here. */
export const migrations: readonly Migration[] = [accounts];
