// The troop's own OpenID Connect login in the browser journeys: a real provider
// (server/test/oidc-provider.ts) started by support/identity-provider.ts, and the app server
// configured with it by support/start-server.mjs.
export const councilLogin = {
  name: 'council-login',
  label: 'Council Login',
  clientId: 'scout-platform-e2e',
  clientSecret: 'council-login-e2e-secret',
};
