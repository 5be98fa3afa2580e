import { FRENCH_CUES, FRENCH_ROLES, frenchSubjects } from './intent-fr.js';
import { OPERATOR_ROLES } from './synonyms.js';

/**
 * What a question asks for, read once from its words (the query after the names of the laws it mentions are
 * taken out): the ranking rules (rules/) and the engine's stages read this, never the text. Every field is
 * a pattern's verdict; none depends on the corpus but `families`, which are the corpus's framework families the
 * question names.
 */
export interface QueryIntent {
  /** Asks what something is: "who is a deployer", "what counts as …", "how does the Act define …" (ASKS_DEFINITION). */
  definition: boolean;
  /** A what- or which-question ending on a name in quotes ("… into a 'serious incident'?"). */
  quotedName: boolean;
  /** "What is the …", "who are the …", or a role question: a definition question only when the text defines what follows. */
  aboutThe: boolean;
  /** The readings of a definition question's subject, in the order of the cues that found them (none for another question). */
  subjects: readonly string[];
  /** Asks for reasons: "why", "rationale", "purpose of". */
  why: boolean;
  /** Asks how to do something: "how do we", "should we", "must we". */
  how: boolean;
  /** Opens on "what". */
  what: boolean;
  /** Names a framework's kind of item: "subcategory". */
  item: boolean;
  /** Asks for a date or a time limit: "how long", "by when", "deadline". */
  time: boolean;
  /** Asks how much: "how high are the fines", "maximum". */
  amount: boolean;
  /** Asks about a duty: "must", "have to", "obligations". */
  duty: boolean;
  /** A question, or a clause of one, asking what or which. */
  which: boolean;
  /** Asks what a document holds or by which criteria: "what information goes into …". */
  contents: boolean;
  /** Asks whether the law applies to something ("does the Act cover …"), not when, nor which of its rules. */
  scope: boolean;
  /** Asks when the law or a part of it applies: "from what date do the prohibitions apply", "timeline". */
  application: boolean;
  /** Asks whether something is allowed: "can police use …", "is it legal to …". */
  permission: boolean;
  /** The operator roles it names (OPERATOR_ROLES, lower case): "deployer". */
  roles: ReadonlySet<string>;
  /** The corpus's framework families it names ("Which MAP subcategory …"). */
  families: ReadonlySet<string>;
}

/** A framework family of the corpus ("MAP") with the patterns that find it named in a question. */
export interface NamedFamily {
  family: string;
  named: readonly RegExp[];
}

/** The patterns a family is named by: "map" and "measure" are also verbs, so in capitals or before the kind of item it groups. */
export function namedFamily(family: string): NamedFamily {
  return {
    family,
    named: [new RegExp(String.raw`\b${family}\b`), new RegExp(String.raw`\b${family}\s+(?:function|sub-?categor(?:y|ies)|categor(?:y|ies))\b`, 'i')],
  };
}

/** The question's intent; `families` are the corpus's framework families (none: a law-only corpus). */
export function readIntent(text: string, families: readonly NamedFamily[] = []): QueryIntent {
  // A signal is present when its English pattern or its French form (intent-fr.ts) finds it.
  const asks = (english: RegExp, cue: keyof typeof FRENCH_CUES) => english.test(text) || FRENCH_CUES[cue].test(text);
  const application = asks(ASKS_APPLICATION, 'application');
  const definition = asks(ASKS_DEFINITION, 'definition');
  const quotedName = QUOTED_NAME.test(text);
  return {
    definition,
    quotedName,
    aboutThe: asks(ASKS_ABOUT_THE, 'aboutThe'),
    // Seven patterns: read only for a question that may ask for a definition, the one the subject matters to.
    subjects: definition || quotedName ? [...definitionSubjects(text), ...frenchSubjects(text)] : [],
    why: asks(ASKS_WHY, 'why'),
    how: asks(ASKS_HOW, 'how'),
    what: asks(ASKS_WHAT, 'what'),
    item: ASKS_ITEM.test(text),
    time: asks(ASKS_TIME, 'time'),
    amount: asks(ASKS_AMOUNT, 'amount'),
    duty: asks(ASKS_DUTY, 'duty'),
    which: asks(ASKS_WHICH, 'which'),
    contents: asks(ASKS_CONTENTS, 'contents'),
    scope: asks(ASKS_SCOPE, 'scope') && !application && !asks(NAMES_RULES, 'namesRules'),
    application,
    permission: asks(ASKS_PERMISSION, 'permission'),
    roles: rolesNamed(text),
    families: new Set(families.filter(({ named }) => named.some((pattern) => pattern.test(text))).map(({ family }) => family)),
  };
}

/**
 * The operator roles a text names, as written (not stemmed: "provide" and "deploy" are verbs); the role rule
 * reads a provision's the same way.
 */
export function rolesNamed(text: string): ReadonlySet<string> {
  const french = FRENCH_ROLES.flatMap(([pattern, role]) => (pattern.test(text) ? [role] : []));
  return new Set([...[...text.matchAll(OPERATOR_ROLE)].map((m) => m[1]!.toLowerCase()), ...french]);
}

const OPERATOR_ROLE = new RegExp(String.raw`\b(${OPERATOR_ROLES.join('|')})s?\b`, 'gi');

/**
 * A question whether someone or something holds a defined role or name: "does that make us a deployer", "are we a
 * provider", "do we count as an importer", "what kind of malfunction counts as a serious incident".
 */
const ASKS_ROLE = String.raw`(?:makes?|making)\s+(?:us|me|them|it|you)\s+(?:an?|the)|(?:are|am)\s+(?:we|i|they|you)\s+(?:an?|the)|(?:counts?|qualify|qualifies)\s+as`;

/**
 * A question asking what something is: "who is a deployer", "what counts as a provider", "how does the Act define
 * …", "what does … mean", "… in legal terms", or whether someone holds a role.
 */
const ASKS_DEFINITION = new RegExp(
  String.raw`\b(?:(?:what|who)\s+(?:is|are)\s+(?:an?|the)\b|(?:${ASKS_ROLE})\b|defin(?:e|es|ed|ition)\b|meaning\s+of\b|what\s+does\b.*\bmean\b|in\s+legal\s+terms\b)`,
  'i',
);

/** "What is the …", "who are the …", a role question: a definition question only when what follows is a name the text defines. */
const ASKS_ABOUT_THE = new RegExp(String.raw`\b(?:(?:what|who)\s+(?:is|are)\s+the|${ASKS_ROLE})\b`, 'i');

/**
 * A what- or which-question ending on a name in quotes, as people quote a term of art ("what kinds of harm turn
 * a malfunction into a 'serious incident'?"): it asks what makes something that name, a definition question when
 * the text defines it. Only at the end: "does the 'serious incident' duty apply to us" asks about the duty.
 */
const QUOTED_NAME = /^\s*(?:what|which)\b.*\s['‘"“]([^'‘’"“”\n]{2,80})['’"”][\s?.!]*$/iu;

/** What a definition question asks about, after its cue: "who is a |deployer under the AI Act?". */
const SUBJECT = [
  /\b(?:what|who)\s+(?:is|are)\s+(?:an?|the)\s+(.+)/i,
  /\b(?:counts?|qualify|qualifies)\s+as\s+(?:(?:an?|the)\s+)?(.+)/i,
  /\b(?:(?:makes?|making)\s+(?:us|me|them|it|you)|(?:are|am)\s+(?:we|i|they|you))\s+(?:an?|the)\s+(.+)/i,
  /\bwhat\s+does\s+(?:(?:an?|the)\s+)?(.+?)\s+mean\b/i,
  /\b(?:defines?|defined|definition\s+of|meaning\s+of)\s+(?:(?:an?|the)\s+)?(.+)/i,
  /^(?:(?:an?|the)\s+)?(.+?)\s+in\s+legal\s+terms\b/i,
  QUOTED_NAME,
];

/**
 * Every reading of the subject, by the cues in SUBJECT's order: "what is the definition of an AI system" reads
 * "definition of an AI system" after "what is the", and "AI system" after "definition of".
 */
function definitionSubjects(text: string): string[] {
  return SUBJECT.flatMap((pattern) => pattern.exec(text)?.[1]?.replace(/[?!.,;:]+\s*$/, '').trim() || []);
}

/** Where a sentence or a clause of a question opens: "…, can we", "Under the Act, which …". */
const CLAUSE_START = String.raw`(?:^|[.?!,;:]\s+)`;
/** A question about a duty: "Do providers have to …", "Must we …", "What obligations …". */
const ASKS_DUTY = /\b(?:must|(?:have|has|need|needs) to|required|obligations?|duty|duties)\b/i;
/** A question, or a clause of one, asking what or which: "What must the declaration contain?", "Under the Act, which …". */
const ASKS_WHICH = new RegExp(String.raw`${CLAUSE_START}(?:what|which)\b`, 'i');

/**
 * A question whether the law applies to something ("Does the AI Act cover …", "exempt from", "fall under"); not one
 * asking when it applies (ASKS_APPLICATION), nor one asking which of its rules apply (NAMES_RULES).
 */
const ASKS_SCOPE = /\b(?:apply|applies|cover|covers|covered|reach|reaches|exempt|exempted|outside|falls? under|falls? within|in scope|out of scope)\b/i;
const NAMES_RULES = /\b(?:duties|obligations|requirements|rules|fines|penalties|conditions)\b/i;

/** A question asking what a document or entry holds, or by which criteria: "What information goes into …". */
const ASKS_CONTENTS = /\b(?:what|which)\b.*\b(?:contains?|includes?|goes? into|go in|information|details|criteria|list|checklist|elements)\b/i;

/** A question whether something is allowed: "Can police use …", "Under the Act, may we …", "Is it legal to …", "Are we allowed to …". */
const ASKS_PERMISSION = new RegExp(String.raw`${CLAUSE_START}(?:can|may|could)\b|\b(?:allowed|permitted|(?:legal|lawful) to)\b`, 'i');

/** A question asking for reasons ("why …", "the rationale for …"): recitals are where a law gives them. */
const ASKS_WHY = /\b(why|reason(?:s|ing)?|rationale|justif\w*|purpose of|motivat\w*)\b/i;

/** A question naming a framework's kind of item ("which subcategory covers …"): the answer is an item by its own words. */
const ASKS_ITEM = /\bsub-?categor(?:y|ies)\b/i;

/** A question opening on "what": "What characteristics make an AI system trustworthy?". */
const ASKS_WHAT = /^\s*what\b/i;

/** A question asking how to do something: "how do we …", "how should …", "should we …", "where do we …". */
const ASKS_HOW = /\b(?:how\s+(?:do|does|should|can|could|must|to)|should\s+(?:we|the|an?|our)|must\s+we|do\s+we)\b/i;

/**
 * A question asking for a date or a time limit: "how soon", "how long", "how often", "from what date", "by when",
 * "the maximum duration", "when does … apply / start / enter into force". Not "when is a system high-risk", which
 * asks for a condition.
 */
const ASKS_TIME =
  /\b(?:how\s+(?:soon|quickly|long|often|many\s+(?:hours|days|weeks|months|years))|(?:from|by|until|on)\s+(?:what|which)\s+date|by\s+when|deadlines?|time\s+limits?|durations?|when\s+(?:does|do|did|will|must|should|shall)\b[^?]*\b(?:apply|applies|start|begin|enter|take\s+effect|come\s+into|expire|end|lapse))\b/i;

/** A question asking how much: a fine's maximum, an amount, a fee ("how high are the fines", "what is the maximum fine"). */
const ASKS_AMOUNT = /\bhow\s+(?:much|high|large|big)\b|\b(?:maximum|max|highest|upper\s+limit|cap|ceiling)\b|\bwhat\s+(?:fines?|penalt(?:y|ies)|fees?|amount)\b/i;

/** Verbs of a law's application: "apply", "take effect", "enter into force", "kick in", "bite". */
const APPLIES = String.raw`(?:appl(?:y|ies|icable)|(?:start|begin)s?\s+(?:to\s+apply|applying)|takes?\s+effect|(?:enters?|entered|comes?|came)\s+into\s+(?:force|effect)|in\s+force|kicks?\s+in|bites?|binding|enforce(?:d|able)?)`;
/**
 * A question asking when the law, or a part of it, applies: a date cue ("from what date", "what year") with a verb
 * of application; "when" with one, unless it "applies to" someone ("when does the Act apply to providers outside
 * the EU" asks for a condition); or a name for the dates ("application date", "timeline"). Not "when is a system
 * high-risk", nor "by when must the codes be ready", which ask for a condition or another deadline.
 */
const ASKS_APPLICATION = new RegExp(
  String.raw`\b(?:(?:(?:what|which)\s+date|what\s+year|from\s+when|how\s+(?:soon|long\s+until))\b[^?]*\b${APPLIES}|when\b[^?]*\b${APPLIES}(?!\s+to\b)|(?:application|applicability|entry\s+into\s+force)\s+dates?|dates?\s+of\s+(?:application|applicability|entry\s+into\s+force)|timeline|timetable|phas(?:ed?|ing)[\s-]+in)\b`,
  'i',
);
