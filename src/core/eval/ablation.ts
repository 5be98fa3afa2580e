/**
 * What each part of the search profile does on each act: the profile as shipped beside the profile with one rule
 * (all its knobs) or one stage knob turned off. `npm run eval -- --ablation` measures it; `--write` puts each
 * rule's row into its page of docs/ranking between the markers below, and the whole table into
 * docs/ranking/per-act.md. Pure: the measuring is the eval script's.
 */
import { DEFAULT_PROFILE, type KnobName, type Profile } from '../search/rules/profile.js';

export interface Ablation {
  /** The rule's name, or the stage knob's. */
  name: string;
  kind: 'rule' | 'stage';
  /** The knobs set to their `off` value. */
  knobs: Partial<Record<KnobName, number>>;
}

/** Each rule with all its knobs off, then each stage knob off, in the profile's order. */
export function ablations(profile: Profile = DEFAULT_PROFILE): Ablation[] {
  const rules = profile.rules.map((r): Ablation => ({ name: r.name, kind: 'rule', knobs: Object.fromEntries(r.knobs.map((k) => [k.name, k.off])) }));
  const stages = profile.stages.map((k): Ablation => ({ name: k.name, kind: 'stage', knobs: { [k.name]: k.off } }));
  return [...rules, ...stages];
}

/** S@5 and MRR@10 of one set's questions. */
export interface Scores {
  s5: number;
  mrr10: number;
  queries: number;
}

/** One set's scores as shipped and without each ablation, by its name. */
export interface SetAblations {
  set: string;
  shipped: Scores;
  without: ReadonlyMap<string, Scores>;
}

const f = (x: number) => x.toFixed(3);
/** A gain signed; one that rounds to nothing is +0.000, whatever its sign. */
const delta = (x: number) => `${x > -0.0005 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;

/** One ablation's effect on every set: the shipped figures, without it, and what it adds (shipped − without). */
export function effectTable(name: string, sets: readonly SetAblations[]): string {
  const lines = ['| set | questions | shipped S@5 / MRR@10 | without it | it adds |', '|---|---:|---|---|---|'];
  for (const s of sets) {
    const off = s.without.get(name);
    if (off === undefined) continue;
    lines.push(`| ${s.set} | ${s.shipped.queries} | ${f(s.shipped.s5)} / ${f(s.shipped.mrr10)} | ${f(off.s5)} / ${f(off.mrr10)} | ${delta(s.shipped.s5 - off.s5)} / ${delta(s.shipped.mrr10 - off.mrr10)} |`);
  }
  return lines.join('\n');
}

/** Every ablation's MRR@10 gain on every set, one row an ablation: the overview of docs/ranking/per-act.md. */
export function overviewTable(list: readonly Ablation[], sets: readonly SetAblations[]): string {
  const head = `| part | kind | ${sets.map((s) => `${s.set} (${s.shipped.queries})`).join(' | ')} |`;
  const rule = `|---|---|${sets.map(() => '---:|').join('')}`;
  const shipped = `| shipped MRR@10 | | ${sets.map((s) => f(s.shipped.mrr10)).join(' | ')} |`;
  const rows = list.map((a) => `| ${a.name} | ${a.kind} | ${sets.map((s) => { const off = s.without.get(a.name); return off === undefined ? '–' : delta(s.shipped.mrr10 - off.mrr10); }).join(' | ')} |`);
  return [head, rule, shipped, ...rows].join('\n');
}

export const BLOCK_START = '<!-- per-act: written by `npm run eval -- --ablation --write` -->';
export const BLOCK_END = '<!-- /per-act -->';

/** The page with its per-act block replaced by `block`, or the block added at its end when it has none. */
export function withBlock(page: string, block: string): string {
  const written = `${BLOCK_START}\n${block}\n${BLOCK_END}`;
  const start = page.indexOf(BLOCK_START);
  const end = page.indexOf(BLOCK_END);
  if (start >= 0 && end > start) return page.slice(0, start) + written + page.slice(end + BLOCK_END.length);
  return `${page.trimEnd()}\n\n${written}\n`;
}

