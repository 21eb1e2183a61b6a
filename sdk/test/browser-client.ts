/**
 * The whole client as an app gets it from createClient, in a fake browser page, against the fake
 * API with its auth endpoints: for tests that a part is wired into the client.
 */
import { createClient } from '../src/client.ts';
import { BASE_URL, FakeApi } from './fake-api.ts';
import { FakeAuthServer } from './fake-auth-server.ts';
import { FakeStorage, FakeWindow } from './fake-browser.ts';

export function clientInBrowser(projectId = 'troop-42') {
  const api = new FakeApi();
  new FakeAuthServer(api);
  const client = createClient({
    projectId,
    baseUrl: BASE_URL,
    fetch: api.fetch,
    window: new FakeWindow('https://app.scout.test/', new FakeStorage()),
  });
  return { api, client };
}
