import { describe, expect, it } from 'vitest';
import { trim, typeLabel } from '../../../src/site/api-reference.js';

describe('typeLabel', () => {
  it('names refs, consts, unions, ranges, tuples and arrays', () => {
    expect(typeLabel({ $ref: '#/components/schemas/SearchResult' })).toBe('SearchResult');
    expect(typeLabel({ const: 'ok' })).toBe('"ok"');
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel({ type: 'integer', minimum: 1, maximum: 50, default: 5 })).toBe('integer 1–50 default 5');
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/Chunk' } })).toBe('array of Chunk');
    expect(typeLabel({ type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }] })).toBe('[integer, integer]');
  });
});

describe('trim', () => {
  it('keeps two items of a list and cuts long texts, but never highlight offsets or paths', () => {
    const long = 'x'.repeat(300);
    const out = trim({ results: [1, 2, 3], text: long, highlights: [[0, 1], [2, 3], [4, 5]], path: ['a', 'b', 'c'] }) as Record<string, unknown>;
    expect(out['results']).toEqual([1, 2]);
    expect(String(out['text'])).toHaveLength(242);
    expect(out['highlights']).toHaveLength(3);
    expect(out['path']).toHaveLength(3);
  });
});
