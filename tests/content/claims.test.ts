import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED } from '../../scripts/ingest-counts.js';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { checkClaims, claimsCorpus, figureClaimInstruments } from '../../src/core/facts/claims.js';
import { loadFacts } from '../../src/core/facts/load.js';
import { ingest } from '../../src/core/ingest/ingest.js';
import { provisionsOf } from '../../src/core/law/provisions.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs = contentDirs('content', root);
const files = readContentFiles(dirs, root);
const { entries, instruments } = claimsCorpus(buildCorpus(files), loadFacts(dirs, root), (file) => readFileSync(path.join(root, file), 'utf8'));

/** The text in force on 2026-11-28 of each instrument, where ../shared/raw has it: what the figure check reads. */
const RAW: Record<string, string> = {
  'eu-reg-2024-1689': 'eu-ai-act-consolidated-2026-07-27-en.html',
  'eu-reg-2016-679': 'gdpr-2016-679-en.html',
  'eu-reg-2022-2065': 'dsa-2022-2065-en.html',
  'eu-reg-2023-2854': 'data-act-2023-2854-en.html',
  'eu-dir-2022-2555': 'nis2-2022-2555-en.html',
  'eu-reg-2024-2847': 'cra-2024-2847-en.html',
};
const laws = new Map<string, string>();

describe('explainers agree with the facts data', () => {
  beforeAll(async () => {
    // Only the acts an explainer compares a figure with are read, and only when ../shared is there.
    const wanted = new Set(entries.flatMap((e) => figureClaimInstruments(e, instruments)));
    for (const instrument of wanted) {
      const raw = path.join(SHARED, 'raw', RAW[instrument] ?? '');
      if (RAW[instrument] === undefined || !existsSync(raw)) continue;
      const { text } = await ingest(new Uint8Array(readFileSync(raw)), { origin: raw, today: '2026-11-28' });
      laws.set(instrument, provisionsOf(text.replace(/^---[\s\S]*?\n---\n/, ''), instrument).map((p) => p.text).join('\n'));
    }
  }, 60_000);

  it('reads every entry and knows what the explainers are about', () => {
    expect(entries).toHaveLength(files.length);
    expect(entries.filter((e) => e.instrument === 'eu-reg-2024-1689').length).toBeGreaterThan(10);
  });

  it('gives no application date the timeline contradicts and attributes no figure an act does not state', () => {
    const flags = entries.flatMap((e) =>
      checkClaims(e, instruments, (i) => laws.get(i)).map((f) => `${e.file}:${f.line} (${f.kind}) ${f.message}\n  ${f.sentence}`),
    );
    expect(flags, 'correct these sentences against the law (or the facts data, if it is the data that is wrong)').toEqual([]);
  });
});
