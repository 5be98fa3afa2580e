/**
 * `npx tsx scripts/facts-check.ts [<content dir>[:<dir>…]]`: reads the timeline and obligations files of the
 * directories (default `content`), checks them as the build does, and prints every problem with its file and
 * field. Exits 1 when there is one. The checks against the law's text run in the build (docs/facts.md).
 */
import { contentDirs } from '../src/core/corpus/load-fs.js';
import { ContentError } from '../src/core/errors.js';
import { loadFacts } from '../src/core/facts/load.js';

const dirs = contentDirs(process.argv[2]);
try {
  const facts = loadFacts(dirs);
  const events = facts.timelines.reduce((n, t) => n + t.data.events.length, 0);
  const obligations = facts.obligations.reduce((n, o) => n + o.data.obligations.length, 0);
  console.log(`facts ok: ${facts.timelines.length} timeline file(s), ${events} event(s); ${facts.obligations.length} obligations file(s), ${obligations} obligation(s)`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exit(1);
}
