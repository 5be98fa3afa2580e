import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest, titleEli } from '../../src/core/ingest/ingest.js';
import { compare, countsFor, REAL_FILES, SHARED, sharedAvailable } from '../../scripts/ingest-counts.js';
import { buildCorpus } from '../../src/core/corpus/corpus.js';

/**
 * The real publications in ../shared/raw must come out with the same structure as the hand-made conversions
 * (`npm run ingest:check` prints the same comparison with timings). Skipped where ../shared is absent.
 */
describe.skipIf(!sharedAvailable())('ingest of the real publications in ../shared/raw', () => {
  for (const file of REAL_FILES.filter((f) => f.kind !== 'nist-playbook')) {
    it(`${file.name}: same structure as the hand-made conversion`, { timeout: 60_000 }, async () => {
      const result = await ingest(new Uint8Array(readFileSync(file.raw)), { origin: file.raw, ...file.overrides });
      const rows = compare(countsFor(file.kind, result.text), countsFor(file.kind, readFileSync(file.reference, 'utf8')));
      for (const row of rows) expect({ what: row.what, missing: row.missing, extra: row.extra }).toEqual({ what: row.what, missing: [], extra: [] });
      expect(rows.every((row) => row.expected > 0)).toBe(true);
    });
  }
});

const raw = (name: string) => path.join(SHARED, 'raw', name);

/** Cellar's responses carry no EUR-Lex wrapper: each act takes its identity from its own title, without --url. */
describe.skipIf(!existsSync(raw('dsa-2022-2065-en.html')))('acts served by Cellar, without the EUR-Lex wrapper', () => {
  it.each([
    ['dsa-2022-2065-en.html', 'eu-reg-2022-2065', 'https://data.europa.eu/eli/reg/2022/2065/oj', '2022-10-27', 'Digital Services Act'],
    ['nis2-2022-2555-en.html', 'eu-dir-2022-2555', 'https://data.europa.eu/eli/dir/2022/2555/oj', '2022-12-27', 'DIRECTIVE (EU) 2022/2555'],
    ['eu-2026-1744-digital-omnibus-ai-en.html', 'eu-reg-2026-1744', 'https://data.europa.eu/eli/reg/2026/1744/oj', '2026-07-24', ''],
  ])('%s ingests as %s, its url its ELI', async (file, id, url, published, short) => {
    const result = await ingest(new Uint8Array(readFileSync(raw(file))), { origin: raw(file) });
    expect(result.id).toBe(id);
    const meta = buildCorpus([{ collection: 'sources', file: `sources/${id}.md`, text: result.text }]).sources[0]?.meta;
    expect(meta).toMatchObject({ kind: 'primary', url, published });
    expect(meta?.title).toContain(short);
  });
});

describe('the ELI an act has by its own title line', () => {
  it.each([
    ['REGULATION (EU) 2022/2065 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL', 'http://data.europa.eu/eli/reg/2022/2065/oj'],
    ['DIRECTIVE (EU) 2022/2555 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL', 'http://data.europa.eu/eli/dir/2022/2555/oj'],
    ['Regulation (EU) No 1025/2012 of the European Parliament and of the Council', 'http://data.europa.eu/eli/reg/2012/1025/oj'],
    ['RÈGLEMENT (UE) 2016/679 DU PARLEMENT EUROPÉEN ET DU CONSEIL', 'http://data.europa.eu/eli/reg/2016/679/oj'],
    ['COUNCIL DECISION (EU) 2024/0042', 'undefined'],
    ['DECISION (EU) 2024/42 OF THE EUROPEAN PARLIAMENT', 'http://data.europa.eu/eli/dec/2024/42/oj'],
    ['A report on Regulation (EU) 2022/2065', 'undefined'],
    ['REGULATION (EU) 2022/20651 OF', 'undefined'],
  ])('%s → %s', (title, eli) => {
    expect(String(titleEli(title))).toBe(eli);
  });
});
