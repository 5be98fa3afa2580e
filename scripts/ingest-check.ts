/**
 * `npm run ingest:check [-- --out <dir>]`: ingests the three real publications in ../shared/raw and compares
 * their structure with the hand-made conversions in ../shared/corpora (Articles, recitals, annexes, chapters;
 * NIST categories and subcategories), printing found vs expected and the time each ingest took. Exits 1 on
 * any difference; skips (exit 0) when ../shared is absent. With --out the sources are kept there, ready for
 * `OCC_CONTENT_DIR=<dir> npm run build`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ingest } from '../src/core/ingest/ingest.js';
import { writeSource } from '../src/core/ingest/output.js';
import { compare, countsFor, REAL_FILES, SHARED, sharedAvailable } from './ingest-counts.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });

if (!sharedAvailable()) {
  console.log(`ingest:check skipped: ${SHARED}/raw and /corpora are not here`);
  process.exit(0);
}

const out = values.out ? path.resolve(values.out) : mkdtempSync(path.join(tmpdir(), 'occ-ingest-check-'));
let failures = 0;
try {
  for (const file of REAL_FILES) {
    const started = performance.now();
    const result = await ingest(new Uint8Array(readFileSync(file.raw)), { origin: path.relative(process.cwd(), file.raw), ...file.overrides });
    const ms = Math.round(performance.now() - started);
    const written = await writeSource(out, result.id, result.text);
    const rows = compare(countsFor(file.kind, result.text), countsFor(file.kind, readFileSync(file.reference, 'utf8')));
    console.log(`${file.name}: ${path.relative(process.cwd(), written)} in ${ms} ms (${result.stats.headings} headings, ${result.stats.paragraphs} paragraphs, ${result.stats.items} items)`);
    for (const row of rows) {
      const ok = row.missing.length === 0 && row.extra.length === 0;
      if (!ok) failures += 1;
      const detail = ok ? '' : `  missing [${row.missing.join(', ')}] extra [${row.extra.join(', ')}]`;
      console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${row.what.padEnd(14)} ${String(row.found).padStart(4)} found / ${String(row.expected).padStart(4)} expected${detail}`);
    }
  }
} finally {
  if (!values.out) rmSync(out, { recursive: true, force: true });
}
if (values.out) console.log(`sources kept in ${out}; build them with OCC_CONTENT_DIR=${out} npm run build`);
process.exitCode = failures > 0 ? 1 : 0;
