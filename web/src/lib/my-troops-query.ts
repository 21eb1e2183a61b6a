/**
 * The one query of the signed-in person's troops and whether they are the platform admin
 * (`GET /api/troops/{projectId}/mine`): every reader (lib/my-troops.ts) uses this key and this
 * function, so a page makes one request for all of them. Apart from the hooks so it is tested
 * without a page (my-troops-query.test.ts).
 */
import type { MyTroops } from '@scout/protocol/troops';

/** Troops change rarely: read once per page, again only after a few minutes. */
export const MY_TROOPS_STALE_MS = 5 * 60_000;

export interface MyTroopsSource {
  myTroops(): Promise<MyTroops>;
}

export const myTroopsQuery = (source: MyTroopsSource, userId: string) => ({
  queryKey: ['my-troops', userId] as const,
  queryFn: () => source.myTroops(),
  staleTime: MY_TROOPS_STALE_MS,
});

/** The same query, answering whether the person is the platform admin. */
export const platformAdminQuery = (source: MyTroopsSource, userId: string) => ({
  ...myTroopsQuery(source, userId),
  select: (mine: MyTroops) => mine.platformAdmin === true,
});
