// A real OpenID Connect provider for the browser journeys, on loopback with an ephemeral port.
// It prints its issuer; playwright.config.ts reads it from that line and hands it to the app
// server (support/start-server.mjs) as AUTH_COUNCIL_LOGIN_ISSUER.
import { startTestIdentityProvider } from '../../server/test/oidc-provider.ts';
import { councilLogin } from './council-login.mjs';

const appUrl = process.env.E2E_APP_URL ?? 'http://127.0.0.1:3199';
const idp = await startTestIdentityProvider({
  clients: [
    {
      clientId: councilLogin.clientId,
      clientSecret: councilLogin.clientSecret,
      redirectUris: [`${appUrl}/api/auth/callback/${councilLogin.name}`],
    },
  ],
});
console.log(`identity provider at ${idp.issuer}`);

const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
