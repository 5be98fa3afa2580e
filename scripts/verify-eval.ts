/**
 * `npx tsx scripts/verify-eval.ts [--per-answer]`: the citation check (POST /api/occ/verify) over the development
 * answers in tests/fixtures/verify/answers.jsonl, run on the real AI Act (both versions) and GDPR ingested from
 * ../shared/raw: precision and recall of the flags per status; --per-answer prints each citation that was
 * flagged otherwise than expected.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { matchFlags, scoreFlags, type ExpectedFlag } from '../src/core/eval/verify-flags.js';
import { verifyText } from '../src/core/verify/verify.js';
import { loadRealLaw } from './real-law.js';

const { values } = parseArgs({ options: { 'per-answer': { type: 'boolean', default: false }, file: { type: 'string', default: 'tests/fixtures/verify/answers.jsonl' } } });

interface Answer {
  id: string;
  as_of: string;
  text: string;
  instrument?: string;
  expect: ExpectedFlag[];
}

const law = await loadRealLaw();
if (law === undefined) {
  console.log('verify eval: ../shared/raw is absent; nothing to run.');
  process.exit(0);
}
const answers = readFileSync(values.file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Answer);
const runs = answers.map((a) => {
  const found = verifyText(a.text, law, { asOf: a.as_of, instrument: a.instrument }).map((c) => ({ pinpoint: c.pinpoint, instrument: c.instrument, status: c.status, written: c.written, c }));
  return { answer: a, expected: a.expect, found };
});
if (values['per-answer']) {
  for (const { answer, expected, found } of runs) {
    const { pairs, extra } = matchFlags(expected, found);
    for (const [e, f] of pairs) {
      if (f?.status === e.status) continue;
      const why = f?.c.stated ? ` (${f.c.stated.written} vs ${f.c.stated.says.join(', ')})` : f?.c.quotation ? ` (closest: ${f.c.quotation.closest})` : '';
      console.log(`${answer.id} ${e.pinpoint} ${e.instrument ?? '-'}: expected ${e.status}, got ${f?.status ?? 'nothing'}${why}`);
    }
    for (const f of extra) console.log(`${answer.id} unexpected ${f.pinpoint} ${f.instrument ?? '-'} "${f.written}": ${f.status}`);
  }
}
const scores = scoreFlags(runs);
const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);
console.log(`verify eval: ${answers.length} answers, ${runs.reduce((n, r) => n + r.expected.length, 0)} expected citations`);
console.log('| status | expected | flagged | correct | precision | recall |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const s of scores) console.log(`| ${s.status} | ${s.expected} | ${s.flagged} | ${s.correct} | ${pct(s.precision)} | ${pct(s.recall)} |`);
