/**
 * `npm run eval` with no directory runs the whole suite, one summary line per set: SciFact and Cranfield (test),
 * the governance set over content/, and the legal set (tests/fixtures/queries/legal.jsonl) over each corpus in
 * ../shared/corpora, OCC beside the plain-Lunr baseline, dev and held-out questions apart (holdout; holdout2, a
 * second set written later, before any of the changes it is reported for; holdout3 to holdout14, written blind
 * from the texts by someone who had not seen the ranking work; docs/ranking.md says which were looked at; any other
 * split the file holds is reported after them; then all of them respelled, and framed by the law's name ("Under
 * the EU AI Act, …"); then the blind splits pooled and weighted by plain Lunr's rank of each answer to be as hard
 * for it as the issue's held-out questions were, src/core/eval/difficulty.ts), and both sets again over content/
 * and the three corpora together (the README's combined set-up). Last, the table per act: each act of ACT_SETS
 * (src/core/eval/acts.ts: the GDPR in English and French, the French AI Act, the CRA, DSA, Data Act and NIS 2)
 * ingested from its official publication in ../shared/raw into a temporary content directory, built alone and
 * asked its question file split by split (a French act's questions searched with lang=fr, as the service takes
 * them), OCC beside plain Lunr; an act whose publication or question file is absent is skipped; then the acts no
 * ranking rule was written for (all but the AI Act) pooled, read splits apart from blind ones, and each pool again by
 * how much of a question's wording its answer holds (src/core/eval/word-share.ts). `--acts` prints
 * only that table. `--ablation` measures each rule and stage knob of the profile off, per act (AI Act and NIST
 * corpora, and each act of ACT_SETS); `--ablation --write` writes the tables into docs/ranking.
 *
 * `npm run eval -- <dir> [options]`: measures ranking quality with the service's own analysis, index build and
 * search. <dir> is either an IR test collection (corpus.jsonl, queries.jsonl, qrels.tsv; see
 * /work/shared/ir/README.md) or a content directory (sources/, glossary/), or several separated by `:` as in
 * OCC_CONTENT_DIR, compiled in-process and queried
 * with --queries (default tests/fixtures/queries/governance.jsonl: each query lists the source and section
 * heading whose chunks are relevant).
 *
 * Options: --split train (queries-train.jsonl, qrels-train.tsv: tune there, never on test);
 * --k1, --b, --text, --heading, --provision, --title, --compound, --exact (the index's fields and BM25:
 * src/core/index/build.ts); --positions 0 (no word positions: smaller index, phrases only require their words);
 * --per-query (with the rank of the first relevant chunk and the top three's pinpoints); --split
 * dev|holdout|…|holdout14 (legal queries, which list pinpoints instead of headings: a chunk is relevant when it
 * holds a line the pinpoint covers); --structure 0 (sources cut by the naive heading chunker, blind to legal
 * structure). And every knob of the search profile (DEFAULT_PROFILE, src/core/search/rules/profile.ts: the stages'
 * weights, such as --expansion, --synonyms, --spellings 0, --application 0, and each ranking rule's, such as
 * --recital, --article-title, --paragraph), as `--<flag> <value>`. A comma list, for any of them, runs every
 * combination, one line each, with a column per knob.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contentDirs, readContentFiles } from '../src/core/corpus/load-fs.js';
import { PlainLunr, naiveChunks } from '../src/core/eval/baseline.js';
import { evaluate, type Judgments, type Qrels, type Run } from '../src/core/eval/metrics.js';
import { ACT_SETS, actSplits, type ActSet } from '../src/core/eval/acts.js';
import { ablations, effectTable, overviewTable, withBlock, type Scores, type SetAblations } from '../src/core/eval/ablation.js';
import { ingest } from '../src/core/ingest/ingest.js';
import { writeSource } from '../src/core/ingest/output.js';
import { BLIND_SPLITS, LEGAL_SPLITS, holdsAny, pinpointNeedles } from '../src/core/eval/pinpoints.js';
import { atDifficulty, firstRelevant, type Difficulty } from '../src/core/eval/difficulty.js';
import { respell } from '../src/core/eval/respell.js';
import { SHARE_BANDS, shareBand, wordShare } from '../src/core/eval/word-share.js';
import { splitSections } from '../src/core/chunking/sections.js';
import { encodeIndexArtifact } from '../src/core/index/artifact.js';
import { englishPipeline } from '../src/core/index/analysis.js';
import { DEFAULT_RANKING, indexDoc, type IndexDoc, type RankingParams } from '../src/core/index/build.js';
import { buildPostings } from '../src/core/index/builder.js';
import { analysisLanguage, frenchPipeline, type Language } from '../src/core/index/languages.js';
import { compile } from '../src/core/pipeline.js';
import { buildCorpus } from '../src/core/corpus/corpus.js';
import { SearchEngine, type EngineOptions } from '../src/core/search/search.js';
import { searchPhrasings } from '../src/core/search/words-alone.js';
import { profileKnobs, type KnobName } from '../src/core/search/rules/profile.js';
import type { Chunk, GlossaryEntry, SourceMeta } from '../src/core/types.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The search profile's knobs: each is a grid flag (`--<flag>`) and a column of the grid's table. */
const KNOBS = profileKnobs();
const DEFAULT_EXPANSION_WEIGHT = KNOBS.find((knob) => knob.name === 'expansionWeight')?.default ?? 0;
const USAGE =
  'usage: npm run eval -- [<collection, or content dirs separated by :>] [--split train] [--k1 0.9,1.2] [--acts] [--ablation [--write]] [--per-query] … (scripts/eval.ts names every option)';

/** The command line; a wrong option is a usage error, not a stack trace. */
function commandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        ...Object.fromEntries(KNOBS.map((knob) => [knob.flag, { type: 'string' as const }])),
        split: { type: 'string', default: 'test' },
        k1: { type: 'string' },
        b: { type: 'string' },
        text: { type: 'string' },
        heading: { type: 'string' },
        provision: { type: 'string' },
        title: { type: 'string' },
        compound: { type: 'string' },
        exact: { type: 'string' },
        structure: { type: 'string', default: '1' },
        queries: { type: 'string', default: path.join(root, 'tests/fixtures/queries/governance.jsonl') },
        'per-query': { type: 'boolean', default: false },
        acts: { type: 'boolean', default: false },
        ablation: { type: 'boolean', default: false },
        write: { type: 'boolean', default: false },
        positions: { type: 'string', default: '1' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`eval: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}
const { values: opts, positionals } = commandLine();
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}

interface Query {
  id: string;
  text: string;
}

/** Published (or README-computed) numbers for the test splits, printed beside ours. */
const REFERENCES: Record<string, { system: string; ndcg10: number; recall100?: number }[]> = {
  'scifact/test': [
    { system: 'BM25, BEIR paper (Elasticsearch, title+text)', ndcg10: 0.665 },
    { system: 'BM25, Anserini flat (k1=0.9 b=0.4)', ndcg10: 0.6789, recall100: 0.9253 },
    { system: 'BM25, Anserini multifield', ndcg10: 0.6647, recall100: 0.9076 },
    { system: 'lunr 2.3.9 default, title+text (computed, not published)', ndcg10: 0.6696, recall100: 0.922 },
  ],
  'cranfield/test': [{ system: 'lunr 2.3.9 default, title+text (computed, not published)', ndcg10: 0.3852, recall100: 0.7473 }],
};

const shared = path.resolve(root, '../shared');
const legalQueries = path.join(root, 'tests/fixtures/queries/legal.jsonl');
// Content directories may be listed as OCC_CONTENT_DIR lists them: several, `:`-separated, read as one corpus.
const dir = positionals[0] === undefined ? root : contentDirs(positionals[0], process.cwd()).join(':');
if (positionals[0] !== undefined && !dir.split(':').every((d) => existsSync(d))) {
  console.error(USAGE);
  process.exit(2);
}

const readLines = (file: string) => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '');
const readJsonl = <T>(file: string) => readLines(file).map((line) => JSON.parse(line) as T);

function readQrels(file: string): Qrels {
  const qrels = new Map<string, Map<string, number>>();
  for (const line of readLines(file)) {
    const [qid = '', doc = '', grade = '0'] = line.split('\t');
    if (!qrels.has(qid)) qrels.set(qid, new Map());
    qrels.get(qid)?.set(doc, Number(grade));
  }
  return qrels;
}

interface Collection {
  name: string;
  chunks: Chunk[];
  docs: IndexDoc[];
  glossary: GlossaryEntry[];
  /** The sources' metadata, whose names search reads in questions (none for an IR collection). */
  sources: SourceMeta[];
  queries: Query[];
  qrels: Qrels;
}

/**
 * An IR collection: one document per chunk, indexed as the service indexes a source without headings: the
 * title is the chunk's heading for display, its path is empty, and the title goes in the source-title field.
 */
function readCollection(dir: string, split: string): Collection {
  const train = split === 'train';
  const docs = readJsonl<{ id: string; title: string; text: string }>(path.join(dir, 'corpus.jsonl'));
  const chunks = docs.map((d, position): Chunk => ({ id: d.id, source: d.id, heading: d.title, path: [], text: d.text, position, url: '' }));
  return {
    name: `${path.basename(dir)}/${split}`,
    chunks,
    docs: chunks.map((chunk) => indexDoc(chunk, chunk.heading)),
    glossary: [],
    sources: [],
    queries: readJsonl<Query>(path.join(dir, train ? 'queries-train.jsonl' : 'queries.jsonl')),
    qrels: readQrels(path.join(dir, train ? 'qrels-train.tsv' : 'qrels.tsv')),
  };
}

interface ContentQuery extends Query {
  split?: string;
  relevant: { source: string; heading?: string; pinpoint?: string }[];
}

/**
 * A content directory, compiled as the build does. A chunk is relevant when under a listed source and heading,
 * or, for a query listing pinpoints, when it holds a line of a listed pinpoint. Queries whose sources are not
 * in the directory are skipped, so one legal set serves every corpus; `split` keeps dev or held-out ones.
 */
function readContent(dir: string, queriesFile: string, ranking: RankingParams, split?: string): Collection & { sections: Map<string, ReturnType<typeof splitSections>['sections']> } {
  const files = readContentFiles(contentDirs(dir, root), root);
  const { corpus } = compile(files, new Date(), ranking);
  if (opts.structure === '0') {
    // Legal structure off: the sources' naive heading chunks, as before the chunker read it (docs/ranking.md).
    const naive = buildCorpus(files).sources.flatMap((s) => naiveChunks(s.meta.id, splitSections(s.body, s.meta.title).sections));
    corpus.chunks = naive.concat(corpus.chunks.filter((c) => !naive.some((n) => n.source === c.source)));
  }
  const titles = new Map(corpus.sources.map((s) => [s.meta.id, s.meta.title]));
  const languages = new Map(corpus.sources.map((s) => [s.meta.id, analysisLanguage(s.meta.language)]));
  const sections = new Map(buildCorpus(files).sources.map((s) => [s.meta.id, splitSections(s.body, s.meta.title).sections]));
  const queries = readJsonl<ContentQuery>(queriesFile).filter(
    (q) => q.relevant.some((r) => titles.has(r.source)) && (split === undefined || split === 'test' || q.split === undefined || q.split === split),
  );
  const qrels = new Map<string, Map<string, number>>();
  for (const q of queries) {
    const needles = q.relevant.flatMap((r) => (r.pinpoint === undefined ? [] : (pinpointNeedles(sections.get(r.source) ?? [], r.pinpoint) ?? warn(q.id, r.pinpoint))));
    const match = (c: Chunk) =>
      q.relevant.some((r) => c.source === r.source && (r.pinpoint !== undefined ? holdsAny(c.text, needles) : r.heading === undefined || c.path.includes(r.heading)));
    const relevant = corpus.chunks.filter(match);
    if (relevant.length === 0) console.warn(`[eval] query ${q.id}: no chunk matches ${JSON.stringify(q.relevant)}`);
    qrels.set(q.id, new Map(relevant.map((c) => [c.id, 1])));
  }
  return {
    name: `${dir.split(':').map((d) => path.basename(d)).join('+')}/${path.basename(queriesFile, '.jsonl')}${split === undefined || split === 'test' ? '' : `/${split}`}`,
    chunks: corpus.chunks,
    docs: corpus.chunks.map((c) => indexDoc(c, titles.get(c.source) ?? '', languages.get(c.source))),
    glossary: corpus.glossary,
    sources: corpus.sources.map((s) => s.meta),
    queries,
    qrels,
    sections,
  };
}

function warn(id: string, pinpoint: string): string[] {
  console.warn(`[eval] query ${id}: pinpoint ${pinpoint} names nothing in its source`);
  return [];
}

/** The baseline's run and judgments on the same queries: plain Lunr over naive chunks, judged by the same lines. */
function baselineRun(collection: ReturnType<typeof readContent>, queriesFile: string): { run: Run; qrels: Qrels } {
  const chunks = [...collection.sections].flatMap(([id, sections]) => naiveChunks(id, sections));
  const lunrIndex = new PlainLunr(chunks);
  const byId = readJsonl<ContentQuery>(queriesFile);
  const run = new Map<string, string[]>();
  const qrels = new Map<string, Map<string, number>>();
  for (const q of collection.queries) {
    run.set(q.id, lunrIndex.search(q.text, 100));
    const relevant = byId.find((x) => x.id === q.id)?.relevant ?? [];
    const needles = relevant.flatMap((r) => (r.pinpoint === undefined ? [] : (pinpointNeedles(collection.sections.get(r.source) ?? [], r.pinpoint) ?? [])));
    qrels.set(q.id, new Map(chunks.filter((c) => relevant.some((r) => r.source === c.source) && holdsAny(c.text, needles)).map((c) => [c.id, 1])));
  }
  return { run, qrels };
}

/** Share of queries with a relevant chunk in the first k. */
function successAt(run: Run, qrels: Qrels, k: number): number {
  let hits = 0;
  for (const [id, judged] of qrels) if ((run.get(id) ?? []).slice(0, k).some((doc) => (judged.get(doc) ?? 0) > 0)) hits++;
  return hits / Math.max(1, qrels.size);
}

/** OCC's ranking of the collection's questions; `lang` as the service takes it (absent: detected from each question). */
function occRun(collection: Collection, ranking: RankingParams, expansion: number, lang?: Language, knobs: Partial<Record<KnobName, number>> = {}, built?: ReturnType<typeof buildPostings>): Run {
  const index = built ?? buildPostings(collection.docs, ranking);
  // A switch (spellings, application) is an engine option's boolean.
  const given = Object.fromEntries(KNOBS.filter((k) => knobs[k.name] !== undefined).map((k) => [k.name, k.switch === true ? knobs[k.name] !== 0 : knobs[k.name]]));
  const engine = new SearchEngine(index, collection.chunks, { glossary: collection.glossary, sources: collection.sources, expansionWeight: expansion, ...given });
  return new Map(collection.queries.map((q) => [q.id, searchPhrasings(engine, [q.text], { top: 100, snippets: false, lang }).hits.map((h) => h.chunk.id)]));
}

/**
 * Plain Lunr over naive chunks on the held-out questions of issue #11 (success@5, MRR@10): the suite scores our
 * blind questions weighted to be as hard for it as those were, the best guess at what the held-out run will show.
 */
const HELD_OUT_BASELINE: Readonly<Record<string, Difficulty>> = { 'eu-ai-act': { s5: 0.94, mrr10: 0.832 }, 'nist-ai-rmf': { s5: 0.9, mrr10: 0.749 } };

/** How a question names each corpus when it frames itself by the law ("Under the EU AI Act, …"). */
const CALLED: Readonly<Record<string, string>> = { 'eu-ai-act': 'the EU AI Act', 'nist-ai-rmf': 'the NIST AI RMF', 'oecd-ai-recommendation': 'the OECD AI Recommendation' };

/** Prints one line of the suite's table: a set, a system and its scores. */
type Line = (set: string, system: string, run: Run, qrels: Qrels) => void;

/** The whole suite with the shipped settings, one line per set (docs/ranking.md keeps the history). */
async function suite(actsOnly: boolean): Promise<void> {
  const f = (x: number) => x.toFixed(3);
  console.log('| set | system | queries | S@5 | MRR@10 | nDCG@10 |');
  console.log('|---|---|---:|---:|---:|---:|');
  const line: Line = (set, system, run, qrels) => {
    const { mean, queries } = evaluate(run, qrels);
    console.log(`| ${set} | ${system} | ${queries} | ${f(successAt(run, qrels, 5))} | ${f(mean.mrr10)} | ${f(mean.ndcg10)} |`);
  };
  if (actsOnly) return actLines(line);
  for (const name of ['scifact', 'cranfield']) {
    const collectionDir = path.join(shared, 'ir', name);
    if (!existsSync(collectionDir)) continue;
    const c = readCollection(collectionDir, 'test');
    line(c.name, 'OCC', occRun(c, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT), c.qrels);
  }
  const governance = readContent(path.join(root, 'content'), path.join(root, 'tests/fixtures/queries/governance.jsonl'), DEFAULT_RANKING);
  line('content/governance', 'OCC', occRun(governance, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT), governance.qrels);
  const corpora = path.join(shared, 'corpora');
  if (existsSync(corpora)) corporaLines(line, corpora);
  await actLines(line);
}

/** The legal set over each hand-converted corpus of ../shared/corpora, then the README's combined set-up. */
function corporaLines(line: Line, corpora: string): void {
  const f = (x: number) => x.toFixed(3);
  // Ours in the order they were written, then any other split the file holds (a set someone added), so none is skipped.
  const legal = readJsonl<ContentQuery>(legalQueries);
  const named = legal.map((q) => q.split).filter((s): s is string => typeof s === 'string');
  const splits = [...new Set<string>([...LEGAL_SPLITS, ...named])];
  const blindIds = new Set(legal.filter((q) => BLIND_SPLITS.includes(q.split ?? '')).map((q) => q.id));
  for (const corpus of ['eu-ai-act', 'nist-ai-rmf', 'oecd-ai-recommendation']) {
    for (const split of splits) {
      const c = readContent(path.join(corpora, corpus), legalQueries, DEFAULT_RANKING, split);
      if (c.queries.length === 0) continue;
      line(`${corpus}/legal/${split}`, 'OCC', occRun(c, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT), c.qrels);
      const baseline = baselineRun(c, legalQueries);
      line(`${corpus}/legal/${split}`, 'plain Lunr, naive chunks', baseline.run, baseline.qrels);
    }
    // Every split's questions whose spelling the other variety of English changes, asked again in that spelling.
    const all = readContent(path.join(corpora, corpus), legalQueries, DEFAULT_RANKING);
    for (const variety of ['American', 'British'] as const) {
      const queries = all.queries.map((q) => ({ ...q, text: respell(q.text, variety) })).filter((q, i) => q.text !== all.queries[i]?.text);
      if (queries.length === 0) continue;
      const qrels = new Map(queries.map((q) => [q.id, all.qrels.get(q.id) ?? new Map<string, number>()]));
      line(`${corpus}/legal/all respelled ${variety}`, 'OCC', occRun({ ...all, queries }, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT), qrels);
    }
    // Every question again framed by the law's name, as people and language models often write them.
    const called = CALLED[corpus];
    if (called !== undefined) {
      const framed = all.queries.map((q) => ({ ...q, text: `Under ${called}, ${q.text.charAt(0).toLowerCase()}${q.text.slice(1)}` }));
      line(`${corpus}/legal/all, "Under ${called}, …"`, 'OCC', occRun({ ...all, queries: framed }, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT), all.qrels);
    }
    const target = HELD_OUT_BASELINE[corpus];
    if (target !== undefined) {
      const blind = { ...all, queries: all.queries.filter((q) => blindIds.has(q.id)) };
      const qrels = new Map(blind.queries.map((q) => [q.id, all.qrels.get(q.id) ?? new Map<string, number>()]));
      const baseline = baselineRun(blind, legalQueries);
      const at = atDifficulty(firstRelevant(occRun(blind, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT), qrels), firstRelevant(baseline.run, baseline.qrels), target);
      if (at !== undefined) console.log(`| ${corpus}/legal/blind, as hard as the held-out set | OCC | ${blind.queries.length} | ${f(at.system.s5)} | ${f(at.system.mrr10)} | – |`);
    }
  }
  // The README's combined set-up: our explainers beside the texts they explain, which compete for the same questions.
  const combined = [path.join(root, 'content'), ...['eu-ai-act', 'nist-ai-rmf', 'oecd-ai-recommendation'].map((corpus) => path.join(corpora, corpus))].join(':');
  const mixed = readContent(combined, path.join(root, 'tests/fixtures/queries/governance.jsonl'), DEFAULT_RANKING);
  line('content+corpora/governance', 'OCC', occRun(mixed, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT), mixed.qrels);
  for (const split of splits) {
    const c = readContent(combined, legalQueries, DEFAULT_RANKING, split);
    line(`content+corpora/legal/${split}`, 'OCC', occRun(c, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT), c.qrels);
  }
}

/** The judgments of some of the queries only. */
const only = (qrels: Qrels, ids: ReadonlySet<string>): Qrels => new Map([...qrels].filter(([id]) => ids.has(id)));

/**
 * Each act of ACT_SETS whose publication (../shared/raw) and question file are present, ingested alone into a
 * temporary directory (as `npm run ingest` would) and read with its questions; the directory is removed after.
 */
async function* ingestedActs(): AsyncGenerator<{ act: ActSet; c: ReturnType<typeof readContent>; questions: string }> {
  for (const act of ACT_SETS) {
    const publication = path.join(shared, 'raw', act.publication);
    const questions = path.join(root, 'tests/fixtures/queries', act.questions);
    if (!existsSync(publication) || !existsSync(questions)) continue;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'occ-eval-act-'));
    try {
      const result = await ingest(readFileSync(publication), { origin: publication, id: act.id, ...(act.language === undefined ? {} : { language: act.language }) });
      await writeSource(dir, result.id, result.text);
      yield { act, c: readContent(dir, questions, DEFAULT_RANKING), questions };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/**
 * Each act of ACT_SETS (ingestedActs) asked its question file split by split, OCC beside plain Lunr over
 * naive chunks; a French act's questions are searched with `lang` as the service takes it. Then the splits of the
 * acts no ranking rule was written for pooled, the blind ones apart from those read while they were written.
 */
async function actLines(line: Line): Promise<void> {
  // OCC's and plain Lunr's runs with their own judgments (their chunks differ), keyed by act and question.
  const pool = () => ({
    occ: new Map<string, readonly string[]>(),
    occQrels: new Map<string, Judgments>(),
    lunr: new Map<string, readonly string[]>(),
    lunrQrels: new Map<string, Judgments>(),
    band: new Map<string, string>(),
  });
  const pooled = { read: pool(), blind: pool() };
  for await (const { act, c, questions } of ingestedActs()) {
    const lang = act.language === undefined ? undefined : analysisLanguage(act.language);
    const occ = occRun(c, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT, lang);
    const baseline = baselineRun(c, questions);
    const asked = readJsonl<ContentQuery>(questions);
    const pipeline = lang === 'fr' ? frenchPipeline() : englishPipeline();
    const chunksById = new Map(c.chunks.map((chunk) => [chunk.id, chunk]));
    for (const { split, blind } of actSplits(act, asked)) {
      const ids = new Set(asked.filter((q) => q.split === split && c.qrels.has(q.id)).map((q) => q.id));
      line(`${act.name}/${split}`, 'OCC', occ, only(c.qrels, ids));
      line(`${act.name}/${split}`, 'plain Lunr, naive chunks', baseline.run, only(baseline.qrels, ids));
      if (act.ruled) continue;
      // Ids are unique within a file only: the act's name keeps two files' questions apart in the pool.
      const into = pooled[blind ? 'blind' : 'read'];
      for (const id of ids) {
        const key = `${act.name}:${id}`;
        into.occ.set(key, occ.get(id) ?? []);
        into.occQrels.set(key, c.qrels.get(id) ?? new Map());
        into.lunr.set(key, baseline.run.get(id) ?? []);
        into.lunrQrels.set(key, baseline.qrels.get(id) ?? new Map());
        const answers = [...(c.qrels.get(id)?.keys() ?? [])].flatMap((chunk) => chunksById.get(chunk) ?? []);
        into.band.set(key, shareBand(wordShare(pipeline, asked.find((q) => q.id === id)?.text ?? '', answers)));
      }
    }
  }
  for (const [kind, p] of Object.entries(pooled)) {
    if (p.occQrels.size === 0) continue;
    line(`acts no rule was written for, ${kind} splits`, 'OCC', p.occ, p.occQrels);
    line(`acts no rule was written for, ${kind} splits`, 'plain Lunr, naive chunks', p.lunr, p.lunrQrels);
  }
  // The same pools by how much of each question's wording its answer holds (src/core/eval/word-share.ts).
  for (const [kind, p] of Object.entries(pooled)) {
    for (const band of SHARE_BANDS.map(shareBand)) {
      const keys = new Set([...p.band].filter(([, b]) => b === band).map(([key]) => key));
      if (keys.size > 0) line(`${kind}, answer holds ${band} of the question's words`, 'OCC', p.occ, only(p.occQrels, keys));
    }
  }
}

/**
 * `--ablation`: every act of ACT_SETS and the AI Act and NIST corpora (all their questions, read and blind
 * together), as shipped and with each rule, then each stage knob, turned off (src/core/eval/ablation.ts); a table
 * per part. `--write` puts each rule's table into its page of docs/ranking and the overview into per-act.md.
 */
async function ablationLines(write: boolean): Promise<void> {
  const list = ablations();
  const sets: SetAblations[] = [];
  const measure = (set: string, c: ReturnType<typeof readContent>, lang?: Language) => {
    const index = buildPostings(c.docs, DEFAULT_RANKING);
    const scores = (knobs: Partial<Record<KnobName, number>>): Scores => {
      const run = occRun(c, DEFAULT_RANKING, DEFAULT_EXPANSION_WEIGHT, lang, knobs, index);
      return { s5: successAt(run, c.qrels, 5), mrr10: evaluate(run, c.qrels).mean.mrr10, queries: c.qrels.size };
    };
    sets.push({ set, shipped: scores({}), without: new Map(list.map((a) => [a.name, scores(a.knobs)])) });
    console.error(`[eval] ablation: ${set} measured`);
  };
  const corpora = path.join(shared, 'corpora');
  for (const [corpus, name] of [['eu-ai-act', 'AI Act'], ['nist-ai-rmf', 'NIST AI RMF']] as const) {
    if (existsSync(path.join(corpora, corpus))) measure(name, readContent(path.join(corpora, corpus), legalQueries, DEFAULT_RANKING));
  }
  for await (const { act, c } of ingestedActs()) measure(act.name, c, act.language === undefined ? undefined : analysisLanguage(act.language));
  const overview = overviewTable(list, sets);
  console.log(overview);
  const pagesDir = path.join(root, 'docs/ranking');
  for (const a of list) {
    const table = effectTable(a.name, sets);
    console.log(`\n### ${a.name} (${a.kind})\n\n${table}`);
    if (!write || a.kind !== 'rule') continue;
    const page = readdirSync(pagesDir).find((file) => readFileSync(path.join(pagesDir, file), 'utf8').includes(`src/core/search/rules/${a.name}.ts`));
    if (page === undefined) throw new Error(`no page of docs/ranking names src/core/search/rules/${a.name}.ts`);
    const text = readFileSync(path.join(pagesDir, page), 'utf8');
    writeFileSync(path.join(pagesDir, page), withBlock(text, `**Measured effect per act** (S@5 / MRR@10 of each set's questions, read and blind together, as shipped and with the rule's knobs off; \`npm run eval -- --ablation\`, ${new Date().toISOString().slice(0, 10)}):\n\n${table}`));
  }
  if (write) {
    const file = path.join(pagesDir, 'per-act.md');
    const intro = '# Each part of the ranking, per act\n\nWhat each ranking rule and each stage knob of `DEFAULT_PROFILE` adds to MRR@10 on each set, all its questions (read and blind together): the shipped profile against the same with that part off (its knobs at their `off` values). Positive: the part helps that act. Each rule\'s page has its own table with S@5 too. The glossary expansion and the citation weight read a glossary and explainers, which these sets of one text each have none of: they are measured on the governance set (docs/ranking.md).\n';
    const old = existsSync(file) ? readFileSync(file, 'utf8') : intro;
    writeFileSync(file, withBlock(old, `Measured by \`npm run eval -- --ablation --write\` on ${new Date().toISOString().slice(0, 10)}.\n\n${overview}`));
  }
}

if (positionals[0] === undefined) {
  if (opts.ablation) await ablationLines(opts.write);
  else await suite(opts.acts);
  process.exit(0);
}

const list = (value: string | undefined, fallback: number) => (value ?? String(fallback)).split(',').map(Number);
const grid: RankingParams[] = [];
for (const k1 of list(opts.k1, DEFAULT_RANKING.k1))
  for (const b of list(opts.b, DEFAULT_RANKING.b))
    for (const textBoost of list(opts.text, DEFAULT_RANKING.textBoost))
      for (const headingBoost of list(opts.heading, DEFAULT_RANKING.headingBoost))
        for (const provisionBoost of list(opts.provision, DEFAULT_RANKING.provisionBoost))
          for (const titleBoost of list(opts.title, DEFAULT_RANKING.titleBoost))
            for (const compoundBoost of list(opts.compound, DEFAULT_RANKING.compoundBoost))
              for (const exactBoost of list(opts.exact, DEFAULT_RANKING.exactBoost))
                grid.push({ k1, b, textBoost, headingBoost, provisionBoost, titleBoost, compoundBoost, exactBoost });
/** A knob's flag as given: parseArgs types only the options written out above. */
const knobFlag = (flag: string): string | undefined => {
  const value: unknown = (opts as Record<string, unknown>)[flag];
  return typeof value === 'string' ? value : undefined;
};
/** Every combination of the knobs' values, the first knob's varying slowest. */
const knobGrid = KNOBS.reduce<Partial<Record<KnobName, number>>[]>(
  (combos, knob) => combos.flatMap((combo) => list(knobFlag(knob.flag), knob.default).map((value) => ({ ...combo, [knob.name]: value }))),
  [{}],
) as Record<KnobName, number>[];

const isContent = dir.includes(':') || !existsSync(path.join(dir, 'corpus.jsonl'));
let collection: Collection | undefined = isContent ? undefined : readCollection(dir, opts.split);
const f = (x: number) => x.toFixed(4);
const columns = ['k1', 'b', 'text', 'heading', 'provision', 'title', 'compound', 'exact', ...KNOBS.map((knob) => knob.flag), 'nDCG@10', 'R@100', 'MRR@10', 'S@1', 'build ms', 'index KiB', 'query ms (mean)'];
console.log(`| ${columns.join(' | ')} |`);
console.log(`|${columns.map(() => '---:|').join('')}`);
for (const ranking of grid) {
  if (isContent) collection = readContent(dir, opts.queries, ranking, opts.split);
  if (collection === undefined) break;
  const t0 = performance.now();
  const index = buildPostings(collection.docs, ranking, { positions: opts.positions !== '0' });
  const buildMs = performance.now() - t0;
  const indexKiB = encodeIndexArtifact(index.postings, index.stats, '', new Date()).length / 1024;
  for (const knobs of knobGrid) {
    // A switch (spellings, application) is an engine option's boolean.
    const options: EngineOptions = { glossary: collection.glossary, sources: collection.sources, ...Object.fromEntries(KNOBS.map((knob) => [knob.name, knob.switch === true ? knobs[knob.name] !== 0 : knobs[knob.name]])) };
    const engine = new SearchEngine(index, collection.chunks, options);
    const run = new Map<string, string[]>();
    const t1 = performance.now();
    for (const q of collection.queries) run.set(q.id, searchPhrasings(engine, [q.text], { top: 100, snippets: false }).hits.map((h) => h.chunk.id));
    const queryMs = (performance.now() - t1) / Math.max(1, collection.queries.length);
    const { mean, perQuery, queries } = evaluate(run, collection.qrels);
    const success1 = [...perQuery.values()].filter((s) => s.mrr10 === 1).length / Math.max(1, queries);
    console.log(
      `| ${ranking.k1} | ${ranking.b} | ${ranking.textBoost} | ${ranking.headingBoost} | ${ranking.provisionBoost} | ${ranking.titleBoost} | ${ranking.compoundBoost} | ${ranking.exactBoost} | ${KNOBS.map((knob) => knobs[knob.name]).join(' | ')} ` +
        `| ${f(mean.ndcg10)} | ${f(mean.recall100)} | ${f(mean.mrr10)} | ${f(success1)} | ${Math.round(buildMs)} | ${Math.round(indexKiB)} | ${queryMs.toFixed(2)} |`,
    );
    if (opts['per-query']) {
      const chunkById = new Map(collection.chunks.map((c) => [c.id, c]));
      for (const q of collection.queries) {
        const s = perQuery.get(q.id);
        const ids = run.get(q.id) ?? [];
        const judged = collection.qrels.get(q.id);
        const rank = ids.findIndex((id) => (judged?.get(id) ?? 0) > 0) + 1;
        const label = (id: string) => chunkById.get(id)?.pinpoint ?? chunkById.get(id)?.heading ?? id;
        if (s) console.log(`  ${q.id}\tnDCG ${f(s.ndcg10)}\tRR ${f(s.mrr10)}\tfirst relevant ${rank === 0 ? '-' : rank}\ttop ${ids.slice(0, 3).map(label).join(' | ')}\t${q.text}`);
      }
    }
    if (grid.length === 1 && knobGrid.length === 1) {
      console.log(`\n${collection.name}: ${queries} judged queries, ${collection.chunks.length} documents`);
      if (isContent) {
        // S@5 / MRR@10 beside plain Lunr over naive chunks on the same questions (a content directory's pinpoints).
        const baseline = baselineRun(collection as ReturnType<typeof readContent>, opts.queries);
        console.log(`  OCC: S@5 ${f(successAt(run, collection.qrels, 5))}, MRR@10 ${f(mean.mrr10)}`);
        console.log(`  plain Lunr, naive chunks: S@5 ${f(successAt(baseline.run, baseline.qrels, 5))}, MRR@10 ${f(evaluate(baseline.run, baseline.qrels).mean.mrr10)}`);
      }
      for (const r of REFERENCES[collection.name] ?? []) {
        console.log(`  reference: ${r.system}: nDCG@10 ${f(r.ndcg10)}${r.recall100 === undefined ? '' : `, R@100 ${f(r.recall100)}`}`);
      }
    }
  }
}
