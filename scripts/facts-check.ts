/**
 * `npx tsx scripts/facts-check.ts [<content dir>[:<dir>…]] [--law <dir>[:<dir>…]]`: reads the timeline and
 * obligations files of the directories (default `content`), checks them as the build does, and prints every
 * problem with its file and field; exits 1 when there is one. The sources of the content directories, and of the
 * `--law` directories (e.g. official texts written by `npm run ingest:check -- --out <dir>`, laid out as
 * <dir>/sources/*.md), are the law the dates and obligations are checked against, as the build checks them.
 */
import { parseArgs } from 'node:util';
import { buildCorpus } from '../src/core/corpus/corpus.js';
import { contentDirs, readContentFiles } from '../src/core/corpus/load-fs.js';
import { ContentError } from '../src/core/errors.js';
import { loadFacts } from '../src/core/facts/load.js';
import { checkFactsAgainstLaw } from '../src/core/facts/text-check.js';
import { provisionsByVersion, provisionTable } from '../src/core/law/provisions.js';
import { LawVersions } from '../src/core/law/versions.js';

const { values, positionals } = parseArgs({ options: { law: { type: 'string' } }, allowPositionals: true });
const dirs = contentDirs(positionals[0]);
try {
  const facts = loadFacts(dirs);
  const files = readContentFiles([...dirs, ...(values.law ? contentDirs(values.law) : [])]).filter((f) => f.collection === 'sources' && /^instrument:/m.test(f.text));
  const { sources } = buildCorpus(files);
  const law = new LawVersions(sources.map((s) => s.meta));
  const problems = checkFactsAgainstLaw(facts, law, provisionsByVersion(law, provisionTable(sources)));
  if (problems.length > 0) throw new ContentError(problems);
  const events = facts.timelines.reduce((n, t) => n + t.data.events.length, 0);
  const obligations = facts.obligations.reduce((n, o) => n + o.data.obligations.length, 0);
  const checked = facts.timelines.filter((t) => law.versionsOf(t.data.instrument).length > 0).map((t) => t.data.instrument);
  console.log(`facts ok: ${facts.timelines.length} timeline file(s), ${events} event(s); ${facts.obligations.length} obligations file(s), ${obligations} obligation(s)`);
  console.log(`checked against the text: ${checked.join(', ') || 'none (no versioned text of these instruments in the directories)'}`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exit(1);
}
