import { addressee } from './addressee.js';
import { annex } from './annex.js';
import { articleTitle } from './article-title.js';
import { definition } from './definition.js';
import { definitionsPrior } from './definitions-prior.js';
import { family } from './family.js';
import { narrative } from './narrative.js';
import { paragraph } from './paragraph.js';
import { recital } from './recital.js';
import { role } from './role.js';
import type { Knob, KnobValues } from './rule.js';
import { stated } from './stated.js';

/**
 * A named ranking: the knobs of the engine's stages (how a query's words are searched, which candidates are added
 * or placed first: search.ts) and the ranking rules with theirs, in the order they multiply a score (floating-point
 * products depend on it). `npm run eval`'s grid offers every knob as `--<flag>`; `explain` names the rules.
 */
export const DEFAULT_PROFILE = {
  name: 'default',
  stages: [
    { name: 'expansionWeight', flag: 'expansion', default: 0.1, off: 0, doc: "the glossary's other names for a name in the query (expansion.ts); 0: off" },
    { name: 'synonymWeight', flag: 'synonyms', default: 0.5, off: 0, doc: 'everyday-to-legal synonyms and abbreviations (synonyms.ts), and "prohibited" for a permission question; 0: off' },
    { name: 'spellings', flag: 'spellings', default: 1, switch: true, off: 0, doc: "each word also as the other variety of English spells it (spelling.ts)" },
    { name: 'derivedWeight', flag: 'derived', default: 0.5, off: 0, doc: "index terms a couple of characters longer than a typed stem ('fail', 'failur'); 0: off" },
    { name: 'sceneWeight', flag: 'scene', default: 0.5, off: 1, doc: "a word only in the question's scene (question-context.ts); 1: off" },
    { name: 'citationWeight', flag: 'citation', default: 0.2, off: 0, doc: 'share of an explainer\'s score given to the provisions it cites; 0: off' },
    { name: 'applicationFirst', flag: 'application', default: 1, switch: true, off: 0, doc: 'the Article on entry into force first, for a question asking when the law applies' },
  ],
  rules: [annex, family, articleTitle, addressee, role, definitionsPrior, stated, recital, definition, narrative, paragraph],
} as const satisfies { name: string; stages: readonly Knob[]; rules: readonly unknown[] };

export type Profile = typeof DEFAULT_PROFILE;
type ProfileKnob = Profile['stages'][number] | Profile['rules'][number]['knobs'][number];
export type KnobName = ProfileKnob['name'];

/** Every knob of a profile: its stages', then each rule's, in the profile's order. */
export function profileKnobs(profile: Profile = DEFAULT_PROFILE): readonly Knob<KnobName>[] {
  return [...profile.stages, ...profile.rules.flatMap((r): readonly Knob<KnobName>[] => r.knobs)];
}

/** The knobs' values: as given (a switch as 1 or 0), or their defaults. */
export function knobValues(given: Partial<Record<KnobName, number | boolean | undefined>>, profile: Profile = DEFAULT_PROFILE): KnobValues<KnobName> {
  const values = {} as Record<KnobName, number>;
  for (const knob of profileKnobs(profile)) {
    const value = given[knob.name];
    values[knob.name] = value === undefined ? knob.default : Number(value);
  }
  return values;
}
