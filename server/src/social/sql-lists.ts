/** `?, ?, ?` for an IN list of `n` values (n > 0), the same on both stores. */
export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');
