/**
 * Latency as a browser sees it: requests sent one at a time, never overlapping, so the figure is
 * what one request costs rather than what the server sustains.
 */

export interface TimedRequest {
  /** Names the request in the error of a failed answer. */
  name: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * The median in ms of `samples` requests sent one after another, after `warmup` that are not
 * counted; every answer must be 200.
 */
export async function sequentialP50(
  req: TimedRequest,
  samples: number,
  warmup: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples + warmup; i++) {
    const start = performance.now();
    const res = await fetch(req.url, { headers: req.headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${req.name} answered ${res.status}`);
    if (i >= warmup) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}
