/**
 * Work that runs after the answer is sent (looking up the account and mailing it), so the answer
 * and its timing do not depend on whether the account exists. Closing the app waits for it.
 */
export interface ErrorLog {
  error(detail: object, message: string): void;
}

export function backgroundTasks(log: ErrorLog) {
  const pending = new Set<Promise<void>>();
  return {
    run(what: string, task: () => Promise<unknown>) {
      const p: Promise<void> = task()
        .then(
          () => undefined,
          (err: unknown) => log.error({ err }, `${what} failed`),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
