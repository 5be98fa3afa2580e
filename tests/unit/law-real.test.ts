/**
 * The AI Act as published and as consolidated on 2026-07-27, ingested from ../shared/raw (skipped without it): the
 * versions come from the documents' own statements, and the provisions the amending regulation inserted, moved
 * and left stand where the issue says they do.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED } from '../../scripts/ingest-counts.js';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { ingest } from '../../src/core/ingest/ingest.js';
import { lookUpProvision } from '../../src/core/law/lookup.js';
import { provisionsByVersion, provisionTable, type Provision } from '../../src/core/law/provisions.js';
import { LawVersions } from '../../src/core/law/versions.js';

const raw = (name: string) => path.join(SHARED, 'raw', name);
const FILES = ['eu-ai-act-oj-l-2024-1689-en.html', 'eu-ai-act-consolidated-2026-07-27-en.html', 'eu-2026-1744-digital-omnibus-ai-en.html'];

describe.skipIf(!FILES.every((f) => existsSync(raw(f))))('the AI Act on any date (../shared/raw)', () => {
  let law: LawVersions;
  let provisions: Map<string, Map<string, Provision>>;
  const on = (anchor: string, date: string) => lookUpProvision(law, provisions, { instrument: 'eu-reg-2024-1689', anchor, date });

  beforeAll(async () => {
    const files = await Promise.all(
      FILES.map(async (f) => {
        const result = await ingest(new Uint8Array(readFileSync(raw(f))), { origin: raw(f), today: '2026-11-28' });
        return { collection: 'sources' as const, file: `sources/${result.id}.md`, text: result.text };
      }),
    );
    const { sources } = buildCorpus(files);
    law = new LawVersions(sources.map((s) => s.meta));
    provisions = provisionsByVersion(law, provisionTable(sources));
  }, 120_000);

  it('reads two versions of the AI Act and the amending act from the documents', () => {
    expect(law.versionsOf('eu-reg-2024-1689').map((v) => [v.source, v.in_force_from, v.in_force_to, v.amended_by])).toEqual([
      ['eu-reg-2024-1689', '2024-08-01', '2026-07-26', []],
      ['eu-reg-2024-1689-2026-07-27', '2026-07-27', null, ['eu-reg-2026-1744']],
    ]);
    expect(law.versionsOf('eu-reg-2026-1744').map((v) => v.in_force_from)).toEqual(['2026-07-27']);
  });

  it('finds the inserted Articles 4a, 60a and 75a to 75d in the consolidated text only', () => {
    for (const anchor of ['art-4a', 'art-60a', 'art-75a', 'art-75b', 'art-75c', 'art-75d']) {
      const found = on(anchor, '2026-11-28');
      expect(found.found && found.history.map((h) => h.change), anchor).toEqual(['inserted']);
      expect(on(anchor, '2026-01-15'), anchor).toMatchObject({ found: false, reason: 'date' });
    }
  });

  it('dates Annex III obligations by Article 113 as it stood: 2 August 2026, then 2 December 2027', () => {
    const before = on('art-113', '2026-01-15');
    const after = on('art-113', '2026-11-28');
    expect(before.found && before.provision.text).toContain('2 August 2026');
    expect(before.found && before.provision.text).not.toContain('2 December 2027');
    expect(after.found && after.provision.text).toContain('2 December 2027');
    expect(after.found && after.history.map((h) => h.change)).toEqual(['inserted', 'amended']);
  });

  it('has Article 5(1)(ba) from 2026-07-27 and not the day before', () => {
    expect(on('art-5-1-ba', '2026-07-26')).toMatchObject({ found: false, reason: 'date' });
    const found = on('art-5-1-ba', '2026-07-27');
    expect(found.found && found.version.source).toBe('eu-reg-2024-1689-2026-07-27');
  });

  it('counts what the amendment changed, and keeps the recitals with the text as published', () => {
    const [published, consolidated] = law.versionsOf('eu-reg-2024-1689').map((v) => provisions.get(v.source) ?? new Map<string, Provision>());
    const anchors = new Set([...published!.keys(), ...consolidated!.keys()]);
    const count = { inserted: 0, amended: 0, deleted: 0, unchanged: 0 };
    for (const anchor of anchors) {
      const a = published!.get(anchor);
      const b = consolidated!.get(anchor);
      if (anchor.startsWith('recital-')) continue;
      if (!a) count.inserted++;
      else if (!b) count.deleted++;
      else if (a.text.replace(/\s+/g, ' ') === b.text.replace(/\s+/g, ' ')) count.unchanged++;
      else count.amended++;
    }
    console.log(`[law] AI Act 2024 → 2026-07-27: ${JSON.stringify(count)}; recitals ${[...published!.keys()].filter((k) => k.startsWith('recital-')).length}`);
    expect(count.inserted).toBeGreaterThan(6);
    expect(count.amended).toBeGreaterThan(0);
    expect(count.unchanged).toBeGreaterThan(count.amended);
    // The consolidation holds no recitals; it carries those of the text as published, which hold them.
    expect([...consolidated!.values()].filter((p) => p.anchor.startsWith('recital-')).every((p) => p.from === 'eu-reg-2024-1689')).toBe(true);
  });
});
