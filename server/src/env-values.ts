/** Reading configuration values from the environment, with one-line errors (config.ts). */
export type Env = Record<string, string | undefined>;

/** A whole number from `min` to `max`; `dflt` when unset or empty. */
export function wholeNumber(
  env: Env,
  name: string,
  dflt: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}
