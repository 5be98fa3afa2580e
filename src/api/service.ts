/**
 * What a handler needs from the loaded corpus, as an interface: the server implements it (src/server/engine.ts)
 * and passes it to every handler in its `Context`, so the contract depends on nothing above it.
 */
import type { Change } from '../core/changes.js';
import type { CorpusArtifact } from '../core/corpus/artifact.js';
import type { GlossaryFinder } from '../core/glossary.js';
import type { loadEngine } from '../core/search/load.js';
import type { LoadedFacts } from '../core/facts/build.js';
import type { Provision } from '../core/law/provisions.js';
import type { LawVersions } from '../core/law/versions.js';
import type { ApplicationDates } from '../core/verify/checks.js';
import type { InstrumentNames } from '../core/verify/instruments.js';
import type { SourceMeta } from '../core/types.js';
import type { wisdomCategories } from '../core/wisdom.js';
import type { Example } from './example.js';
import type { SourceItem } from './types.js';

export interface Service {
  corpus: CorpusArtifact;
  engine: ReturnType<typeof loadEngine>['engine'];
  indexMeta: ReturnType<typeof loadEngine>['meta'];
  glossary: GlossaryFinder;
  sourcesById: ReadonlyMap<string, SourceMeta>;
  sourceItems: SourceItem[];
  categories: ReturnType<typeof wisdomCategories>;
  /** The versions of each instrument whose texts are indexed, and what is in force on a date. */
  law: LawVersions;
  /** Each version's provisions by anchor (`art-5-1-f`), by source id. */
  provisions: ReadonlyMap<string, ReadonlyMap<string, Provision>>;
  /** The names each versioned instrument goes by ("AI Act", "GDPR", "2024/1689"), for reading citations in a text. */
  instrumentNames: InstrumentNames;
  /** Each instrument's sources, versioned or dated by the timeline: its versions' texts, then the explainers about it (law/instrument-sources.ts). */
  instrumentSources: ReadonlyMap<string, readonly string[]>;
  /** When the provisions the timeline dates apply (content/timeline); /verify checks an application date against it before the text's own dates. */
  applicationDates: ApplicationDates;
  /** The instruments' dated events and the obligations of their roles (docs/facts.md). */
  facts: LoadedFacts;
  /** Every changelog line of the corpus, newest first, for /changes. */
  changes: readonly Change[];
  /** Months after its as_of that an entry counts as stale (OCC_STALE_MONTHS, read by the server). */
  staleMonths: number;
  /** Semver of the running service. */
  version: string;
  /** How many worker processes serve now. */
  workers(): number;
  /** The documented example exchanges, made by the build by running every declared example call. */
  examples: Readonly<Record<string, Example[]>>;
  startedAt: number;
}
