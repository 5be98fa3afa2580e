/**
 * The ablation table of `npm run eval -- --ablation` (src/core/eval/ablation.ts): one entry per rule and stage
 * knob, each turning off what it names, and the per-act block written into the rules' pages.
 */
import { describe, expect, it } from 'vitest';
import { ablations, BLOCK_END, BLOCK_START, effectTable, overviewTable, withBlock, type SetAblations } from '../../src/core/eval/ablation.js';
import { DEFAULT_PROFILE, knobValues, profileKnobs } from '../../src/core/search/rules/profile.js';
import { corpus } from './rules/fixture.js';

describe('ablations of the default profile', () => {
  it('lists each rule with all its knobs off, then each stage knob', () => {
    const list = ablations();
    expect(list.map((a) => a.name)).toEqual([...DEFAULT_PROFILE.rules.map((r) => r.name), ...DEFAULT_PROFILE.stages.map((k) => k.name)]);
    expect(list.find((a) => a.name === 'stated')?.knobs).toEqual({ timeFactor: 1, amountFactor: 1 });
    expect(list.find((a) => a.name === 'synonymWeight')).toEqual({ name: 'synonymWeight', kind: 'stage', knobs: { synonymWeight: 0 } });
  });

  it('gives every knob an off value other than its default', () => {
    for (const knob of profileKnobs()) expect(knob.off, knob.name).not.toBe(knob.default);
  });

  it('turns each rule off: bound with its own knobs off, it does not bind', () => {
    for (const a of ablations().filter((x) => x.kind === 'rule')) {
      const rule = DEFAULT_PROFILE.rules.find((r) => r.name === a.name);
      expect(rule?.bind(corpus, knobValues(a.knobs)), a.name).toBeUndefined();
    }
  });
});

describe('the per-act tables', () => {
  const sets: SetAblations[] = [
    { set: 'Act A', shipped: { s5: 0.9, mrr10: 0.8, queries: 40 }, without: new Map([['recital', { s5: 0.85, mrr10: 0.75, queries: 40 }]]) },
    { set: 'Act B', shipped: { s5: 0.7, mrr10: 0.6, queries: 20 }, without: new Map([['recital', { s5: 0.7, mrr10: 0.62, queries: 20 }]]) },
  ];

  it('gives a rule its figures per act and what it adds, a loss signed', () => {
    const table = effectTable('recital', sets);
    expect(table).toContain('| Act A | 40 | 0.900 / 0.800 | 0.850 / 0.750 | +0.050 / +0.050 |');
    expect(table).toContain('| Act B | 20 | 0.700 / 0.600 | 0.700 / 0.620 | +0.000 / −0.020 |');
  });

  it('gives the overview a column per act and a dash where a part was not measured', () => {
    const table = overviewTable([{ name: 'recital', kind: 'rule', knobs: {} }, { name: 'annex', kind: 'rule', knobs: {} }], sets);
    expect(table.split('\n')[0]).toBe('| part | kind | Act A (40) | Act B (20) |');
    expect(table).toContain('| recital | rule | +0.050 | −0.020 |');
    expect(table).toContain('| annex | rule | – | – |');
  });

  it('replaces a page\'s block in place, and adds one at the end of a page without', () => {
    const page = `# Rule\n\nText.\n\n${BLOCK_START}\nold\n${BLOCK_END}\n\nAfter.\n`;
    expect(withBlock(page, 'new')).toBe(`# Rule\n\nText.\n\n${BLOCK_START}\nnew\n${BLOCK_END}\n\nAfter.\n`);
    expect(withBlock('# Rule\n\nText.\n', 'new')).toBe(`# Rule\n\nText.\n\n${BLOCK_START}\nnew\n${BLOCK_END}\n`);
  });
});
