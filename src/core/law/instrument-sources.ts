/**
 * What an instrument's id covers when a request names it as a source: every version of its text, in every
 * language, and the explainers about it. An instrument is split over several sources (the text as published, each
 * consolidation, each language, our explainers), and an agent asking about "the AI Act" wants whichever of them
 * answer on the day asked, not one of them chosen by id. An instrument whose dates the facts files describe covers
 * the explainers about it even where none of its texts is indexed (a service started without the law).
 */
import { InstrumentNames } from '../verify/instruments.js';
import type { LawVersions } from './versions.js';
import type { SourceMeta } from '../types.js';

/** An instrument the service knows of without its text: its id and its title, as a timeline file gives them. */
export interface DescribedInstrument {
  instrument: string;
  /** "AI Act (Regulation (EU) 2024/1689)", "NIS 2 Directive (NIS 2, NIS2, Directive (EU) 2022/2555)". */
  title: string;
}

/** A timeline title's names: the name before the brackets and each one listed inside them. */
function titleNames(title: string): string[] {
  const parts = /^(.*?)\s*\((.*)\)\s*$/.exec(title);
  return parts === null ? [title] : [parts[1] ?? '', ...(parts[2] ?? '').split(/,\s*/)].filter((name) => name !== '');
}

/**
 * For each versioned or described instrument, its sources: the versions' (oldest first, each language) and then the
 * explainers about it, in the order given. An explainer is about an instrument when a name its `about` gives for an
 * original is, whole, one of the instrument's names ("AI Act", "Regulation (EU) 2024/1689").
 */
export function instrumentSources(
  law: LawVersions,
  sources: readonly Pick<SourceMeta, 'id' | 'title' | 'publisher' | 'cited_as' | 'about'>[],
  described: readonly DescribedInstrument[] = [],
): Map<string, string[]> {
  const byId = new Map(sources.map((s) => [s.id, s]));
  type Named = Pick<SourceMeta, 'title' | 'publisher' | 'cited_as'>;
  const metas = new Map<string, Named[]>(law.instruments().map((instrument) => [instrument, law.versionsOf(instrument).flatMap((v) => byId.get(v.source) ?? [])]));
  for (const { instrument, title } of described) metas.set(instrument, [...(metas.get(instrument) ?? []), { title, publisher: '', cited_as: titleNames(title) }]);
  const names = new InstrumentNames(metas);
  const covered = new Map([...metas.keys()].sort().map((instrument) => [instrument, law.versionsOf(instrument).map((v) => v.source)]));
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
