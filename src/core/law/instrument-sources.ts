/**
 * What an instrument's id covers when a request names it as a source: every version of its text, in every
 * language, and the explainers about it. An instrument is split over several sources (the text as published, each
 * consolidation, each language, our explainers), and an agent asking about "the AI Act" wants whichever of them
 * answer on the day asked, not one of them chosen by id.
 */
import type { InstrumentNames } from '../verify/instruments.js';
import type { LawVersions } from './versions.js';
import type { SourceMeta } from '../types.js';

/**
 * For each versioned instrument, its sources: the versions' (oldest first, each language) and then the explainers
 * about it, in the order given. An explainer is about an instrument when a name its `about` gives for an original
 * is, whole, one of the instrument's names ("AI Act", "Regulation (EU) 2024/1689").
 */
export function instrumentSources(law: LawVersions, names: InstrumentNames, sources: readonly Pick<SourceMeta, 'id' | 'about'>[]): Map<string, string[]> {
  const covered = new Map(law.instruments().map((instrument) => [instrument, law.versionsOf(instrument).map((v) => v.source)]));
  for (const source of sources) {
    const about = new Set(
      (source.about ?? []).flatMap((original) => original.names ?? []).flatMap((name) => names.find(name).filter((at) => at.start === 0 && at.end === name.length).map((at) => at.instrument)),
    );
    for (const instrument of about) {
      const ids = covered.get(instrument);
      if (ids !== undefined && !ids.includes(source.id)) ids.push(source.id);
    }
  }
  return covered;
}
