/**
 * The acts `npm run eval` ingests from ../shared/raw (src/core/eval/acts.ts): which splits a question file gives
 * an act, that each entry agrees with the question file it names, and, where the publications are beside the repo,
 * that every expected pinpoint names lines in the act as ingested (a pinpoint naming nothing makes its question
 * unanswerable and quietly lowers the act's figures).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitSections } from '../../src/core/chunking/sections.js';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { ACT_SETS, actSplits, type ActSet } from '../../src/core/eval/acts.js';
import { pinpointNeedles } from '../../src/core/eval/pinpoints.js';
import { ingest } from '../../src/core/ingest/ingest.js';
import { parsePinpoint } from '../../src/core/legal/address.js';

interface Question {
  id: string;
  split: string;
  text: string;
  relevant: { source: string; pinpoint: string }[];
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const questionsOf = (act: ActSet): Question[] =>
  readFileSync(path.join(root, 'tests/fixtures/queries', act.questions), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Question);
// The entries whose question file is in this checkout (others are being written on other branches).
const present = ACT_SETS.filter((act) => existsSync(path.join(root, 'tests/fixtures/queries', act.questions)));

describe('actSplits', () => {
  const act: ActSet = { name: 'Act', publication: 'act.html', questions: 'act.jsonl', id: 'eu-reg-1', blind: ['b'] };
  const q = (split: string, source = 'eu-reg-1') => ({ split, relevant: [{ source }] });

  it('lists the splits in the order the file first uses them, each marked blind or read', () => {
    expect(actSplits(act, [q('a'), q('b'), q('a'), q('c')])).toEqual([
      { split: 'a', blind: false },
      { split: 'b', blind: true },
      { split: 'c', blind: false },
    ]);
  });

  it("leaves out splits whose questions are all on another source, as legal-fr.jsonl's GDPR questions", () => {
    expect(actSplits(act, [q('a'), q('other', 'eu-reg-2'), q('b', 'eu-reg-2'), q('b')])).toEqual([
      { split: 'a', blind: false },
      { split: 'b', blind: true },
    ]);
  });
});

describe('the acts of the eval', () => {
  it('have distinct names and ids', () => {
    expect(new Set(ACT_SETS.map((a) => a.name)).size).toBe(ACT_SETS.length);
    expect(new Set(ACT_SETS.map((a) => a.id)).size).toBe(ACT_SETS.length);
  });

  it.each(present.map((act) => [act.name, act] as const))('%s: its questions ask about it, with unique ids, parseable pinpoints and the blind splits it lists', (_, act) => {
    const questions = questionsOf(act);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    const own = questions.filter((q) => q.relevant.some((r) => r.source === act.id));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((q) => q.text.trim().length < 10 || q.relevant.some((r) => parsePinpoint(r.pinpoint) === undefined)).map((q) => q.id)).toEqual([]);
    const splits = actSplits(act, questions).map((s) => s.split);
    expect(act.blind.filter((split) => !splits.includes(split))).toEqual([]);
  });

  const raw = path.resolve(root, '../shared/raw');
  const ingestible = present.filter((act) => existsSync(path.join(raw, act.publication)));
  it.skipIf(ingestible.length === 0).each(ingestible.map((act) => [act.name, act] as const))(
    '%s: every expected pinpoint names lines in the act ingested from ../shared/raw',
    async (_, act) => {
      const file = path.join(raw, act.publication);
      const result = await ingest(new Uint8Array(readFileSync(file)), { origin: file, id: act.id, today: '2026-11-28', ...(act.language === undefined ? {} : { language: act.language }) });
      const [source] = buildCorpus([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]).sources;
      const sections = source === undefined ? [] : splitSections(source.body, source.meta.title).sections;
      const unnamed = questionsOf(act).flatMap((q) => q.relevant.filter((r) => r.source === act.id && pinpointNeedles(sections, r.pinpoint) === undefined).map((r) => `${q.id} ${r.pinpoint}`));
      expect(unnamed).toEqual([]);
    },
    60_000,
  );
});
