import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpProblem } from './problem.js';

/** A search asking for more results than this counts as expensive. */
export const EXPENSIVE_TOP = 20;

/** Whether a request to `endpointId` with `search` params is expensive enough to need a turn. */
export function isExpensive(endpointId: string, search: URLSearchParams): boolean {
  return endpointId === 'rag' || (endpointId === 'search' && Number(search.get('top')) > EXPENSIVE_TOP);
}

/**
 * Bounds the share of the event loop expensive requests (RAG, large searches) may take, so that a few clients
 * sending them cannot starve everyone else. Their work is synchronous, so queued ones would run back to back:
 * instead at most `limit` run at once, and after one ends as long again passes before the next starts, which
 * leaves the loop to other requests at least half the time. Up to `queue` wait their turn; past that the
 * answer is an immediate 503 with Retry-After, which costs next to nothing.
 */
export class Admission {
  private running = 0;
  private waiting = 0;
  private coolUntil = 0;

  constructor(
    private readonly limit: number,
    private readonly queue: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  /** Waits for a turn held for the life of `res`, or returns the 503 to send. */
  async enter(res: ServerResponse): Promise<HttpProblem | undefined> {
    if (this.waiting >= this.queue) {
      const detail = `The server is busy with expensive requests (RAG, or search with top over ${EXPENSIVE_TOP}); retry after ${this.retryAfterSeconds} s.`;
      return new HttpProblem(503, detail, undefined, { 'retry-after': String(this.retryAfterSeconds) });
    }
    this.waiting++;
    while (this.running >= this.limit || performance.now() < this.coolUntil) await sleep(Math.max(1, this.coolUntil - performance.now()));
    this.waiting--;
    this.running++;
    const started = performance.now();
    res.once('close', () => {
      this.running--;
      const now = performance.now();
      this.coolUntil = Math.max(this.coolUntil, now + (now - started));
    });
    return undefined;
  }
}
