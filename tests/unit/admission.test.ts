/**
 * The admission of expensive work (src/server/http/admission.ts): which calls need a turn, whichever door they
 * come by, and the turns themselves: one at a time, a bounded queue, then a 503 naming when to retry.
 */
import { describe, expect, it } from 'vitest';
import { Admission, expensiveWork, isExpensive } from '../../src/server/http/admission.js';
import { glossary } from '../../src/api/endpoints/glossary.js';
import { health } from '../../src/api/endpoints/health.js';
import { rag } from '../../src/api/endpoints/rag.js';
import { search } from '../../src/api/endpoints/search.js';
import { HttpProblem } from '../../src/api/problem.js';

const query = (q: string) => (name: string) => new URLSearchParams(q).get(name);

describe('isExpensive', () => {
  it("classes, by each declaration's cost, RAG, a search with top over 20 and a glossary lookup with q, from a query string or tool arguments", () => {
    expect(isExpensive(rag, query(''))).toBe(true);
    expect(isExpensive(search, query('q=risk&top=21'))).toBe(true);
    expect(isExpensive(search, query('q=risk&top=20'))).toBe(false);
    expect(isExpensive(search, query('q=risk'))).toBe(false);
    expect(isExpensive(glossary, query('q=a'))).toBe(true);
    expect(isExpensive(glossary, query(''))).toBe(false);
    const args = { q: 'risk', top: 30 } as Record<string, unknown>;
    expect(isExpensive(search, (name) => args[name])).toBe(true);
    expect(isExpensive(glossary, (name) => ({} as Record<string, unknown>)[name])).toBe(false);
    expect(isExpensive(health, query(''))).toBe(false);
  });
});

describe('Admission', () => {
  it('runs one at a time, queues up to its bound, then refuses with 503 and Retry-After', async () => {
    const admission = new Admission(1, 1);
    const first = await admission.acquire();
    let secondIn = false;
    const second = admission.run(() => (secondIn = true));
    const refused = await admission.acquire().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpProblem);
    expect(refused).toMatchObject({ status: 503, headers: { 'retry-after': '1' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(secondIn).toBe(false);
    first();
    await second;
    expect(secondIn).toBe(true);
  });

  it('is one per process, whichever bundle asks', () => {
    expect(expensiveWork()).toBe(expensiveWork());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('occ.expensive-admission')]).toBe(expensiveWork());
  });
});
