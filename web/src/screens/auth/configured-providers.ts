/**
 * The sign-in providers this troop configured, as the server names them in index.html
 * (`<meta name="scout-auth-providers">`, server/src/http/spa.ts): known at first paint, with no
 * request. A page served without the meta (the Vite dev server) offers none.
 */
export function readConfiguredProviders(
  metaContent: (name: string) => string | null | undefined,
): string[] {
  return (metaContent('scout-auth-providers') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== 'email');
}
