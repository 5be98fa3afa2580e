import type { Scored } from '../postings.js';
import type { QueryIntent } from '../intent.js';
import type { RuleCorpus } from './corpus.js';

/** A setting of the ranking: its name (an `EngineOptions` field), its `npm run eval` flag, its default and what it does. */
export interface Knob<K extends string = string> {
  name: K;
  /** `--<flag>` of scripts/eval.ts's grid. */
  flag: string;
  /** A switch's default is 1 (on) or 0 (off). */
  default: number;
  /** Whether the value is on/off (an `EngineOptions` boolean) rather than a weight or factor. */
  switch?: boolean;
  /** The value that turns it off (a factor's 1, a weight's 0): what `npm run eval -- --ablation` measures without. */
  off: number;
  doc: string;
}

/** The knobs' values, by name. */
export type KnobValues<K extends string = string> = Readonly<Record<K, number>>;

/** What a rule reads of one query: its intent, and what the engine's stages found for it. */
export interface RuleQuery {
  intent: QueryIntent;
  /** The question's index terms with their derived forms: a word of an Article title counts as named in either. */
  terms: ReadonlySet<string>;
  /** The chunks defining a definition question's subject (the engine's definition stage); undefined when none or not asked. */
  defined: Defined | undefined;
}

export interface Defined {
  docs: ReadonlySet<number>;
  /** Whether the name they define is the whole subject ("a deployer"), not its first words ("a provider required to do"). */
  whole: boolean;
}

/**
 * A ranking rule: a score factor for some results of some questions (docs/ranking/<rule>.md). Rules run in the
 * profile's order, each multiplying the score of every candidate it applies to, then the candidates are sorted.
 */
export interface RankingRule<K extends string = string> {
  /** Its name in the profile and in `explain`. */
  name: string;
  knobs: readonly Knob<K>[];
  /**
   * The rule over one corpus with these knob values, what it reads of the corpus read once; undefined when the
   * values turn it off (then no candidate margin is fetched for it either).
   */
  bind(corpus: RuleCorpus, knobs: KnobValues<K>): BoundRule | undefined;
}

export interface BoundRule {
  /** Whether the rule can move any result of this query. */
  applies(query: RuleQuery): boolean;
  /** The factor of one result, 1 when the rule leaves it as it scored; asked only when it applies. */
  factor(result: Scored, query: RuleQuery): number;
}

/** A rule, typed by its knobs' names (so that `bind` reads them unchecked). */
export function rule<const K extends string>(definition: RankingRule<K>): RankingRule<K> {
  return definition;
}
