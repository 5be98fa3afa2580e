/**
 * Provenance nobody can mistake (issue 33, section 1): every shipped source says what kind it is, and every
 * explainer, ours, names the originals it explains with their own publisher and official address.
 */
import matter from 'gray-matter';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const files = readContentFiles(contentDirs('content', root), root).filter((f) => f.collection === 'sources');
const { sources } = buildCorpus(readContentFiles(contentDirs('content', root), root));

describe('the provenance of the shipped sources', () => {
  it('states kind in every source file, not left to inference', () => {
    const unstated = files.filter((f) => !['primary', 'explainer'].includes((matter(f.text, {}).data as Record<string, unknown>)['kind'] as string)).map((f) => f.file);
    expect(files.length).toBeGreaterThan(0);
    expect(unstated).toEqual([]);
  });

  it('names, for each explainer, the originals with their publisher and official https address; never our own', () => {
    for (const { meta } of sources.filter((s) => s.meta.kind === 'explainer')) {
      expect(meta.publisher, meta.id).toBe('OCC contributors');
      expect(meta.license, meta.id).toBe('CC-BY-4.0');
      expect(meta.about?.length ?? 0, meta.id).toBeGreaterThan(0);
      for (const original of meta.about ?? []) {
        expect(original.publisher, meta.id).not.toMatch(/^OCC\b/);
        expect(original.url, meta.id).toMatch(/^https?:\/\//);
      }
    }
  });
});
