/**
 * The facts as the server holds them: read from the build's facts.json (written by scripts/build-data.ts after
 * the checks), with the timeline and obligations over the indexed law, and a hash of the data for ETags (the
 * facts files are not part of the index's content hash).
 */
import { createHash } from 'node:crypto';
import type { LawVersions } from '../law/versions.js';
import type { ProvisionsBySource } from './law-text.js';
import { Obligations } from './obligations.js';
import type { Facts } from './rules.js';
import { Timeline } from './timeline.js';

/** Where the build keeps the checked facts beside the corpus. */
export const factsFile = 'facts.json';

export const NO_FACTS: Facts = { timelines: [], obligations: [] };

export interface LoadedFacts {
  timeline: Timeline;
  obligations: Obligations;
  /** Changes with the data, so a cached answer is not kept after a facts-only rebuild. */
  hash: string;
  facts: Facts;
}

export function loadedFacts(facts: Facts, law: LawVersions, provisions: ProvisionsBySource): LoadedFacts {
  const timeline = new Timeline(facts, law, provisions);
  return {
    timeline,
    obligations: new Obligations(facts, timeline, law, provisions),
    hash: createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 16),
    facts,
  };
}
