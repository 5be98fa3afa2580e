import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACT_SETS } from '../../../src/core/eval/acts.js';
import { BLOCK_START } from '../../../src/core/eval/ablation.js';
import { readIntent } from '../../../src/core/search/intent.js';
import { DEFAULT_PROFILE, knobValues, profileKnobs } from '../../../src/core/search/rules/profile.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the default profile', () => {
  it('names each knob and each eval flag once', () => {
    const knobs = profileKnobs();
    expect(new Set(knobs.map((k) => k.name)).size).toBe(knobs.length);
    expect(new Set(knobs.map((k) => k.flag)).size).toBe(knobs.length);
    expect(new Set(DEFAULT_PROFILE.rules.map((r) => r.name)).size).toBe(DEFAULT_PROFILE.rules.length);
    for (const k of knobs) expect(k.doc.length, k.name).toBeGreaterThan(10);
  });

  it('gives every rule a module, a test table and a page that names the module and gives its effect per act', () => {
    const modules = readdirSync(`${root}/src/core/search/rules`).filter((f) => !['rule.ts', 'corpus.ts', 'profile.ts'].includes(f));
    expect(modules.sort()).toEqual(DEFAULT_PROFILE.rules.map((r) => `${r.name}.ts`).sort());
    const ranking = readFileSync(`${root}/docs/ranking.md`, 'utf8');
    const pages = readdirSync(`${root}/docs/ranking`).map((page) => readFileSync(`${root}/docs/ranking/${page}`, 'utf8'));
    for (const { name } of DEFAULT_PROFILE.rules) {
      expect(readdirSync(`${root}/tests/unit/rules`), name).toContain(`${name}.test.ts`);
      expect(ranking, name).toContain(`rules/${name}.ts`);
      const page = pages.find((text) => text.includes(`src/core/search/rules/${name}.ts`));
      expect(page, name).toBeDefined();
      // Its measured effect per act, as `npm run eval -- --ablation --write` writes it.
      expect(page, name).toContain(BLOCK_START);
      for (const act of ACT_SETS) expect(page, `${name}: ${act.name}`).toContain(`| ${act.name} |`);
    }
  });

  it('takes the options given, a switch as 1 or 0, and the defaults for the rest', () => {
    const values = knobValues({ recitalPrior: 0.5, applicationFirst: false, spellings: true });
    expect(values).toMatchObject({ recitalPrior: 0.5, applicationFirst: 0, spellings: 1, annexFactor: 0.8, paragraphPrior: 0.02 });
  });
});

describe('the intent of a question', () => {
  it.each([
    ['Who is a deployer?', { definition: true, subjects: ['deployer'] }],
    ['Why are recitals there?', { why: true }],
    ['How long must logs be kept?', { time: true, duty: true, how: false }],
    ['What is the maximum fine?', { amount: true, what: true }],
    ['Does the Act cover open-source models?', { scope: true, application: false }],
    ['From what date do the prohibitions apply?', { application: true, scope: false }],
    ['Can police use face recognition?', { permission: true }],
    ['What must the declaration contain?', { contents: true, which: true, duty: true }],
    ['How long must a deployer keep the logs?', { roles: new Set(['deployer']) }],
  ])('%s', (question, expected) => {
    expect(readIntent(question)).toMatchObject(expected);
  });

  it('names the corpus families the question names', () => {
    const families = [{ family: 'MAP', named: [/\bMAP\b/] }];
    expect(readIntent('Which MAP subcategory …', families).families).toEqual(new Set(['MAP']));
    expect(readIntent('How do we map risks?', families).families).toEqual(new Set());
  });
});
