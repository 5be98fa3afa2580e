/**
 * The legal question sets `npm run eval` reads (tests/fixtures/queries/legal.jsonl): well formed everywhere, and,
 * where the team's copies of the texts are beside the repo, every expected pinpoint names lines in its source (a
 * pinpoint naming nothing would make its question unanswerable and quietly lower every figure).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePinpoint } from '../../src/core/legal/address.js';
import { splitSections } from '../../src/core/chunking/sections.js';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { LEGAL_SPLITS, pinpointNeedles } from '../../src/core/eval/pinpoints.js';

interface LegalQuery {
  id: string;
  text: string;
  split: string;
  relevant: { source: string; pinpoint: string }[];
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const queries = readFileSync(path.join(root, 'tests/fixtures/queries/legal.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as LegalQuery);
const SOURCES = ['eu-ai-act', 'nist-ai-rmf', 'oecd-ai-recommendation'];

describe('the legal question sets', () => {
  it('have unique ids, a known split, a question and parseable pinpoints in a known source', () => {
    expect(new Set(queries.map((q) => q.id)).size).toBe(queries.length);
    const bad = queries.filter(
      (q) =>
        !(LEGAL_SPLITS as readonly string[]).includes(q.split) ||
        q.text.trim().length < 10 ||
        q.relevant.length === 0 ||
        q.relevant.some((r) => !SOURCES.includes(r.source) || parsePinpoint(r.pinpoint) === undefined),
    );
    expect(bad.map((q) => q.id)).toEqual([]);
  });

  const corpora = path.resolve(root, '../shared/corpora');
  it.skipIf(!existsSync(corpora))('expect pinpoints that name lines in the texts of ../shared/corpora', () => {
    const sections = new Map<string, ReturnType<typeof splitSections>['sections']>();
    for (const corpus of SOURCES) {
      const dir = path.join(corpora, corpus);
      for (const source of buildCorpus(readContentFiles(contentDirs(dir, dir), dir)).sources) sections.set(source.meta.id, splitSections(source.body, source.meta.title).sections);
    }
    const unnamed = queries.flatMap((q) => q.relevant.filter((r) => pinpointNeedles(sections.get(r.source) ?? [], r.pinpoint) === undefined).map((r) => `${q.id} ${r.pinpoint}`));
    expect(unnamed).toEqual([]);
    // Reads and sections three whole texts: seconds on a loaded two-core machine.
  }, 60_000);
});
