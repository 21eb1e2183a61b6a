/**
 * The program each password-hashing thread runs (see password-hasher.ts). Plain JavaScript, so
 * the same file serves the server run from source and the compiled one.
 *
 * The thread lowers its own scheduling priority first: on Linux a thread's nice value is its own,
 * so argon2id (deliberately expensive) takes whatever CPU the event loop leaves, and a storm of
 * sign-ins never makes every other request wait for a core.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

try {
  os.setPriority(0, 10);
} catch {
  // Not permitted here: the thread runs at normal priority, which is still correct.
}

parentPort?.on('message', (task) => {
  try {
    const result =
      task.op === 'hash'
        ? hashSync(task.password, task.options)
        : verifySync(task.stored, task.password);
    parentPort?.postMessage({ id: task.id, result });
  } catch (err) {
    parentPort?.postMessage({
      id: task.id,
      error: err instanceof Error ? err.message : String(err),
    });
  }
});
