import { describe, expect, it } from 'vitest';
import { listPlan } from './list-plan.ts';
import { parseQueryCached } from './request-cache.ts';
import { TABLES } from '../tables.ts';
import type { TableDef } from './tables.ts';

const events = TABLES.served.get('calendar_events') as TableDef;
const owner = (userId: string) => ({ kind: 'owner' as const, column: 'user_id', userId });

describe('list plans', () => {
  it('are kept per table, query, troop, scope and dialect', () => {
    const q = parseQueryCached('order=event_date.asc&limit=20');
    const mine = listPlan(events, 'sqlite', q, owner('u1'), 'troop-a');
    expect(listPlan(events, 'sqlite', q, owner('u1'), 'troop-a')).toBe(mine);
    expect(mine.select.params).toEqual(['troop-a', 'u1', 0]);
    expect(mine.count.params).toEqual(['troop-a', 'u1']);
    // Another member's scope binds that member's id, never the first one's.
    expect(listPlan(events, 'sqlite', q, owner('u2'), 'troop-a').select.params).toEqual([
      'troop-a',
      'u2',
      0,
    ]);
    // The same member in another troop reads that troop's rows, never the first troop's plan.
    expect(listPlan(events, 'sqlite', q, owner('u1'), 'troop-b').select.params).toEqual([
      'troop-b',
      'u1',
      0,
    ]);
    expect(listPlan(events, 'sqlite', q, { kind: 'all' }, 'troop-b').select.params).toEqual([
      'troop-b',
      0,
    ]);
    expect(listPlan(events, 'postgres', q, owner('u1'), 'troop-a').select.text).toContain(
      'COLLATE "C"',
    );
    // A table whose columns changed is another TableDef: its plan is made afresh.
    const grown: TableDef = { ...events, columns: new Map([...events.columns, ['x', 'text']]) };
    expect(listPlan(grown, 'sqlite', q, owner('u1'), 'troop-a')).not.toBe(mine);
  });

  it("are kept per troop's council too: a troop that joined a council reads its events at once", () => {
    const q = parseQueryCached('order=event_date.asc&limit=5');
    const alone = listPlan(events, 'sqlite', q, { kind: 'all' }, 'troop-c');
    expect(alone.select.params).toEqual(['troop-c', 0]);
    const withCouncil = listPlan(events, 'sqlite', q, { kind: 'all' }, 'troop-c', 'council-l');
    expect(withCouncil.select.params).toEqual(['troop-c', 'council-l', 0]);
    expect(withCouncil.count.params).toEqual(['troop-c', 'council-l']);
    expect(listPlan(events, 'sqlite', q, { kind: 'all' }, 'troop-c', 'council-m')).not.toBe(
      withCouncil,
    );
    // A table its council does not share reads the troop's rows alone, council or none.
    const unshared: TableDef = { ...events, councilShared: false };
    expect(
      listPlan(unshared, 'sqlite', q, { kind: 'all' }, 'troop-c', 'council-l').select.params,
    ).toEqual(['troop-c', 0]);
  });

  it('read the order columns for the cursor and answer only the selected ones', () => {
    const plan = listPlan(
      events,
      'sqlite',
      parseQueryCached('select=event_name&order=event_date.desc'),
      { kind: 'all' },
      'troop-a',
    );
    expect(plan.needed).toEqual(['event_name', 'event_date', 'id']);
    expect(plan.columns).toEqual(['event_name']);
    expect(plan.project).toBe(true);
    expect(plan.limit).toBe(10_000);
  });
});
