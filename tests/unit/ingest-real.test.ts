import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/core/ingest/ingest.js';
import { compare, countsFor, REAL_FILES, sharedAvailable } from '../../scripts/ingest-counts.js';

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
