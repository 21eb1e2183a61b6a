/** A table as rules.ts sees it, by name: the declared ones from server/src/tables.ts. */
import { onTheFly, type RuledTable } from '../src/rest/rules.ts';
import { TABLES } from '../src/tables.ts';

export const tableRules = (name: string, dynamic: boolean): RuledTable =>
  dynamic ? onTheFly(name) : (TABLES.served.get(name) ?? { name });
