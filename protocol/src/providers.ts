/**
 * Sign-in providers as people see them. The server lists configured names at
 * `GET /api/auth/providers`; screens and the hosted sign-in page label them with this.
 */

/** What a client assumes when the server cannot be asked (docs/protocol.md, Sign-in with providers). */
export const FALLBACK_PROVIDERS: readonly string[] = ['email', 'google'];

const KNOWN_LABELS: Readonly<Record<string, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  github: 'GitHub',
  apple: 'Apple',
};

/** `google` -> `Google`; a name of the troop's own (`council-login`) -> `Council Login`. */
export function providerLabel(name: string): string {
  return (
    KNOWN_LABELS[name] ??
    name
      .split(/[-_]+/)
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
  );
}
