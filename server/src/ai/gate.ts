/**
 * At most `limit` provider calls at once in this process; the others wait in order. A waiter
 * whose client goes away leaves the queue without ever taking a place.
 */
import { ApiError } from '../errors.ts';

export interface Gate {
  /** Resolves with the function that frees the place; rejects when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<() => void>;
  readonly running: number;
  readonly waiting: number;
}

const gone = () => new ApiError('SERVICE_UNAVAILABLE', 'The request was canceled');

export function createGate(limit: number): Gate {
  let running = 0;
  const queue: { grant: () => void }[] = [];

  const release = () => {
    running--;
    const next = queue.shift();
    if (next) next.grant();
  };
  const place = () => {
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      release();
    };
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    acquire(signal) {
      if (signal.aborted) return Promise.reject(gone());
      if (running < limit) {
        running++;
        return Promise.resolve(place());
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          grant: () => {
            signal.removeEventListener('abort', onAbort);
            running++;
            resolve(place());
          },
        };
        const onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(gone());
        };
        signal.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    },
  };
}
