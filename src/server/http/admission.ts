import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { EXPENSIVE_TOP } from '../../api/endpoints/search.js';
import { expensiveConcurrency } from '../config.js';
import type { AnyEndpoint } from '../../api/endpoint.js';
import { HttpProblem } from '../../api/problem.js';

/** How many expensive requests may wait for a turn before the next is refused. */
export const EXPENSIVE_QUEUE = 16;

/**
 * Whether a call needs a turn, as its declaration's `cost` says; `arg` reads its arguments (a REST query string,
 * or an MCP tool's arguments), so both doors class the same work the same way.
 */
export function isExpensive(endpoint: Pick<AnyEndpoint, 'cost'>, arg: (name: string) => unknown): boolean {
  return endpoint.cost?.(arg) === 'expensive';
}

/**
 * Bounds the share of the event loop expensive requests (RAG, large searches, glossary lookups) may take, so that a few clients
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

  /** Waits for a turn and returns the function that ends it; throws the 503 problem when the queue is full. */
  async acquire(): Promise<() => void> {
    if (this.waiting >= this.queue) {
      const detail = `The server is busy with expensive requests (RAG, search with top over ${EXPENSIVE_TOP}, glossary lookups); retry after ${this.retryAfterSeconds} s.`;
      throw new HttpProblem(503, detail, undefined, { 'retry-after': String(this.retryAfterSeconds) });
    }
    this.waiting++;
    while (this.running >= this.limit || performance.now() < this.coolUntil) await sleep(Math.max(1, this.coolUntil - performance.now()));
    this.waiting--;
    this.running++;
    const started = performance.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running--;
      const now = performance.now();
      this.coolUntil = Math.max(this.coolUntil, now + (now - started));
    };
  }

  /** Waits for a turn held for the life of `res` (its body is rendered and sent too), or returns the 503 to send. */
  async enter(res: ServerResponse): Promise<HttpProblem | undefined> {
    try {
      res.once('close', await this.acquire());
      return undefined;
    } catch (error) {
      if (error instanceof HttpProblem) return error;
      throw error;
    }
  }

  /** Runs `work` in a turn; throws the 503 problem when the queue is full. */
  async run<T>(work: () => T | Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

const SHARED = Symbol.for('occ.expensive-admission');

/**
 * The one admission of this process. The front server (dist/main.mjs) and Astro's bundle (which holds the MCP
 * endpoint) each have their own copy of this module, so the instance is kept on globalThis: REST and MCP
 * requests then take the same turns.
 */
export function expensiveWork(): Admission {
  const shared = globalThis as Record<symbol, Admission | undefined>;
  return (shared[SHARED] ??= new Admission(expensiveConcurrency(), EXPENSIVE_QUEUE));
}
