import type { Migration } from '../migrate.ts';
import { FIRST_TROOP_ID } from '../tenancy.ts';

/**
 * The hourly counts of analytics events (migration 020) are kept per troop
 * (docs/decisions/065-troops.md): their key gains `troop_id`, so each troop's dashboard reads its
 * own top pages and custom events from them. Until now only the first troop's events were
 * counted (its rows, as migration 041 left them), and another troop's figures were read from its
 * raw events: the events other troops still keep (analytics_events, within its retention) are
 * counted in their own rows here.
 *
 * SQLite cannot change a key in place: the table is rebuilt.
 */
const HOUR_OF = '(ts / 3600000) * 3600000';
const FIRST = `'${FIRST_TROOP_ID}'`;

const recount = [
  `INSERT INTO analytics_hourly (troop_id, hour, type, pathname, events)
   SELECT troop_id, ${HOUR_OF}, type, pathname, count(*) FROM analytics_events
    WHERE troop_id <> ${FIRST} GROUP BY troop_id, ${HOUR_OF}, type, pathname`,
];

export const troopHourlyCounts: Migration = {
  version: 47,
  name: 'troop-hourly-counts',
  up: (d) => [
    ...(d === 'sqlite'
      ? [
          `CREATE TABLE analytics_hourly_by_troop (
            troop_id TEXT NOT NULL DEFAULT '${FIRST_TROOP_ID}',
            hour BIGINT NOT NULL,
            type TEXT NOT NULL,
            pathname TEXT NOT NULL,
            events INTEGER NOT NULL,
            PRIMARY KEY (troop_id, hour, type, pathname)
          )`,
          `INSERT INTO analytics_hourly_by_troop (troop_id, hour, type, pathname, events)
           SELECT troop_id, hour, type, pathname, events FROM analytics_hourly`,
          'DROP TABLE analytics_hourly',
          'ALTER TABLE analytics_hourly_by_troop RENAME TO analytics_hourly',
        ]
      : [
          'ALTER TABLE analytics_hourly DROP CONSTRAINT analytics_hourly_pkey',
          'ALTER TABLE analytics_hourly ADD PRIMARY KEY (troop_id, hour, type, pathname)',
        ]),
    ...recount,
  ],
};
