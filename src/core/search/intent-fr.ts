/**
 * The French forms of the question cues of intent.ts, one per signal the English patterns read: readIntent takes
 * a signal as present when either language's pattern finds it (a question is in one language; the French forms
 * do not occur in English questions). General French question syntax and legal vocabulary, not any one act's.
 * `\b` does not see accented letters as word letters, so words are bounded by letters instead (B, E).
 */

/** A word starts here / ends here: no letter or digit before / after (accents included, unlike `\b`), or it ends on an elision ("qu’"). */
const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?:(?![\p{L}\p{N}])|(?<=['’]))`;
/** An apostrophe, straight or typographic ("qu'est-ce", "qu’est-ce"). */
const A = `['’]`;
/** An article or elision before a noun: "un", "la", "l’", "des" … */
const ARTICLE = String.raw`(?:(?:un|une|le|la|les|des|du|de)\s+|(?:l|d)${A}\s*)`;
/** Where a sentence or a clause opens, as intent.ts's CLAUSE_START. */
const CLAUSE_START = String.raw`(?:^|[.?!,;:]\s+)`;

const fr = (source: string) => new RegExp(source, 'iu');

/** A role question: "est-il considéré comme", "sommes-nous un", "suis-je", "qualifié de", "relève de la notion de". */
const ROLE = String.raw`(?:considérée?s?|réputée?s?|qualifiée?s?)\s+(?:comme|de)|(?:sommes-nous|suis-je|sont-ils|sont-elles|est-il|est-elle)\s+(?:un|une|le|la|l${A})`;

/**
 * What something is: "qu’est-ce qu’un …", "que signifie …", "que veut dire …", "qui est considéré comme …",
 * "comment le règlement définit-il …", "la définition de …", "la notion de …", "… signifie-t-il".
 */
const DEFINITION = fr(
  String.raw`${B}(?:qu${A}est-ce\s+qu(?:e|${A})|qu${A}entend-on\s+par|que\s+faut-il\s+entendre\s+par|que\s+(?:signifie|signifient|veut\s+dire|veulent\s+dire|désigne|désignent)|c${A}est\s+quoi|qui\s+(?:est|sont)\s+(?:un|une|le|la|les|l${A})|${ROLE}|défini(?:t|ssent|e|es|s|tion|tions)?|signifie-t-(?:il|elle)|notion\s+d(?:e|${A}|u|es))${E}`,
);

/** "Quel est le …", "qui sont les …", or a role question: a definition only when the text defines what follows. */
const ABOUT_THE = fr(String.raw`${B}(?:quel(?:le)?s?\s+(?:est|sont)\s+(?:le|la|les|l${A})|qui\s+(?:est|sont)\s+(?:le|la|les|l${A})|${ROLE})`);

/** What a French definition question asks about, after its cue: "qu’est-ce qu’un |système d’IA au sens du règlement ?". */
const SUBJECT = [
  fr(String.raw`${B}qu${A}est-ce\s+qu(?:e|${A})\s*${ARTICLE}?(.+)`),
  fr(String.raw`${B}(?:qu${A}entend-on|que\s+faut-il\s+entendre)\s+par\s+${ARTICLE}?(.+)`),
  fr(String.raw`${B}que\s+(?:signifie|signifient|veut\s+dire|veulent\s+dire|désigne|désignent)\s+${ARTICLE}?(.+)`),
  fr(String.raw`${B}(?:considérée?s?|réputée?s?|qualifiée?s?)\s+(?:comme|de)\s+${ARTICLE}?(.+)`),
  fr(String.raw`${B}(?:sommes-nous|suis-je|sont-ils|sont-elles|est-il|est-elle)\s+(?:un|une|le|la|l${A})\s*(.+)`),
  fr(String.raw`${B}qui\s+(?:est|sont)\s+(?:un|une|le|la|les|l${A})\s*(.+)`),
  fr(String.raw`${B}(?:définition|notion)\s+(?:de\s+|d${A}\s*|du\s+|des\s+)${ARTICLE}?(.+)`),
  fr(String.raw`${B}défini(?:t|ssent)(?:-(?:il|elle|ils|elles))?\s+${ARTICLE}?(.+)`),
  fr(String.raw`^\s*(?:que\s+)?${ARTICLE}?(.+?)\s+signifie-t-(?:il|elle)`),
];

/** Every reading of a French definition question's subject, in SUBJECT's order. */
export function frenchSubjects(text: string): string[] {
  return SUBJECT.flatMap((pattern) => pattern.exec(text)?.[1]?.replace(/[?!.,;:]+\s*$/, '').trim() || []);
}

/**
 * A date or a time limit: "combien de temps", "dans quel délai", "à partir de quand", "à quelle date", "jusqu’à
 * quand", "quelle durée", "date limite", "combien de jours", "à quelle fréquence", "quand … s’applique / entre en vigueur".
 */
const APPLIES = String.raw`(?:s${A}appliqu\p{L}*|appliquée?s?|applicables?|entr\p{L}*\s+en\s+(?:vigueur|application)|en\s+vigueur|prend\p{L}*\s+effet|obligatoires?)`;
const TIME = fr(
  String.raw`${B}(?:combien\s+de\s+(?:temps|jours|heures|semaines|mois|ans|années)|(?:dans|en)\s+quels?\s+délais?|quels?\s+(?:est\s+le\s+)?délais?|délais?|(?:à\s+partir\s+de|depuis|jusqu${A}à)\s+quand|(?:à|avant|jusqu${A}à|depuis)\s+quelle\s+date|quelle\s+date|date\s+limite|échéances?|durée|à\s+quelle\s+fréquence|quand\s+[^?]*${APPLIES})${E}`,
);

/** How much: "quelle amende", "quel montant", "le montant maximal", "combien" (not of time), "jusqu’à combien", "plafond". */
const AMOUNT = fr(
  String.raw`${B}(?:combien(?!\s+de\s+(?:temps|jours|heures|semaines|mois|ans|années))|quel(?:le)?s?\s+(?:est\s+le\s+|sont\s+les\s+)?(?:amendes?|sanctions?|montants?|pénalités?|redevances?|frais)|montants?|maximal\p{L}*|maximum|plafonds?|plafonnée?s?)${E}`,
);

/** A duty: "doit-il", "doivent", "est-on tenu de", "faut-il", "obligation", "obligatoire", "exigé". */
const DUTY = fr(String.raw`${B}(?:doi[st]|doivent|devons|devez|dois-je|doit-on|faut-il|il\s+faut|obligations?|obligatoires?|obligée?s?|tenue?s?\s+de|exigée?s?|requise?s?)${E}`);

/** A question, or a clause of one, asking what or which: "Quelles sont …", "Que doit contenir …". */
const WHICH = fr(String.raw`${CLAUSE_START}(?:quel(?:le)?s?|que|qu${A}(?!est-ce))${E}`);

/** What a document holds or by which criteria: "que doit contenir …", "quelles informations …", "quels critères …". */
const CONTENTS = fr(
  String.raw`${B}(?:que|quel(?:le)?s?|qu${A}est-ce\s+qu)${E}.*${B}(?:conten\p{L}*|contient|comprend\p{L}*|inclu\p{L}*|figur\p{L}*|informations?|éléments?|critères?|mentions?|liste)${E}`,
);

/** Whether the law applies to something: "s’applique-t-il à", "couvre", "exclu", "dispensé", "relève du", "champ d’application". */
const SCOPE = fr(
  String.raw`${B}(?:s${A}appliqu\p{L}*|applicables?|couvr\p{L}*|couverte?s?|exclue?s?|exemptée?s?|dispensée?s?|exonérée?s?|relèv\p{L}*|hors\s+du\s+champ|champ\s+d${A}application|concernée?s?\s+par)${E}`,
);
/** A question naming which rules of the law apply, not whether it applies: "quelles obligations s’appliquent". */
const NAMES_RULES = fr(String.raw`${B}(?:obligations|exigences|règles|amendes|sanctions|conditions|devoirs)${E}`);

/** When the law or a part of it applies: "à partir de quand … s’appliquent", "date d’application", "calendrier". */
const APPLICATION = fr(
  String.raw`${B}(?:(?:(?:à\s+partir\s+de|depuis)\s+quand|(?:à\s+partir\s+de\s+|depuis\s+)?quelle\s+(?:date|année))${E}[^?]*${B}${APPLIES}|quand${E}[^?]*${B}${APPLIES}(?!\s+(?:à|aux|au)${E})|dates?\s+d${A}(?:application|entrée\s+en\s+(?:vigueur|application))|entrée\s+en\s+(?:vigueur|application)|calendrier)${E}`,
);

/** Whether something is allowed: "peut-on", "la police peut-elle", "a-t-on le droit", "est-il autorisé", "est-ce légal". */
const PERMISSION = fr(
  String.raw`${B}(?:peut-(?:on|il|elle)|peuvent-(?:ils|elles)|pouvons-nous|puis-je|pourrait-(?:on|il|elle)|(?:a-t-on|ai-je|avons-nous|a-t-(?:il|elle)|ont-(?:ils|elles))\s+le\s+droit|le\s+droit\s+de|autorisée?s?|permise?s?|légale?s?|licites?|interdite?s?)${E}`,
);

/** Asks for reasons: "pourquoi", "pour quelle raison", "la finalité de", "justifi…". */
const WHY = fr(String.raw`${B}(?:pourquoi|raisons?|justifi\p{L}*|finalité|motiv\p{L}*|objectif\s+de)${E}`);

/** Asks how to do something: "comment", "que devons-nous faire", "doit-on", "faut-il". */
const HOW = fr(String.raw`${B}(?:comment|devons-nous|dois-je|doit-on|faut-il)${E}`);

/** Opens on "what": "Que …", "Quel …", "Qu’est-ce …". */
const WHAT = fr(String.raw`^\s*(?:que|quel(?:le)?s?|qu${A})${E}`);

/** The French patterns, per signal of QueryIntent they find. */
export const FRENCH_CUES = {
  definition: DEFINITION,
  aboutThe: ABOUT_THE,
  why: WHY,
  how: HOW,
  what: WHAT,
  time: TIME,
  amount: AMOUNT,
  duty: DUTY,
  which: WHICH,
  contents: CONTENTS,
  scope: SCOPE,
  namesRules: NAMES_RULES,
  application: APPLICATION,
  permission: PERMISSION,
} as const satisfies Record<string, RegExp>;

/**
 * The operator roles as French acts name them, each read as the English role name the role rule compares
 * (intent.ts `rolesNamed`): "déployeur" is "deployer", "responsable du traitement" is "controller".
 */
export const FRENCH_ROLES: readonly (readonly [RegExp, string])[] = [
  [fr(String.raw`${B}fournisseurs?${E}`), 'provider'],
  [fr(String.raw`${B}déployeurs?${E}`), 'deployer'],
  [fr(String.raw`${B}importateurs?${E}`), 'importer'],
  [fr(String.raw`${B}distributeurs?${E}`), 'distributor'],
  [fr(String.raw`${B}fabricants?${E}`), 'manufacturer'],
  [fr(String.raw`${B}responsables?\s+(?:conjoints?\s+)?du\s+traitement${E}`), 'controller'],
  [fr(String.raw`${B}sous-traitants?${E}`), 'processor'],
];
