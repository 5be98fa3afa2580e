/**
 * Which point of an amending act changed a provision. An amending Article of the Union opens "Regulation (EU)
 * 2024/1689 is amended as follows:" and lists numbered instructions, each naming what it changes ("(5) Article 4 is
 * replaced by the following:", "(29) in Article 70, paragraph 8 is replaced …", "(6) the following Article is
 * inserted: ‘Article 4a …", "(41) Annex I is amended as follows:"). The quoted new wording holds numbered lines of
 * its own, so an instruction is a line opening with the next number in sequence.
 */
import { pinpointAnchor, type Address } from '../legal/address.js';
import type { Provision } from './provisions.js';

export interface Instruction {
  /** Its pinpoint in the amending act: "Art. 1(5)". */
  pinpoint: string;
  /** The anchors it changes in the amended act ("art-4", "art-70-8", "annex-i"). */
  targets: string[];
}

const TYPES: Record<string, string> = { reg: 'Regulation', dir: 'Directive', dec: 'Decision' };

/** The formal name an amending act gives the act it amends, for an id `eu-reg-2024-1689`: "Regulation (EU) 2024/1689". */
export function formalName(instrument: string): string | undefined {
  const match = /^([a-z]{2})-(reg|dir|dec)-(\d{4})-(\d+)$/.exec(instrument);
  return match ? `${TYPES[match[2] ?? '']} (${(match[1] ?? '').toUpperCase()}) ${match[3]}/${match[4]}` : undefined;
}

/** The instructions of an amending act's Articles that amend `instrument`, from its provisions (src/core/law/provisions.ts). */
export function instructionsFor(provisions: ReadonlyMap<string, Provision>, instrument: string): Instruction[] {
  const name = formalName(instrument);
  if (name === undefined) return [];
  const opening = new RegExp(`^${name.replace(/[()/.]/g, (c) => `\\${c}`)} is amended as follows`);
  const out: Instruction[] = [];
  for (const [anchor, provision] of provisions) {
    const article = /^art-(\d+[a-z]?)$/.exec(anchor)?.[1];
    if (article === undefined || !opening.test(provision.text)) continue;
    out.push(...instructionsIn(article, provision.text));
  }
  return out;
}

/** The numbered instructions of one amending Article's text, in order. */
export function instructionsIn(article: string, text: string): Instruction[] {
  const lines = text.split('\n');
  const out: Instruction[] = [];
  let next = 1;
  let current: { n: number; targets: Set<string>; inserting: boolean } | undefined;
  const close = () => current && out.push({ pinpoint: `Art. ${article}(${current.n})`, targets: [...current.targets] });
  for (const line of lines) {
    const numbered = /^\((\d+)\)\s+(.*)$/.exec(line);
    if (numbered !== null && Number(numbered[1]) === next) {
      close();
      const instruction = numbered[2] ?? '';
      current = { n: next++, targets: new Set(named(instruction)), inserting: /\bthe following (?:Articles?|articles?|Annex(?:es)?) (?:is|are) (?:inserted|added)/.test(instruction) };
      continue;
    }
    // The Articles and Annexes an insertion brings, by their quoted headings ("‘Article 4a", "Article 75b", "‘ANNEX XIV").
    const heading = current?.inserting ? /^‘?(?:Article (\d+[a-z]?)|(?:ANNEX|Annex) ([IVXLC]+))$/.exec(line.trim()) : null;
    if (heading) current?.targets.add(heading[1] !== undefined ? `art-${heading[1]}` : `annex-${(heading[2] ?? '').toLowerCase()}`);
  }
  close();
  return out;
}

/** The provision an instruction's own words name: "in Article 1(2), point (g)" → art-1-2-g; "Annex I" → annex-i. */
function named(instruction: string): string[] {
  const head = instruction.split('‘')[0] ?? '';
  const annex = /^(?:in )?Annex ([IVXLC]+)\b/.exec(head);
  if (annex) return [`annex-${(annex[1] ?? '').toLowerCase()}`];
  const article = /^(?:in )?Article (\d+[a-z]?)((?:\(\d+[a-z]?\))?)((?:\([a-z]+\))?)/.exec(head);
  if (!article) return [];
  const parts = [article[2], article[3]].map((p) => (p ?? '').replace(/[()]/g, '')).filter((p) => p !== '');
  // "in Article 70, paragraph 8 is replaced": the paragraph is the target.
  const paragraph = parts.length === 0 ? /^in Article \d+[a-z]?, paragraph (\d+[a-z]?)\b/.exec(head)?.[1] : undefined;
  if (paragraph !== undefined) parts.push(paragraph);
  const address: Address = { kind: 'article', id: article[1] ?? '', parts };
  return [pinpointAnchor(address)];
}

/** The points of an amending act that changed the provision at `anchor`: those naming it, what holds it, or a part of it. */
export function amendingPoints(instructions: readonly Instruction[], anchor: string): string[] {
  const covers = (target: string) => target === anchor || anchor.startsWith(`${target}-`) || target.startsWith(`${anchor}-`);
  return instructions.filter((i) => i.targets.some(covers)).map((i) => i.pinpoint);
}
