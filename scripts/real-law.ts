/**
 * The AI Act as published and as consolidated on 2026-07-27, the amending act and the GDPR, ingested from
 * ../shared/raw as the build would, with their versions, provisions, names and the shipped timeline's dates: what the citation check's
 * real-data test and `scripts/verify-eval.ts` run on. Undefined without ../shared.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpus } from '../src/core/corpus/corpus.js';
import { loadedFacts } from '../src/core/facts/build.js';
import { loadFacts } from '../src/core/facts/load.js';
import { ingest } from '../src/core/ingest/ingest.js';
import { provisionsByVersion, provisionTable } from '../src/core/law/provisions.js';
import { LawVersions } from '../src/core/law/versions.js';
import { instrumentNames } from '../src/core/verify/instruments.js';
import type { VerifyLaw } from '../src/core/verify/verify.js';
import { SHARED } from './ingest-counts.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export const REAL_LAW_FILES = ['eu-ai-act-oj-l-2024-1689-en.html', 'eu-ai-act-consolidated-2026-07-27-en.html', 'eu-2026-1744-digital-omnibus-ai-en.html', 'gdpr-2016-679-en.html'].map((f) =>
  path.join(SHARED, 'raw', f),
);

export const hasRealLaw = () => REAL_LAW_FILES.every((f) => existsSync(f));

export async function loadRealLaw(): Promise<VerifyLaw | undefined> {
  if (!hasRealLaw()) return undefined;
  const files = await Promise.all(
    REAL_LAW_FILES.map(async (f) => {
      const result = await ingest(new Uint8Array(readFileSync(f)), { origin: f, today: '2026-11-28' });
      return { collection: 'sources' as const, file: `sources/${result.id}.md`, text: result.text };
    }),
  );
  const { sources } = buildCorpus(files);
  const law = new LawVersions(sources.map((s) => s.meta));
  const metas = new Map(sources.map((s) => [s.meta.id, s.meta]));
  const provisions = provisionsByVersion(law, provisionTable(sources));
  // The shipped timeline dates the provisions whose application an answer states, as the service does.
  const { applicationDates } = loadedFacts(loadFacts([path.join(root, 'content')], root), law, provisions);
  return { law, provisions, names: instrumentNames(law, (id) => metas.get(id)), applicationDates };
}
