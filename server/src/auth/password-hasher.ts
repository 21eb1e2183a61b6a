/**
 * argon2id on a pool of low-priority threads, one per core, started at the first use (a server
 * that nobody signs in to keeps no threads). Tasks queue in order when every thread is busy.
 * See hash-worker.js for why the threads run at low priority.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';

type Task =
  | { op: 'hash'; password: string; options: Options }
  | { op: 'verify'; stored: string; password: string };

interface Pending {
  task: Task;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Thread {
  worker: Worker;
  busy: Pending | null;
}

const WORKER_URL = new URL('./hash-worker.js', import.meta.url);
const SIZE = Math.max(1, os.availableParallelism());
const threads: Thread[] = [];
const queue: Pending[] = [];
let nextId = 0;

function startThread(): Thread {
  const thread: Thread = { worker: new Worker(WORKER_URL), busy: null };
  thread.worker.on('message', (msg: { result?: unknown; error?: string }) => {
    const done = thread.busy;
    thread.busy = null;
    thread.worker.unref();
    if (done) {
      if (msg.error !== undefined) done.reject(new Error(msg.error));
      else done.resolve(msg.result);
    }
    dispatch();
  });
  thread.worker.on('error', (err) => {
    // A thread that died takes its task with it; a new one replaces it.
    thread.busy?.reject(err);
    threads.splice(threads.indexOf(thread), 1);
    dispatch();
  });
  // An idle thread never keeps the process alive; a busy one does, until its answer arrives.
  thread.worker.unref();
  threads.push(thread);
  return thread;
}

function dispatch(): void {
  while (queue.length > 0) {
    const idle =
      threads.find((t) => t.busy === null) ?? (threads.length < SIZE ? startThread() : undefined);
    if (!idle) return;
    const pending = queue.shift() as Pending;
    idle.busy = pending;
    idle.worker.ref();
    idle.worker.postMessage({ id: nextId++, ...pending.task });
  }
}

function run<T>(task: Task): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ task, resolve: resolve as (v: unknown) => void, reject });
    dispatch();
  });
}

export const hashOnPool = (password: string, options: Options) =>
  run<string>({ op: 'hash', password, options });
export const verifyOnPool = (stored: string, password: string) =>
  run<boolean>({ op: 'verify', stored, password });
