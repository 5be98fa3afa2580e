/**
 * A few chunks of an invented act, indexed as the build indexes them, for the rules' tables: each row asks one
 * rule for one chunk's factor under one question.
 */
import lunr from 'lunr';
import { ChunkStore } from '../../../src/core/corpus/chunk-store.js';
import { queryTerms } from '../../../src/core/index/analysis.js';
import { DEFAULT_RANKING, indexDoc } from '../../../src/core/index/build.js';
import { buildPostings } from '../../../src/core/index/builder.js';
import { namedFamily, readIntent } from '../../../src/core/search/intent.js';
import { Postings } from '../../../src/core/search/postings.js';
import { RuleCorpus } from '../../../src/core/search/rules/corpus.js';
import { knobValues, type KnobName } from '../../../src/core/search/rules/profile.js';
import type { Defined, RankingRule } from '../../../src/core/search/rules/rule.js';
import type { Chunk } from '../../../src/core/types.js';

const act = (n: number, pinpoint: string | undefined, path: string[], text: string, source = 'act'): Chunk => ({
  id: `${source}:${n}`,
  source,
  heading: path.at(-1) ?? 'Test act',
  path,
  text,
  position: n,
  url: `/sources/${source}`,
  ...(pinpoint === undefined ? {} : { pinpoint }),
});

export const CHUNKS: Chunk[] = [
  act(0, 'Recital 1', [], 'Operators should keep records so that inspectors can check flights.'),
  act(1, 'Art. 3(1)', ['Article 3: Definitions'], "‘operator’ means a person who flies a drone; ‘drone’ means an unmanned aircraft."),
  act(2, 'Art. 6(1)', ['Article 6: Obligations of operators'], 'Operators shall keep flight logs for six months.'),
  act(3, 'Art. 6(2)', ['Article 6: Obligations of operators'], 'Operators shall make the logs available to the authority.'),
  act(4, 'Art. 7(1)', ['Article 7: Fines for manufacturers of drones'], 'Fines of up to EUR 500 000 may be imposed on manufacturers.'),
  act(5, 'Art. 8(1)', ['Article 8: Fines'], 'Member States shall lay down fines for infringements.'),
  act(6, 'Art. 9(1)', ['Article 9: Scope'], 'This Regulation applies to drones used for deliveries.'),
  act(7, 'Art. 10(1)', ['Article 10: Duties of manufacturers'], 'Manufacturers shall test each drone before sale.'),
  act(8, 'Annex I', ['Annex I: Contents of the flight log'], 'The flight log shall contain the route, the time and the operator.'),
  act(9, 'MAP 1.1', ['MAP'], 'Map the context of use of the drone.', 'framework'),
  act(10, 'GOVERN 1.1', ['GOVERN'], 'Govern the use of drones by policies.', 'framework'),
  act(11, undefined, ['About the framework'], 'The framework helps organisations manage the risks of drones.', 'framework'),
];

const index = buildPostings(CHUNKS.map((c) => indexDoc(c, c.source === 'act' ? 'Drone Act' : 'Drone Framework')), DEFAULT_RANKING);
export const pipeline = lunr.Pipeline.load(index.stats.pipeline);
export const corpus = new RuleCorpus(ChunkStore.fromChunks(CHUNKS), new Postings(index.postings), pipeline);
const families = corpus.families().map(namedFamily);

/** The chunk holding a pinpoint, by it. */
export const at = (pinpoint: string): number => CHUNKS.findIndex((c) => c.pinpoint === pinpoint || (pinpoint === 'prose' && c.pinpoint === undefined));

/**
 * The factor `rule` gives the chunk `pinpoint` for `question`: 1 when its knobs turn it off or it does not apply.
 * `defined`: the chunks the engine's definition stage found (by pinpoint), and whether they define the whole subject.
 */
export function factorOf<K extends KnobName>(
  rule: RankingRule<K>,
  question: string,
  pinpoint: string,
  options: { knobs?: Partial<Record<KnobName, number>>; defined?: { pinpoints: string[]; whole: boolean } } = {},
): number {
  const bound = rule.bind(corpus, knobValues(options.knobs ?? {}));
  if (bound === undefined) return 1;
  const defined: Defined | undefined = options.defined === undefined ? undefined : { docs: new Set(options.defined.pinpoints.map(at)), whole: options.defined.whole };
  const query = { intent: readIntent(question, families), terms: new Set(queryTerms(pipeline, question)), defined };
  if (!bound.applies(query)) return 1;
  const doc = at(pinpoint);
  return bound.factor({ ref: CHUNKS[doc]!.id, doc, score: 1 }, query);
}
