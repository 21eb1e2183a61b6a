import { defineConfig, devices } from '@playwright/test';
import { mailApiPort, mailApiURL, smtpPort } from './support/mail-peer.ts';
import { searxngPort, searxngURL, webSitePort, webSiteURL } from './support/web-data-peers.ts';
import { VIEWPORTS } from './support/viewports.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser journeys against the real server (SQLite in a fresh temp folder) and the built SPA,
 * in the system Chromium: browser downloads do not work on our machines.
 */
export default defineConfig({
  testDir: './tests',
  // The longest journeys take about a minute alone, and more than 90 s while the server's suites
  // run beside them on two cores; a step that never happens still fails on its own 10 s.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  // Journeys run side by side, each on data of its own (unique names, its own accounts, mail read
  // by recipient); the few that read the whole troop calendar run on a troop server of their
  // worker's own (support/fixtures.ts: ownTroop).
  fullyParallel: true,
  // Two: on our two-core machines a third worker only makes the two others wait.
  workers: 2,
  // The SDK is packed once for the run: packing rebuilds sdk/dist, which workers must not race on.
  globalSetup: './support/pack-sdk-once.ts',
  // On CI one more try for a journey that ran out of time while the server's suites held the two
  // cores; a journey that fails on what it checks fails again. Locally none, to see every failure.
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds the test run's time report (scripts/test-report.mjs).
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // A journey's own page is the laptop of support/viewports.ts (1280x800), not Playwright's 1280x720.
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], ...VIEWPORTS.desktop } }],
  webServer: [
    // A real SMTP peer first: the server delivers every mail to it, the journeys read them back.
    {
      command: 'node ./support/smtp-peer.mjs',
      url: `${mailApiURL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_SMTP_API_PORT: String(mailApiPort) },
    },
    // A real OpenID Connect provider on an ephemeral port; the line it prints names its issuer,
    // which Playwright puts in E2E_OIDC_ISSUER for the app server below.
    {
      command: 'node --import tsx ./support/identity-provider.ts',
      wait: { stdout: /identity provider at (?<e2e_oidc_issuer>http:\/\/\S+)/ },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_APP_URL: baseURL },
    },
    // The AI provider simulation; its base URL reaches the app server as E2E_AI_BASE_URL.
    {
      command: 'node --import tsx ./support/ai-provider.ts',
      wait: { stdout: /ai provider at (?<e2e_ai_base_url>http:\/\/\S+)/ },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // A web site and a SearXNG simulation on loopback for the web-data calls.
    {
      command: 'node --import tsx ./support/web-data-peers.ts',
      wait: { stdout: /web data peers at/ },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_WEB_SITE_PORT: String(webSitePort), E2E_SEARXNG_PORT: String(searxngPort) },
    },
    {
      command: 'node ./support/start-server.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Scout Leadership Platform <no-reply@troop214.example>',
        // No event notices or reminders: journeys running side by side create events, and their
        // notices would land in the inboxes other journeys count. The server's tests deliver
        // notices to a real SMTP peer (server/src/notices/).
        JOBS_POLL_MS: '0',
        // The fixture site is on loopback, which the gateway refuses unless listed.
        DATA_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        SEARCH_URL: searxngURL,
        DATA_SECRET_E2E_TOKEN: 'e2e-secret-4f7a9c21',
        DATA_SECRET_E2E_TOKEN_HOSTS: new URL(webSiteURL).hostname,
      },
    },
  ],
});
