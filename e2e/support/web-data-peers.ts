/**
 * The other side of the web-data journeys, on loopback: the fixture web site (pages, files,
 * redirects, an echo) and the SearXNG simulation the server's SEARCH_URL names. Both are the
 * server test suite's own (server/test/), so the journeys and the API tests read the same pages.
 */
import { startSearxngSimulation } from '../../server/test/searxng-simulation.ts';
import { startWebFixture } from '../../server/test/web-fixtures.ts';

export const webSitePort = Number(process.env.E2E_WEB_SITE_PORT ?? 2528);
export const searxngPort = Number(process.env.E2E_SEARXNG_PORT ?? 2529);
export const webSiteURL = `http://127.0.0.1:${webSitePort}`;
export const searxngURL = `http://127.0.0.1:${searxngPort}`;

if (process.argv[1]?.endsWith('web-data-peers.ts')) {
  await startWebFixture(undefined, webSitePort);
  await startSearxngSimulation({ port: searxngPort });
  console.log(`web data peers at ${webSiteURL} and ${searxngURL}`);
}
