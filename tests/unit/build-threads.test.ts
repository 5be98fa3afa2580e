/** The parallel data build: worker threads compile the sources, and the files come out byte for byte as on one thread. */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFiles } from '../../src/core/build-files.js';
import { buildThreads, PARALLEL_MIN_CHARS } from '../../scripts/build-config.js';
import { readContentFiles } from '../../src/core/corpus/load-fs.js';
import { DEFAULT_RANKING } from '../../src/core/index/build.js';
import { writeBuild } from '../../src/core/pipeline.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'occ-threads-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The content fixture (glossary, wisdom), the references fixture (an instrument's text cited across sources) and
 * enough generated guides citing it that the sources go out in several batches to several workers.
 */
function fixture(): string {
  const dir = path.join(tmp, 'content');
  cpSync(fileURLToPath(new URL('../fixtures/content', import.meta.url)), dir, { recursive: true });
  cpSync(fileURLToPath(new URL('../fixtures/references/sources', import.meta.url)), path.join(dir, 'sources'), { recursive: true });
  const words = ['register', 'model', 'provider', 'contact', 'entry', 'annex', 'duty', 'public', 'update', 'address'];
  for (let i = 0; i < 90; i++) {
    const sections = Array.from({ length: 1 + (i % 4) }, (_, s) => {
      const prose = Array.from({ length: 20 + ((i * 7 + s) % 60) }, (_, w) => words[(i * 3 + s * 5 + w * w) % words.length]).join(' ');
      return `## Part ${s + 1} of guide ${i}\n\nUnder Article 2(${1 + (s % 2)}) of the Mini Act a ${prose}. See Annex I and Article ${1 + (i % 3)}.`;
    });
    const front = `---\nid: guide-${String(i).padStart(3, '0')}\ntitle: "Guide ${i} to model registers"\nas_of: 2026-11-20\nabout:\n  - {title: Mini Act, publisher: Fixture Office, url: "https://example.org/mini-act", names: [Mini Act]}\n---\n\n`;
    writeFileSync(path.join(dir, 'sources', `guide-${String(i).padStart(3, '0')}.md`), front + `Guide ${i} on the Mini Act's register.\n\n${sections.join('\n\n')}\n`);
  }
  return dir;
}

const files = readContentFiles([fixture()]);
const builtAt = new Date('2026-02-03T04:05:06Z');

async function build(threads: number): Promise<{ index: Buffer; corpus: Buffer; chunks: number }> {
  const out = path.join(tmp, `build-${threads}`);
  mkdirSync(out, { recursive: true });
  const stats = await writeBuild(files, out, builtAt, DEFAULT_RANKING, threads);
  const written = buildFiles(out);
  return { index: readFileSync(written.index), corpus: readFileSync(written.corpus), chunks: stats.chunks };
}

describe('parallel data build', () => {
  it('writes the same bytes on 2 and 3 worker threads as on the main thread alone', async () => {
    const one = await build(1);
    expect(one.chunks).toBeGreaterThan(200);
    for (const threads of [2, 3]) {
      const many = await build(threads);
      expect(many.chunks).toBe(one.chunks);
      expect(many.index.equals(one.index), `index.bin on ${threads} threads`).toBe(true);
      expect(many.corpus.equals(one.corpus), `corpus.bin on ${threads} threads`).toBe(true);
    }
  }, 120_000);

  it('reads the thread count from OCC_BUILD_THREADS, else one per core for large content, and refuses anything else', () => {
    expect(buildThreads({ OCC_BUILD_THREADS: '3' }, 0)).toBe(3);
    expect(buildThreads({ OCC_BUILD_THREADS: '1' }, PARALLEL_MIN_CHARS)).toBe(1);
    expect(buildThreads({}, PARALLEL_MIN_CHARS)).toBe(availableParallelism());
    expect(buildThreads({ OCC_BUILD_THREADS: '' }, PARALLEL_MIN_CHARS - 1)).toBe(1);
    for (const bad of ['0', '-1', '1.5', 'all']) expect(() => buildThreads({ OCC_BUILD_THREADS: bad }, 0)).toThrow(/OCC_BUILD_THREADS must be a whole number/);
  });
});
