import { afterEach, describe, expect, it } from 'vitest';
import { buildMailTestApp, post, type MailTestApp } from '../../test/auth-links.ts';
import { signUp } from '../../test/auth.ts';

describe('the SMTP pool at shutdown', () => {
  let t: MailTestApp | undefined;
  afterEach(async () => t?.close());

  it('ends its open connection to the mail server when the server closes', async () => {
    t = await buildMailTestApp('sqlite');
    const account = await signUp(t, { displayName: 'Sam Scout' });
    expect((await post(t, '/signin/magic', { email: account.user.email })).statusCode).toBe(200);
    await t.peer.waitFor(1);
    expect(t.peer.openConnections()).toBe(1);

    await t.app.close();
    // The mail server sees the connection end without dropping it itself.
    while (t.peer.openConnections() > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(t.peer.connections()).toBe(1);
  });
});
