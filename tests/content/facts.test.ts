/**
 * The shipped timeline and obligations files (docs/facts.md): they load and pass the rules across entries, and
 * none is dated after today. The checks against the law's text run in the build, which has the texts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFacts } from '../../src/core/facts/load.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const today = new Date().toISOString().slice(0, 10);

describe('the shipped facts files', () => {
  it('load, and none says it was checked after today', () => {
    const facts = loadFacts([path.join(root, 'content')], root);
    const future = [...facts.timelines, ...facts.obligations].filter((f) => f.data.as_of > today).map((f) => `${f.file}: as_of ${f.data.as_of}`);
    expect(future).toEqual([]);
  });
});
