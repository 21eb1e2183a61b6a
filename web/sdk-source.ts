/**
 * The web app reads the SDK from its TypeScript sources, modules the package keeps internal
 * (`@scout/sdk/calendar`, `@scout/sdk/http`, ...) included. Aliased here, for Vite and Vitest,
 * rather than exported by sdk/package.json: that manifest is the published one, and names only
 * files its tarball holds (sdk/README.md). web/tsconfig.json maps the same paths for the types.
 */
import { fileURLToPath } from 'node:url';

const sdkSrc = fileURLToPath(new URL('../sdk/src/', import.meta.url));

export const sdkFromSource = [
  { find: /^@scout\/sdk$/, replacement: `${sdkSrc}index.ts` },
  { find: /^@scout\/sdk\/(.+)$/, replacement: `${sdkSrc}$1.ts` },
];
