/**
 * The journeys' `test`: a signed-in page for a role of the troop, from a session stored once per
 * role and worker. The account behind a role is made through the API the first time a journey of
 * the worker asks for it, so a journey spends its time on the screens it is about.
 *
 * A role's account is shared by the journeys of one worker, one after another: a journey that
 * changes its account's own data (profile, password, email, family) or signs out, which ends the
 * session on the server, takes an account of its own (`joinThroughApi`, support/sessions.ts).
 */
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { admin, newMember, type Member } from './accounts.ts';
import { makeLeader } from './leaders.ts';
import {
  createAccount,
  greeting,
  PROJECT_ID,
  signInThroughApi,
  storageStateFor,
  type SignedIn,
  type StoredTokens,
} from './sessions.ts';
import { startTroopServer, type TroopServer } from './troop-server.ts';
import { VIEWPORTS, type ViewportName } from './viewports.ts';

export type Role = 'member' | 'leader' | 'admin';

export interface RoleAccount {
  role: Role;
  /** First and last name as the screens show them, email and password. */
  person: Pick<Member, 'firstName' | 'lastName' | 'email' | 'password'>;
  userId: string;
  /** A token set good for the length of a journey: renewed by signing in again when old. */
  tokens(): Promise<StoredTokens>;
}

/** A journey lasts at most 90 s; a session older than this is renewed before it is handed out. */
const RENEW_AFTER_S = 5 * 60;

function roleAccount(role: Role, person: RoleAccount['person'], first: SignedIn): RoleAccount {
  let current = first.tokens;
  return {
    role,
    person,
    userId: first.user.id,
    async tokens() {
      if (Date.now() / 1000 - current.issued_at > RENEW_AFTER_S)
        current = (await signInThroughApi(person.email, person.password)).tokens;
      return current;
    },
  };
}

async function makeRoleAccount(role: Role, worker: number): Promise<RoleAccount> {
  if (role === 'admin') {
    const [firstName = '', lastName = ''] = admin.name.split(' ');
    const person = { firstName, lastName, email: admin.email, password: admin.password };
    return roleAccount(role, person, await signInThroughApi(admin.email, admin.password));
  }
  // Names differ per worker, so a screen listing the troop tells the workers' accounts apart.
  const m =
    role === 'leader' ? newMember('Lee', `Leader${worker}`) : newMember('Alex', `Member${worker}`);
  const made = await createAccount(m);
  if (role === 'leader') await makeLeader(m.email);
  return roleAccount(role, m, made);
}

interface WorkerFixtures {
  /** The account of a role for this worker, made on first use. */
  accountOf: (role: Role) => Promise<RoleAccount>;
  /** This worker's own troop server, started on first use. */
  ownTroopServer: () => Promise<TroopServer>;
}

interface TestFixtures {
  /**
   * The journey runs on its worker's own troop server (`test.use({ ownTroop: true })`): for a
   * journey that reads the whole troop calendar (its empty state, the next three events, how many
   * are past), which journeys running beside it on the shared server would change. Journeys of one
   * worker take turns on it and leave it as they found it.
   */
  ownTroop: boolean;
  /** Opens the troop's app signed in as a role (or account), in a browser context of its own. */
  signedInPage: (
    who: Role | RoleAccount,
    viewport?: ViewportName,
  ) => Promise<{ page: Page; account: RoleAccount }>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  accountOf: [
    // Playwright reads a fixture's dependencies from the destructured first argument: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const made = new Map<Role, Promise<RoleAccount>>();
      await use((role) => {
        let account = made.get(role);
        if (!account) {
          account = makeRoleAccount(role, workerInfo.parallelIndex);
          made.set(role, account);
        }
        return account;
      });
    },
    { scope: 'worker' },
  ],

  ownTroopServer: [
    // No dependencies (see accountOf).
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      let started: Promise<TroopServer> | undefined;
      await use(() => {
        // The same project id as the shared server, so sessions are stored under the same key,
        // and its rate limits scaled as the shared server's (support/start-server.mjs).
        started ??= startTroopServer({ ADDRESS_RATE_LIMIT_SCALE: '20' }, { projectId: PROJECT_ID });
        return started;
      });
      if (started) await (await started).stop();
    },
    { scope: 'worker' },
  ],

  ownTroop: [false, { option: true }],

  baseURL: async ({ baseURL, ownTroop, ownTroopServer }, use) => {
    await use(ownTroop ? (await ownTroopServer()).baseUrl : baseURL);
  },

  signedInPage: async ({ browser, accountOf }, use) => {
    const contexts: Awaited<ReturnType<Browser['newContext']>>[] = [];
    await use(async (who, viewport = 'desktop') => {
      const account = typeof who === 'string' ? await accountOf(who) : who;
      const context = await browser.newContext({
        ...VIEWPORTS[viewport],
        storageState: storageStateFor(await account.tokens()),
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/');
      await expect(greeting(page, account.person.firstName)).toBeVisible();
      return { page, account };
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };
