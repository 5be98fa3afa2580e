import { describe, expect, it } from 'vitest';
import { chunkSections } from '../../src/core/chunking/chunk.js';
import { formatRange, parsePinpoint, pinpointAnchor, spanMeets } from '../../src/core/legal/address.js';
import { statuteTitle } from '../../src/core/legal/headings.js';
import { findPinpoints } from '../../src/core/legal/mentions.js';
import { splitSections } from '../../src/core/chunking/sections.js';
import { resolveReferences } from '../../src/core/chunking/references.js';
import { assembleContext, formatBlock } from '../../src/core/rag/assemble.js';
import { SearchEngine, type EngineOptions } from '../../src/core/search/search.js';
import { buildIndex, DEFAULT_RANKING, indexDoc, type RankingParams } from '../../src/core/index/build.js';

/** A made-up regulation in the layout of the hand-made conversions: recitals, Articles, points, an Annex. */
const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');
const act = [
  '# REGULATION ON WIDGETS',
  'THE PARLIAMENT,',
  'Whereas:',
  `(1) Widgets should be safe, because gizmo harms happen. ${words('rec1w', 20)}`,
  `(2) Dashboards explain why sprockets matter. ${words('rec2w', 20)}`,
  'HAVE ADOPTED THIS REGULATION:',
  '# CHAPTER I: GENERAL',
  '## Article 1: Definitions',
  'For the purposes of this Regulation, the following definitions apply:',
  '(1) ‘widget’ means a thing;',
  '(2) ‘gizmo’ means another thing, including:',
  '(a) small gizmos;',
  '## Article 5: Prohibited widget practices',
  '1. The following widget practices shall be prohibited:',
  ...['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((p) => `(${p}) the use of widgets for ${p}-purposes ${words(`p${p}w`, 60)};`),
  '(i) the use of sprockets unless necessary for one of the following objectives:',
  '(i) finding lost keys;',
  '(ii) saving kittens;',
  'Point (i) of the first subparagraph is without prejudice to other law.',
  '2. Member States may lay down further rules.',
  '# ANNEX III: Listed widgets',
  'Widgets listed in any of the following areas:',
  '1. Kitchens:',
  '(a) toasters;',
  '4. Workshops: drills and saws.',
].join('\n\n');

const { sections, html } = splitSections(act, 'Widget Regulation');
const chunks = chunkSections('widgets', sections);
const byPinpoint = (p: string) => chunks.filter((c) => c.pinpoint === p);
const chunk = (id: string, text: string) => ({ id: `p:${id}`, source: 'p', heading: 'H', path: ['H'], text, position: 0, url: '' });
/** A made-up law's markdown chunked as source `id` and indexed under `title`. */
const lawIndex = (markdown: string, id: string, title: string) => {
  const own = chunkSections(id, splitSections(markdown, title).sections);
  return { own, index: buildIndex(own.map((c) => indexDoc(c, title))) };
};
/** Articles 1-5 of a made-up law on other things, so that the words a test is about are rare, as in a real act. */
const unrelatedArticles = ['Kettles', 'Toasters', 'Lamps', 'Clocks', 'Radios'].map((thing, i) => `## Article ${i + 1}: ${thing}\n\n1. ${thing} are out of scope.`);
/** The pinpoint of the chunk an engine ranks first for a question. */
const firstPinpoint = (e: SearchEngine, q: string) => e.search(q, { top: 1 }).hits[0]?.chunk.pinpoint;
/** Provisions given as [pinpoint, text], indexed under `title`: the pinpoint the engine ranks first for a question. */
const topOf = (provisions: readonly (readonly [string, string])[], title = 'W') => {
  const own = provisions.map(([pinpoint, text], i) => ({ ...chunk(String(i), text), pinpoint }));
  const e = new SearchEngine(buildIndex(own.map((c) => indexDoc(c, title))), own);
  return (q: string) => firstPinpoint(e, q);
};

/** Articles 1-5 on other things as provisions, so that the words a test is about are rare. */
const unrelatedProvisions = ['Kettles', 'Toasters', 'Lamps', 'Clocks', 'Radios'].map((thing, i): [string, string] => [`Art. ${i + 1}`, `${thing} are out of scope.`]);
/** Provisions given as [pinpoint, text] after Articles 1-5 on other things, indexed under `title`: engines over them. */
const engineOver = (provisions: readonly (readonly [string, string])[], title = 'W') => {
  const own = [...unrelatedProvisions, ...provisions].map(([pinpoint, text], i) => ({ ...chunk(String(i), text), pinpoint }));
  const index = buildIndex(own.map((c) => indexDoc(c, title)));
  return (options: EngineOptions = {}) => new SearchEngine(index, own, options);
};

describe('legal structure', () => {
  it('makes each recital addressable, with its number in the pinpoint and an anchor on the page', () => {
    expect(byPinpoint('Recital 1')).toHaveLength(1);
    expect(byPinpoint('Recital 2')[0]?.url).toBe('/sources/widgets#recital-2');
    expect(html).toContain('id="recital-1"');
    expect(chunks.find((c) => c.text.startsWith('HAVE ADOPTED'))?.pinpoint).toBeUndefined();
  });

  it('cites Article points, keeps each point with its lead-in and the Article title in the path', () => {
    const pointChunks = chunks.filter((c) => c.pinpoint?.startsWith('Art. 5(1)(') || c.pinpoint?.startsWith('Arts. 5(1)('));
    expect(pointChunks.length).toBeGreaterThan(1);
    for (const chunk of pointChunks) {
      expect(chunk.text.startsWith('1. The following widget practices shall be prohibited:')).toBe(true);
      expect(chunk.path.at(-1)).toBe('Article 5: Prohibited widget practices');
    }
    // (i) after a point that ends with a colon is a sub-point, and stays with its point.
    const withSubpoints = chunks.find((c) => c.text.includes('(ii) saving kittens'));
    expect(withSubpoints?.text).toContain('(i) the use of sprockets');
    expect(html).toContain('id="art-5-1-i-ii"');
    expect(html).toContain('id="art-5-2"');
  });

  it('reads numbered definitions as paragraphs and their lettered points below them', () => {
    expect(html).toContain('id="art-1-2"');
    expect(html).toContain('id="art-1-2-a"');
  });

  it('addresses Annex points', () => {
    const annex = chunks.filter((c) => c.pinpoint?.startsWith('Annex III'));
    expect(annex.length).toBeGreaterThan(0);
    expect(html).toContain('id="annex-iii-point-4"');
  });

  it('reads Articles and Annexes headed in any official language of the EU, with the same pinpoints', () => {
    const pinpoints = (markdown: string) => chunkSections('x', splitSections(markdown, 'X').sections).map((c) => c.pinpoint);
    const french = '# RÈGLEMENT\n\n(1) Les gadgets doivent être sûrs.\n\n## Article premier: Objet\n\n1. Le présent règlement vise les gadgets.\n\n## Article 2: Définitions\n\n1. Un gadget est une chose.\n\n# ANNEXE I: Liste\n\n1. Grille-pain.';
    expect(pinpoints(french)).toEqual(['Recital 1', 'Art. 1(1)', 'Art. 2(1)', 'Annex I, point 1']);
    const polish = '# ROZPORZĄDZENIE\n\n(1) Gadżety powinny być bezpieczne.\n\n## Artykuł 1: Przedmiot\n\n1. Rozporządzenie dotyczy gadżetów:\n\na) małych;\n\n# ZAŁĄCZNIK II\n\n1. Tostery.';
    expect(pinpoints(polish)).toEqual(['Recital 1', 'Art. 1(1)', 'Annex II, point 1']);
    expect(splitSections(polish, 'X').html).toContain('id="art-1-1-a"');
    // Hungarian and Finnish put the number first.
    expect(pinpoints('## 1. cikk: Tárgy\n\n1. A rendelet a kütyükre vonatkozik.\n\n# III. MELLÉKLET\n\n1. Kenyérpirítók.')).toEqual(['Art. 1(1)', 'Annex III, point 1']);
    expect(pinpoints('## 4 artikla: Soveltamisala\n\n1. Asetusta sovelletaan laitteisiin.')).toEqual(['Art. 4(1)']);
    // A heading that only opens like a label stays a heading of the text: "Articles of association".
    expect(pinpoints('## Articles of association\n\n1. The company keeps them.')).not.toContain('Art. 1');
  });

  it('recognises framework identifiers only where the document lists items under them', () => {
    const framework = splitSections('#### GOVERN 1: Policies are in place\n\n- GOVERN 1.1: Laws are understood.\n\n- GOVERN 1.2: Traits are integrated.\n\n## SECTION 2: Other', 'F');
    const own = chunkSections('f', framework.sections);
    expect(own.map((c) => c.pinpoint)).toEqual(['GOVERN 1.1', 'GOVERN 1.2']);
    expect(framework.sections.at(-1)?.address).toBeUndefined();
  });

  it('reads "(1) …" as a recital only in the preamble of an act with Articles, not in sections numbered otherwise', () => {
    const statute = '# Widget Act 2099\n\n## 1 Overview\n\n(1) This Act is about widgets.\n\n(2) It applies to makers.\n\n## 2 Labels\n\n(1) A widget carries a label.';
    const own = chunkSections('s', splitSections(statute, 'S').sections);
    expect(own.map((c) => c.pinpoint)).not.toContain('Recital 1');
    expect(own.map((c) => c.text).join(' ')).toContain('This Act is about widgets.');
    expect(byPinpoint('Recital 1')).toHaveLength(1);
  });

  it('recognises coded identifiers (NIST CSF, NIST AI 600-1, the SSDF) and their groups, but not a code alone in prose', () => {
    const coded = [
      '## GOVERN (GV): Strategy is set',
      '### Organizational Context (GV.OC)',
      'The setting of the organization is known.',
      '- GV.OC-01: The mission is understood.',
      '- GV.OC-02: Stakeholders are understood.',
      '### GV.RM: Risk Management Strategy',
      '- GV.RM-01: Risk objectives are agreed.',
      '## Suggested actions',
      '- GV-1.1-001 – Align development with the law.',
      '## Notes',
      '- COVID-19: a line of prose about a pandemic.',
    ].join('\n\n');
    const own = chunkSections('f', splitSections(coded, 'F').sections);
    expect(own.map((c) => c.pinpoint)).toEqual(['GV.OC', 'GV.OC-01', 'GV.OC-02', 'GV.RM-01', 'GV-1.1-001', undefined]);
    expect(own.at(-1)?.text).toContain('COVID-19');
    const { index } = lawIndex(coded, 'f', 'F');
    expect(firstPinpoint(new SearchEngine(index, own), 'What does GV.OC-02 ask for?')).toBe('GV.OC-02');
    // The SSDF (SP 800-218) codes its tasks with two dotted numbers under practices named before their code.
    const ssdf = ['### Define Security Requirements (PO.1)', '- PO.1.1: Identify the requirements.', '- PO.1.2: Share them.', '### Implement Roles (PO.2)', '- PO.2.1: Create roles.'].join('\n\n');
    const tasks = chunkSections('s', splitSections(ssdf, 'S').sections);
    expect(tasks.map((c) => c.pinpoint)).toEqual(['PO.1.1', 'PO.1.2', 'PO.2.1']);
    expect(parsePinpoint('PO.1.2')).toEqual({ kind: 'framework', id: 'PO.1.2', parts: [] });
    expect(firstPinpoint(new SearchEngine(lawIndex(ssdf, 's', 'S').index, tasks), 'What does PO.1.2 ask for?')).toBe('PO.1.2');
  });
});

describe('pinpoints', () => {
  it('format ranges of siblings and fall back to the common element', () => {
    const a = (parts: string[]) => ({ kind: 'article' as const, id: '5', parts });
    expect(formatRange(a(['1', 'e']), a(['1', 'g']))).toBe('Arts. 5(1)(e)-(g)');
    expect(formatRange(a(['2']), a(['4', 'b']))).toBe('Arts. 5(2)-(4)');
    expect(formatRange(a(['1', 'h', 'iii']), a(['1']))).toBe('Art. 5(1)');
    expect(formatRange({ kind: 'recital', id: '44', parts: [] }, { kind: 'recital', id: '46', parts: [] })).toBe('Recitals 44-46');
  });

  it('parse as people write them', () => {
    expect(parsePinpoint('Art 5(1)(f)')).toEqual({ kind: 'article', id: '5', parts: ['1', 'f'] });
    expect(parsePinpoint('Annex III, point 4')).toEqual({ kind: 'annex', id: 'III', parts: ['4'] });
    expect(parsePinpoint('GOVERN 1.6')).toEqual({ kind: 'framework', id: 'GOVERN 1.6', parts: [] });
    for (const id of ['GV.OC-01', 'GV-1.1-001', 'GV.OC']) expect(parsePinpoint(id)).toEqual({ kind: 'framework', id, parts: [] });
    expect(findPinpoints('GV.OC-01 as the licence CC-BY-4.0 allows').map((a) => a.id)).toEqual(['GV.OC-01']);
    expect(parsePinpoint('the fines')).toBeUndefined();
    const recital = parsePinpoint('Recital 44');
    expect(recital && pinpointAnchor(recital)).toBe('recital-44');
  });
});

describe('legal ranking', () => {
  const engine = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Widget Regulation'))), chunks);

  it('puts the operative Article before a recital that matches as well', () => {
    const { own, index } = lawIndex('Whereas:\n\n(1) Gizmo bans matter for toasters.\n\n## Article 1: Bans\n\nGizmo bans matter for toasters.', 't', 'T');
    const e = new SearchEngine(index, own);
    expect(e.search('gizmo bans toasters', { top: 2 }).hits.map((h) => h.chunk.pinpoint)).toEqual(['Art. 1', 'Recital 1']);
  });

  it('meets the law\'s words through everyday ones (banned → prohibited, wipe → erase)', () => {
    const top = engine.search('banned', { top: 1 }).hits[0]?.chunk;
    expect(top?.path.at(-1)).toBe('Article 5: Prohibited widget practices');
    const literal = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Widget Regulation'))), chunks, { synonymWeight: 0 });
    expect(literal.search('banned', { top: 1 }).hits).toHaveLength(0);
    // A name covers a hyphenated word whole or not at all: "fine-tune" asks about tuning, not about fines.
    expect(engine.search('fine', { top: 1 }).expanded).toContain('penalti');
    // EU law's word for an exception is a derogation.
    expect(engine.search('any exception for toasters?', { top: 1 }).expanded).toContain('derog');
    expect(engine.search('fine-tune', { top: 1 }).expanded).toEqual([]);
    // Names are written out; people contract them ("doesn't meet" → "does not meet" → "not in conformity").
    expect(engine.search("a toaster that doesn't meet them", { top: 1 }).expanded).toContain('conform');
    expect(engine.search("a toaster that can't meet them", { top: 1 }).expanded).not.toContain('conform');
    expect(engine.search('high-risk systems', { top: 1 }).expanded).toEqual(engine.search('high risk systems', { top: 1 }).expanded);
    // Data protection's everyday words ("wipe my account" is erasure); no name stems like a common word of other
    // texts: "the Regulation" names no regulator, "objectives" no objection.
    expect(engine.search('can they wipe my account?', { top: 1 }).expanded).toContain('erasur');
    expect(engine.search('the objectives of the Regulation', { top: 1 }).expanded).toEqual([]);
    // "Application" is a loan's or a job's as often as the law's: it names no date of application.
    expect(engine.search('a loan application', { top: 1 }).expanded).toEqual([]);
    expect(engine.search('when does it start to apply?', { top: 1 }).expanded).toContain('forc');
    // "Our company" is the asker, not the "undertaking" whose turnover sets a fine.
    expect(engine.search('does our company need this?', { top: 1 }).expanded).toEqual([]);
  });

  it('reads an abbreviation the text spells out, unless the glossary says what it stands for', () => {
    const own = [
      '1. Providers of general-purpose AI models shall keep a copyright policy.',
      '1. The Global Partnership on AI meets once a year.',
    ].map((text, i) => ({ ...chunk(String(i), text), pinpoint: `Art. ${i + 1}(1)` }));
    const index = buildIndex(own.map((c) => indexDoc(c, 'A')));
    const hits = (e: SearchEngine) => e.search('GPAI', { top: 2 }).hits.map((h) => h.chunk.pinpoint);
    expect(hits(new SearchEngine(index, own))).toEqual(['Art. 1(1)']);
    const glossary = [{ id: 'gpai', term: 'Global Partnership on AI', aliases: ['GPAI'], related: [], sources: [], definition: 'd', as_of: '2026-01-01' }];
    expect(hits(new SearchEngine(index, own, { glossary }))).toEqual(['Art. 2(1)']);
  });

  it('answers a question asking what something is with the provision that defines it', () => {
    const law = [
      '## Article 1: Definitions',
      '(1) ‘sprocket’ means a toothed wheel fitted to a widget;',
      '(2) ‘dashboard’ means a panel;',
      '## Article 2: Duties',
      '1. Sprocket makers shall test each sprocket.',
    ].join('\n\n');
    const { own, index } = lawIndex(law, 'd', 'D');
    const e = new SearchEngine(index, own);
    const questions = ['What counts as a sprocket?', 'Who is a sprocket?', 'How does the law define a sprocket?', 'What does sprocket mean?'];
    for (const q of questions) expect(firstPinpoint(e, q)).toMatch(/^Arts?\. 1\(1\)/);
    // The engine keeps which chunks define a word between questions: each asked first, on a fresh engine, ranks the same.
    for (const q of questions) expect(new SearchEngine(index, own).search(q, { top: 5 }).hits).toEqual(e.search(q, { top: 5 }).hits);
    // Without the question form, or with the factor off, the Article that repeats the word wins.
    expect(firstPinpoint(e, 'sprocket')).toBe('Art. 2(1)');
    expect(firstPinpoint(new SearchEngine(index, own, { definitionFactor: 1 }), 'Who is a sprocket?')).toBe('Art. 2(1)');
  });

  it('counts the very word a question uses in a provision, where stemming would merge it with another', () => {
    const law = [
      '## Article 1: Access requirements',
      '1. Providers shall give access to the logs and record each request for access.',
      '## Article 2: Design',
      '1. Providers shall meet the accessibility requirements.',
    ].join('\n\n');
    const own = chunkSections('x', splitSections(law, 'X').sections);
    // The Article-title factor is off: through the same stem, "Access requirements" also reads as the question's title.
    const top = (params: RankingParams) =>
      new SearchEngine(buildIndex(own.map((c) => indexDoc(c, 'X')), params), own, { articleTitleFactor: 1 }).search('accessibility requirements for providers', { top: 1 }).hits[0]?.chunk.pinpoint;
    // Porter reduces "accessibility" to "access": on stems alone, the Article repeating "access" wins.
    expect(top({ ...DEFAULT_RANKING, exactBoost: 0 })).toBe('Art. 1(1)');
    expect(top(DEFAULT_RANKING)).toBe('Art. 2(1)');
  });

  it('takes the definition of the name the question asks about, not of every name sharing a word with it', () => {
    // Each definition in a chunk of its own, as a long definitions Article is cut.
    const top = topOf([
      ['Art. 1(1)', '(1) ‘widget system’ means a machine that turns widgets, and any widget system part;'],
      ['Art. 1(2)', '(2) ‘maker’ means a person who builds a widget system;'],
      ['Art. 1(3)', '(3) ‘downstream maker’ means a maker who fits a widget system into another widget system;'],
      ['Art. 2(1)', '1. Each widget system shall carry a label.'],
    ]);
    expect(top('What counts as a maker of a widget system?')).toBe('Art. 1(2)');
    expect(top('Who is a downstream maker?')).toBe('Art. 1(3)');
    expect(top('What is a widget system in legal terms?')).toBe('Art. 1(1)');
  });

  it('puts a provision stating a date or time limit first for a question asking when or how soon', () => {
    const own = [
      'The prohibitions apply to makers; the prohibitions also apply to importers of prohibited widgets.',
      'The prohibitions laid down in this Chapter shall apply from 2 February 2025.',
      'Makers shall report a fault to the authority, which shall report the fault to the Board.',
      'Makers shall report a fault without undue delay and in any event within 15 days.',
      'Makers shall record the duration of each widget test in the widget test record.',
      'The duration of a widget test, counted from its first day of testing, is at most six months.',
    ].map((text, i) => ({ ...chunk(String(i), text), pinpoint: `Art. ${i + 1}` }));
    const index = buildIndex(own.map((c) => indexDoc(c, 'W')));
    const timely = new SearchEngine(index, own);
    const flat = new SearchEngine(index, own, { timeFactor: 1 });
    expect(firstPinpoint(flat, 'From what date do the prohibitions apply?')).toBe('Art. 1');
    expect(firstPinpoint(timely, 'From what date do the prohibitions apply?')).toBe('Art. 2');
    expect(firstPinpoint(flat, 'How soon must makers report a fault?')).toBe('Art. 3');
    expect(firstPinpoint(timely, 'How soon must makers report a fault?')).toBe('Art. 4');
    expect(firstPinpoint(flat, 'What is the maximum duration of a widget test?')).toBe('Art. 5');
    expect(firstPinpoint(timely, 'What is the maximum duration of a widget test?')).toBe('Art. 6');
    // A condition, not a time: "when is" leaves the ranking alone.
    expect(firstPinpoint(timely, 'When is a fault reported to the Board?')).toBe(firstPinpoint(flat, 'When is a fault reported to the Board?'));
  });

  it('puts a provision stating a sum first for a question asking how much', () => {
    const engine = engineOver([
      ['Art. 12(1)', '1. Member States shall lay down rules on fines for widget fraud and shall make those fines for widget fraud effective.'],
      ['Art. 14(1)', '1. Widget fraud shall be subject to fines of up to EUR 10 000 000 or 2 % of turnover.'],
    ]);
    const [flat, shipped] = [engine({ amountFactor: 1 }), engine()];
    for (const q of ['What is the maximum fine for widget fraud?', 'How high are fines for widget fraud?']) {
      expect(firstPinpoint(flat, q), q).toBe('Art. 12(1)');
      expect(firstPinpoint(shipped, q), q).toBe('Art. 14(1)');
    }
    expect(firstPinpoint(shipped, 'fines for widget fraud')).toBe('Art. 12(1)');
  });

  it('fetches and puts first the Article on entry into force for a question asking when the law applies', () => {
    const article = (n: number, title: string, text: string, id = String(n)) => ({ ...chunk(id, text), path: ['CHAPTER I', `Article ${n}: ${title}`], pinpoint: `Art. ${n}` });
    const own = [
      article(2, 'Prohibited widget practices', 'The scoring of citizens by widgets shall be prohibited; any ban on scoring citizens covers all widgets.'),
      // Many passages talk about the ban in the question's words, so the query's own ranking leaves Article 9 out.
      ...Array.from({ length: 30 }, (_, i) => article(3, 'Reports', `Report ${i} discusses the ban on scoring citizens, the application of the ban, whether it should apply, and from what date.`, `r${i}`)),
      article(9, 'Entry into force and application', 'This Regulation shall enter into force on the twentieth day following its publication. It shall apply from 2 August 2026. However, Chapters I and II shall apply from 2 February 2025.'),
    ];
    const index = buildIndex(own.map((c) => indexDoc(c, 'W')));
    const applying = new SearchEngine(index, own);
    const flat = new SearchEngine(index, own, { applicationFirst: false });
    const q = 'From what date does the ban on scoring citizens apply?';
    expect(flat.search(q, { top: 20 }).hits.map((h) => h.chunk.pinpoint)).not.toContain('Art. 9');
    expect(firstPinpoint(applying, q)).toBe('Art. 9');
    expect(firstPinpoint(applying, 'When does the ban on scoring citizens take effect?')).toBe('Art. 9');
    // Article 9 holds none of this question's words: it still comes first, and counts among the matches.
    const binding = 'When is the ban on scoring citizens binding?';
    expect(firstPinpoint(applying, binding)).toBe('Art. 9');
    expect(applying.search(binding, { top: 5 }).total).toBe(flat.search(binding, { top: 5 }).total + 1);
    // A cited provision comes first, except before the Article saying when it applies.
    expect(applying.search('When does Article 2 apply?', { top: 2 }).hits.map((h) => h.chunk.pinpoint)).toEqual(['Art. 9', 'Art. 2']);
    // Not a question about application: the ranking is left alone.
    for (const other of ['Is the scoring of citizens by widgets prohibited?', 'When is the scoring of citizens prohibited?', 'When does the ban on scoring apply to citizens abroad?']) {
      expect(firstPinpoint(applying, other)).toBe(firstPinpoint(flat, other));
    }
  });

  it('puts the rule before a definition that uses the same words, unless the question asks what something is', () => {
    const own = [
      '(7) ‘mood reader’ means a machine that reads the mood of workers;',
      '1. Employers shall not use a mood reader that reads workers, save for medical reasons, for safety reasons, or for the purposes of research approved by the authority.',
    ].map((text, i) => ({ ...chunk(String(i), text), pinpoint: i === 0 ? 'Art. 1(7)' : 'Art. 4(1)' }));
    const index = buildIndex(own.map((c) => indexDoc(c, 'M')));
    const q = 'Can a mood reader read workers?';
    // Paragraph 7 against paragraph 1: the paragraph prior is turned off too, so only the definitions prior decides.
    expect(firstPinpoint(new SearchEngine(index, own, { definitionsPrior: 1, paragraphPrior: 0 }), q)).toBe('Art. 1(7)');
    expect(firstPinpoint(new SearchEngine(index, own), q)).toBe('Art. 4(1)');
    expect(firstPinpoint(new SearchEngine(index, own), 'What is a mood reader?')).toBe('Art. 1(7)');
    // "counts as" asks what something is wherever it stands in the question.
    expect(firstPinpoint(new SearchEngine(index, own), 'Which tool used by employers counts as a mood reader?')).toBe('Art. 1(7)');
  });

  it('puts the general rule before one its title narrows to an addressee the question does not name', () => {
    const law = [
      ...unrelatedArticles,
      '## Article 7: Penalties',
      '1. Widget fraud shall be subject to fines of up to 5 million.',
      '## Article 8: Administrative fines on Union institutions',
      '1. Widget fraud shall be subject to fines of up to 50 000.',
    ].join('\n\n');
    const { own, index } = lawIndex(law, 'f', 'F');
    const q = 'How high are the fines for widget fraud?';
    expect(firstPinpoint(new SearchEngine(index, own, { addresseeFactor: 1 }), q)).toBe('Art. 8(1)');
    expect(firstPinpoint(new SearchEngine(index, own), q)).toBe('Art. 7(1)');
    // Naming the addressee, or not naming the title's topic, leaves the special rule where the words put it.
    expect(firstPinpoint(new SearchEngine(index, own), 'How high are the fines on Union institutions for widget fraud?')).toBe('Art. 8(1)');
    const other = 'Is widget fraud punished?';
    expect(firstPinpoint(new SearchEngine(index, own), other)).toBe(firstPinpoint(new SearchEngine(index, own, { addresseeFactor: 1 }), other));
  });

  it('puts the paragraph stating a rule before later ones qualifying it in the same words, and keeps the act level with other sources', () => {
    const provisions: [string, string][] = [
      ...unrelatedProvisions,
      ['Art. 7(1)(a)', '1. The following practices shall be prohibited: (a) the use of mood readers on workers, unless a doctor asks for it or the work is dangerous;'],
      ['Art. 7(3)', '3. Each use of a mood reader on workers shall be logged.'],
    ];
    const act = provisions.map(([pinpoint, text], i) => ({ ...chunk(String(i), text), pinpoint }));
    const explainer = { ...chunk('e', 'Mood readers on workers: when an employer may use them.'), source: 'e', id: 'e:1' };
    const all = [...act, explainer];
    const index = buildIndex(all.map((c) => indexDoc(c, c.source)));
    const q = 'Can an employer use a mood reader on workers?';
    const scores = (options: EngineOptions) => new Map(new SearchEngine(index, all, options).search(q, { top: 20 }).hits.map((h) => [h.chunk.pinpoint ?? h.chunk.id, h.score]));
    const [flat, steep, shipped] = [scores({ paragraphPrior: 0 }), scores({ paragraphPrior: 0.5 }), scores({})];
    expect(flat.get('Art. 7(3)')!).toBeGreaterThan(flat.get('Art. 7(1)(a)')!);
    expect(steep.get('Art. 7(1)(a)')!).toBeGreaterThan(steep.get('Art. 7(3)')!);
    // The factors average 1 over the act's paragraphs: the first gains what the later one loses, and a chunk of
    // another source keeps its score.
    for (const s of [steep, shipped]) {
      expect(s.get('Art. 7(1)(a)')!).toBeGreaterThan(flat.get('Art. 7(1)(a)')!);
      expect(s.get('Art. 7(3)')!).toBeLessThan(flat.get('Art. 7(3)')!);
      expect(s.get('e:1')).toBe(flat.get('e:1'));
    }
  });

  it('answers a question whether something is allowed with the provision prohibiting it', () => {
    const top = topOf([
      ...unrelatedProvisions,
      ['Art. 6(1)(a)', '1. The following practices shall be prohibited: (a) the use of mood readers on workers in offices;'],
      ['Art. 9(1)', '1. Each use of a mood reader on workers shall be notified.'],
    ]);
    expect(top('use of mood readers on workers')).toBe('Art. 9(1)');
    for (const q of ['Can an employer use mood readers on workers?', 'Is it legal to use mood readers on workers?', 'We run a shop. May we use mood readers on workers?', 'In our offices, can we use mood readers on workers?', 'Are mood readers on workers allowed?']) {
      expect(top(q), q).toBe('Art. 6(1)(a)');
    }
  });

  it('answers a question about a duty with the Article imposing it, not the Annex listing its particulars', () => {
    const engine = engineOver([
      ['Art. 8', 'Providers shall test each widget before it is sold.'],
      ['Annex II, point 1', '1. Tests of widgets by providers: a description of the tests of widgets and their results.'],
    ]);
    const [flat, shipped] = [engine({ annexFactor: 1 }), engine()];
    for (const q of ['Do providers have to test widgets?', 'Under the Widget Act, must providers test widgets?']) {
      expect(firstPinpoint(flat, q), q).toBe('Annex II, point 1');
      expect(firstPinpoint(shipped, q), q).toBe('Art. 8');
    }
    // Asking what or which, or no duty at all, leaves the Annex where its words put it.
    for (const q of ['What must tests of widgets by providers describe?', 'Under the Widget Act, which tests of widgets must providers describe?', 'tests of widgets by providers']) {
      expect(firstPinpoint(shipped, q), q).toBe('Annex II, point 1');
    }
  });

  it('answers a question asking what a document holds with the Annex that lists it, before the Article requiring it', () => {
    const engine = engineOver([
      ['Art. 9(1)', '1. Makers shall send a widget report with the information set out in Annex V.'],
      ['Annex V, point 2', '2. The widget report: the maker\'s name and the widget\'s serial number.'],
    ]);
    const q = 'What information goes into a widget report?';
    expect(firstPinpoint(engine({ annexFactor: 1 }), q)).toBe('Art. 9(1)');
    expect(firstPinpoint(engine(), q)).toBe('Annex V, point 2');
    expect(firstPinpoint(engine(), 'widget report information')).toBe('Art. 9(1)');
  });

  it('reads a question whether the law applies to something as naming the Article on its scope', () => {
    const law = [
      '## Article 1: Subject matter',
      '1. This Act lays down rules on widgets.',
      '## Article 2: Scope',
      '1. This Act does not apply to widgets released free of charge under an open-source licence, unless they are sold.',
      ...unrelatedArticles.map((a) => a.replace(/Article (\d)/, (_, n: string) => `Article ${Number(n) + 2}`)),
      '## Article 9: Labels',
      '1. Open-source widgets shall carry a label; each open-source widget shall name its licence.',
    ].join('\n\n');
    const { own, index } = lawIndex(law, 's', 'S');
    const [flat, shipped] = [new SearchEngine(index, own, { articleTitleFactor: 1, scopeFactor: 1 }), new SearchEngine(index, own)];
    for (const q of ['Does the Act cover open-source widgets?', 'Are open-source widgets exempt?']) {
      expect(firstPinpoint(flat, q), q).toBe('Art. 9(1)');
      expect(firstPinpoint(shipped, q), q).toBe('Art. 2(1)');
    }
    // Asking which rules apply, or when, or not asking at all, is no question about the scope.
    const score = (e: SearchEngine, q: string) => e.search(q, { top: 1 }).hits[0]?.score;
    for (const q of ['What rules apply to open-source widgets?', 'From when does the Act apply to open-source widgets?', 'open-source widgets']) {
      expect(score(shipped, q), q).toBe(score(flat, q));
    }
  });

  it('weighs the words of a question\'s scene below those of what it asks', () => {
    const engine = engineOver([
      ['Art. 25(1)', '1. Whoever changes the purpose of a widget becomes its maker.'],
      ['Annex III, point 4', '4. Employment: widgets used to screen job candidates.'],
    ]);
    const [flat, shipped] = [engine({ sceneWeight: 1 }), engine()];
    for (const q of ['If we set up a widget to screen job candidates, do we become its maker?', 'We set up a widget to screen job candidates. Do we become its maker?']) {
      expect(firstPinpoint(flat, q), q).toBe('Annex III, point 4');
      expect(firstPinpoint(shipped, q), q).toBe('Art. 25(1)');
    }
    // Asked in one clause, the same words all count.
    expect(firstPinpoint(shipped, 'Do we become the maker of a widget set up to screen job candidates?')).toBe('Annex III, point 4');
  });

  it('puts the duty of the role a question names before the same duty of another role', () => {
    const law = [
      ...unrelatedArticles,
      '## Article 7: Logs',
      '1. Providers shall keep the widget logs for ten years.',
      '## Article 8: Other duties',
      '1. Deployers shall keep the widget logs for six months.',
    ].join('\n\n');
    const { own, index } = lawIndex(law, 'r', 'R');
    const q = 'How long must a deployer keep widget logs?';
    expect(firstPinpoint(new SearchEngine(index, own, { roleFactor: 1 }), q)).toBe('Art. 7(1)');
    expect(firstPinpoint(new SearchEngine(index, own), q)).toBe('Art. 8(1)');
    // A question naming no role, or naming the provision's own, leaves the words' order; "deploy" as a verb names no one.
    for (const other of ['How long must widget logs be kept?', 'How long must providers keep widget logs?', 'Before we deploy, how long must we keep widget logs?']) {
      expect(firstPinpoint(new SearchEngine(index, own), other)).toBe(firstPinpoint(new SearchEngine(index, own, { roleFactor: 1 }), other));
    }
  });

  it('puts the Article whose title the question names before one that repeats its words', () => {
    const law = [
      '## Article 4: Registers',
      '1. Each maker shall keep a register, listing every widget it sells.',
      '## Article 9: Inspections',
      '1. Inspectors check that makers keep the register of widgets and may copy the register of widgets.',
      '## Article 10: Kettles',
      '1. Kettles are out of scope.',
    ].join('\n\n');
    const { own, index } = lawIndex(law, 'w', 'W');
    const q = 'Must makers keep registers of widgets?';
    expect(firstPinpoint(new SearchEngine(index, own, { articleTitleFactor: 1 }), q)).toBe('Art. 9(1)');
    expect(firstPinpoint(new SearchEngine(index, own), q)).toBe('Art. 4(1)');
    // A title word the question lacks ("Inspections") gives nothing.
    expect(firstPinpoint(new SearchEngine(index, own), 'Who checks the register of widgets?')).toBe(firstPinpoint(new SearchEngine(index, own, { articleTitleFactor: 1 }), 'Who checks the register of widgets?'));
  });

  it('reads an Article title as named by a derived form of the question\'s word ("register" and "Registration")', () => {
    const law = [
      '## Article 4: Registration',
      '1. Each maker shall enter its widgets in the public list before selling them.',
      '## Article 9: Inspections',
      '1. Inspectors check that makers register widgets, and may copy the list.',
      '## Article 10: Kettles',
      '1. Kettles are out of scope.',
    ].join('\n\n');
    const { own, index } = lawIndex(law, 'w', 'W');
    const q = 'Must makers register their widgets?';
    expect(firstPinpoint(new SearchEngine(index, own, { articleTitleFactor: 1 }), q)).toBe('Art. 9(1)');
    expect(firstPinpoint(new SearchEngine(index, own), q)).toBe('Art. 4(1)');
  });

  it('puts the definition of a question\'s whole subject first, even in a chunk of several definitions', () => {
    const law = [
      '## Article 1: Definitions',
      'For the purposes of this Regulation:',
      '(7) ‘maker’ means a person that makes widgets and sells them under its own name, whether in shops or online;',
      '(8) ‘reseller’ means a person that sells a widget made by another;',
      '## Article 6: Obligations of resellers',
      '1. Resellers shall check the label. A reseller that finds a fault shall tell the maker, and resellers shall keep records.',
      '## Article 7: Kettles',
      '1. Kettles are out of scope.',
    ].join('\n\n');
    const { own, index } = lawIndex(law, 'r', 'R');
    expect(firstPinpoint(new SearchEngine(index, own, { subjectFactor: 1 }), 'Who is a reseller?')).toBe('Art. 6(1)');
    expect(firstPinpoint(new SearchEngine(index, own), 'Who is a reseller?')).toBe('Art. 1');
    expect(firstPinpoint(new SearchEngine(index, own), 'Who is a reseller under this Regulation?')).toBe('Art. 1');
    // The defined name is only the subject's first word here: the question asks what resellers must do.
    expect(firstPinpoint(new SearchEngine(index, own), 'What is a reseller required to do?')).toBe('Art. 6(1)');
  });

  it('reads a question whether someone holds a role as asking for its definition', () => {
    const top = topOf(
      [
        ['Art. 1(7)', '(7) ‘reseller’ means a person that sells a widget made by another;'],
        ['Art. 6(2)', '2. A reseller shall check the label of each widget, and a reseller who finds a widget without a label shall tell the maker.'],
      ],
      'R',
    );
    expect(top('Must a reseller check widgets?')).toBe('Art. 6(2)');
    for (const q of ['Does selling widgets make us a reseller?', 'Do we count as a reseller?', 'Are we a reseller?']) expect(top(q), q).toBe('Art. 1(7)');
    // Only the very name the text defines: "are we a reseller of labels" still asks about the reseller.
    expect(top('Are we a widget checker?')).toBe('Art. 6(2)');
  });

  it('reads "what is the …" as a definition question only when the text defines what follows', () => {
    const top = topOf([
      ['Art. 1(5)', '(5) ‘widget risk’ means the risk a widget poses;'],
      ['Art. 7(1)', '1. The threshold for widget risk is 10 units, set by the Board each year after hearing the makers.'],
    ]);
    expect(top('What is the threshold for widget risk?')).toBe('Art. 7(1)');
    expect(top('What is the widget risk?')).toBe('Art. 1(5)');
    expect(top('What is a widget risk?')).toBe('Art. 1(5)');
  });

  it('finds the defined subject however the question leads up to it', () => {
    const top = topOf([
      ['Art. 1(7)', '(7) ‘serious fault’ means a fault of a widget that injures a person or damages property;'],
      ['Art. 9(1)', '1. A maker shall report each serious fault of a widget, and the harm it did, to the Board within 15 days; the Board shall publish every report of a serious fault.'],
    ]);
    // Past "what is the" to "definition of"; past a qualifier that leaves the name the question's whole subject.
    expect(top('What is the definition of a serious fault of a widget?')).toBe('Art. 1(7)');
    expect(top('What kinds of events qualify as a serious fault involving a widget?')).toBe('Art. 1(7)');
    // A quoted name ending a what-question is the term of art it asks about; quoted elsewhere, it is only a topic.
    expect(top("What kinds of harm turn a broken widget into a 'serious fault'?")).toBe('Art. 1(7)');
    expect(top("Must a maker report a 'serious fault' of a widget to the Board?")).toBe('Art. 9(1)');
  });

  it('reads "X means" as a definition only in text with legal structure', () => {
    const prose = [chunk('a', 'Sprocket means of transport are discussed.'), chunk('b', 'Sprocket sprocket wheels and sprocket chains.')];
    const e = new SearchEngine(buildIndex(prose.map((c) => indexDoc(c, 'P'))), prose);
    expect(e.search('What is a sprocket?', { top: 1 }).hits[0]?.chunk.id).toBe('p:b');
  });

  it('puts a framework item before the framework prose that uses the same words', () => {
    const framework = [
      '## 3. Practice',
      'Organizations keep an inventory of their AI systems, as noted.',
      '#### GOVERN 1: Policies are in place.',
      '- GOVERN 1.6: Organizations keep an inventory of their AI systems.',
    ].join('\n\n');
    const { own, index } = lawIndex(framework, 'f', 'F');
    const q = 'keep an inventory of AI systems';
    expect(firstPinpoint(new SearchEngine(index, own), q)).toBe('GOVERN 1.6');
    expect(firstPinpoint(new SearchEngine(index, own, { narrativePrior: 1 }), q)).toBe('Section 3');
    // The prose is where a framework gives its reasons, and says what it means as much as its items do.
    expect(firstPinpoint(new SearchEngine(index, own), `Why ${q}?`)).toBe('Section 3');
    expect(firstPinpoint(new SearchEngine(index, own), 'What inventory of AI systems do organizations keep?')).toBe('Section 3');
    expect(firstPinpoint(new SearchEngine(index, own), 'Do organizations keep an inventory of AI systems?')).toBe('GOVERN 1.6');
  });

  it('answers a question asking how to do something with the framework item even when its prose matches better', () => {
    const framework = [
      '## 3. Practice',
      'Inventory: organizations keep an inventory of AI systems.',
      '#### GOVERN 1: Policies are in place.',
      '- GOVERN 1.6: Organizations keep an inventory of their AI systems.',
      '## 4. Other',
      'Toasters and kettles.',
    ].join('\n\n');
    const { own, index } = lawIndex(framework, 'f', 'F');
    const e = new SearchEngine(index, own);
    const top = (q: string) => firstPinpoint(e, q);
    expect(top('keep an inventory of AI systems')).toBe('Section 3');
    expect(top('How do we keep an inventory of AI systems?')).toBe('GOVERN 1.6');
    expect(top('Should we keep an inventory of AI systems?')).toBe('GOVERN 1.6');
    // Asked for by its kind, the answer is an item, whatever the question opens on.
    expect(top('Which subcategory covers keeping an inventory of AI systems?')).toBe('GOVERN 1.6');
    expect(top('What subcategory says to keep an inventory of AI systems?')).toBe('GOVERN 1.6');
  });

  it('looks for an item in the family the question names', () => {
    const framework = [
      '#### GOVERN 1: Policies are in place.',
      '- GOVERN 1.3: Risk tolerance, as the MAP function finds it, sets how much risk management work is needed; risk tolerance is reviewed.',
      '#### MAP 1: Context is established.',
      '- MAP 1.5: Tolerances are determined and documented.',
      '#### MANAGE 1: Risks are treated.',
      '- MANAGE 1.1: Kettles and toasters are listed.',
    ].join('\n\n');
    const { own, index } = lawIndex(framework, 'f', 'F');
    const top = (q: string, familyFactor?: number) => firstPinpoint(new SearchEngine(index, own, { familyFactor }), q);
    for (const q of ['Which MAP subcategory covers risk tolerance?', 'Which map subcategory covers risk tolerance?']) {
      expect(top(q, 1)).toBe('GOVERN 1.3');
      expect(top(q)).toBe('MAP 1.5');
    }
    // "map" as a verb names no family.
    expect(top('How do we map our risk tolerance?')).toBe(top('How do we map our risk tolerance?', 1));
  });

  it('weighs a category statement its items share as an Article title its paragraphs share', () => {
    const framework = [
      '#### MEASURE 4: Feedback about measurement is gathered and assessed.',
      '- MEASURE 4.1: Measurement approaches are connected to the deployment context.',
      '- MEASURE 4.2: Measurement results are validated by domain experts.',
      '#### GOVERN 5: Engagement with relevant actors is robust.',
      '- GOVERN 5.1: Policies are in place to collect, consider and integrate feedback from stakeholders outside the team that built the system.',
      '- GOVERN 5.2: Mechanisms let teams incorporate adjudicated input into design.',
      '#### MAP 1: Context is established.',
      '- MAP 1.1: Intended purposes and settings are documented.',
      '- MAP 1.2: Teams are diverse and interdisciplinary.',
      '## 6. Practice',
      'Organizations differ.',
    ].join('\n\n');
    const { own } = lawIndex(framework, 'f', 'F');
    const doc = (pinpoint: string) => indexDoc(own.find((c) => c.pinpoint === pinpoint) ?? own[0]!, 'F');
    expect(doc('MEASURE 4.1')).toMatchObject({ heading: '', provision: expect.stringContaining('MEASURE 4: Feedback') });
    expect(doc('Section 6')).toMatchObject({ heading: '6. Practice' });
    const first = (params: RankingParams) => firstPinpoint(new SearchEngine(buildIndex(own.map((c) => indexDoc(c, 'F')), params), own), 'How is feedback gathered from outside stakeholders?');
    expect(first(DEFAULT_RANKING)).toBe('GOVERN 5.1');
    // At the weight of a heading of its own, the statement puts the items under it above the one that answers.
    expect(first({ ...DEFAULT_RANKING, provisionBoost: DEFAULT_RANKING.headingBoost })).toMatch(/^MEASURE 4\./);
  });

  it('puts the pinpoint in the RAG citation line', () => {
    const block = { n: 1, title: 'Widget Regulation', provenance: 'official text, Widget Office', path: ['Article 5'], pinpoint: 'Art. 5(1)(f)', url: '/x', as_of: '2026-01-01', text: 't' };
    expect(formatBlock(block)).toBe(
      '[1] Widget Regulation, Art. 5(1)(f) — Article 5 (official text, Widget Office; /x; as of 2026-01-01)\nt',
    );
  });
});

describe('cited provisions', () => {
  const engine = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Widget Regulation'))), chunks);

  it('puts the chunk holding a cited point first, however the query writes it', () => {
    for (const query of ['Art 5(1)(c)', 'article 5 (1) (c)', 'what does Art. 5(1)(c) forbid']) {
      const first = engine.search(query, { top: 3 }).hits[0]?.chunk;
      expect(first?.text).toContain('(c) the use of widgets for c-purposes');
    }
    expect(firstPinpoint(engine, 'recital 2')).toBe('Recital 2');
    expect(engine.search('Annex III point 4', { top: 1 }).hits[0]?.chunk.text).toContain('4. Workshops');
  });

  it('cites nothing that is not there', () => {
    expect(engine.search('Art 77 widgets', { top: 3 }).hits.every((h) => !h.chunk.pinpoint?.includes('77'))).toBe(true);
  });

  it('puts every provision a cited list or range names first', () => {
    const texts = (query: string) => engine.search(query, { top: 4 }).hits.map((h) => h.chunk.text);
    for (const query of ['recitals 1 and 2', 'Recitals 1-2']) {
      expect(texts(query).slice(0, 2).join(' ')).toContain('(1) Widgets should be safe');
      expect(texts(query).slice(0, 2).join(' ')).toContain('(2) Dashboards explain');
    }
    // A range copied from a result's pinpoint names the points between its ends too (and the lead-in they share).
    const range = engine.search('Arts. 5(1)(b)-(d)', { top: 4 }).hits.map((h) => h.chunk.pinpoint);
    expect(new Set(range)).toEqual(new Set(['Art. 5(1)', 'Art. 5(1)(b)', 'Art. 5(1)(c)', 'Art. 5(1)(d)']));
  });
});

describe('a citation two instruments could hold', () => {
  it('is not guessed without a source filter', () => {
    const other = chunkSections('other', splitSections('## Article 5: Gadgets\n\nGadgets are regulated here.', 'Other').sections);
    const all = [...chunks, ...other];
    const engine = new SearchEngine(buildIndex(all.map((c) => indexDoc(c, c.source))), all);
    expect(engine.search('Art 5(1) gadgets', { top: 1 }).hits[0]?.chunk.source).toBe('other');
    expect(engine.search('Art 5(1) gadgets', { top: 1, sources: ['widgets'] }).hits[0]?.chunk.pinpoint).toMatch(/^Arts?\. 5\(1\)/);
  });

  it('is pinned within several sources when only one of them holds it, and not when two do', () => {
    const other = chunkSections('other', splitSections('## Article 5: Gadgets\n\nGadgets are regulated here.', 'Other').sections);
    const notes = chunkSections('notes', splitSections('## Notes\n\nArticle 5, Article 5, Article 5: a note on Article 5.', 'Notes').sections);
    const all = [...chunks, ...other, ...notes];
    const engine = new SearchEngine(buildIndex(all.map((c) => indexDoc(c, c.source))), all);
    const first = (sources?: string[]) => engine.search('Article 5', { top: 1, sources }).hits[0]?.chunk;
    // The note outranks either Article on its words; a citation one source holds is put first all the same.
    // On its words alone the note outranks the widget Act's Article 5; the citation, held by two sources, pins nothing.
    const ranked = engine.search('Article 5', { top: 10 }).hits.map((h) => h.chunk.source);
    expect(ranked.indexOf('notes')).toBeLessThan(ranked.indexOf('widgets'));
    expect(first()?.source).toBe('other');
    // Restricted to sources of which only one holds an Article 5, that one is put first.
    expect(first(['widgets'])?.pinpoint).toMatch(/^Art\. 5/);
    expect(first(['widgets', 'notes'])?.pinpoint).toMatch(/^Art\. 5/);
    expect(first(['notes', 'widgets'])?.source).toBe('widgets');
    expect(first(['notes', 'other'])?.source).toBe('other');
    // Two of them hold one: which is meant is not guessed, and the ranking is the words'.
    expect(first(['widgets', 'other', 'notes'])).toEqual(first());
  });

  it('is pinned in the instrument the query names beside it', () => {
    // Two acts alike but for their names; each text holds the words of both names, so that only a name read as a
    // name (not its words) can tell which Article 5(1) is meant.
    const body = '## Article 5: Safety\n\n1. Every widget and gadget shall meet this safety act.\n\n## Article 6: Other\n\nNothing.';
    const titles = { first: 'Regulation on products (Widget Safety Act)', second: 'Regulation on products (Gadget Safety Act)' };
    const all = Object.entries(titles).flatMap(([id, title]) => chunkSections(id, splitSections(body, title).sections));
    const sources = Object.entries(titles).map(([id, title]) => ({ id, title, publisher: 'European Union' }));
    const engine = new SearchEngine(buildIndex(all.map((c) => indexDoc(c, c.source))), all, { sources: sources as never });
    const first = (query: string) => engine.search(query, { top: 1 }).hits[0]?.chunk;
    expect(first('Art. 5(1) Gadget Safety Act')).toMatchObject({ source: 'second', pinpoint: 'Art. 5(1)' });
    expect(first('Article 5(1) of the Widget Safety Act')).toMatchObject({ source: 'first', pinpoint: 'Art. 5(1)' });
  });
});

describe('cross-references', () => {
  const text = [
    '## Article 1: Scope',
    '1. This applies to the systems listed in Annex II and to the practices in Article 2(1)(b).',
    '2. Article 9 of Regulation (EU) 2016/679 is not affected, nor is GDPR Article 22, nor Article 99 here.',
    '## Article 2: Practices',
    '1. The following are prohibited:',
    '(a) one thing;',
    '(b) another thing.',
    '## Article 3: Amendments to Regulation (EU) 2019/1',
    'In Article 1, the following paragraph is added.',
    '# ANNEX II: Listed systems',
    '1. Toasters.',
  ].join('\n\n');
  const { sections: own, html: page } = splitSections(text, 'T');
  const ownChunks = chunkSections('t', own);
  resolveReferences(ownChunks);
  const byId = new Map(ownChunks.map((c) => [c.id, c]));

  it('resolves mentions of the same instrument to the chunks holding them', () => {
    const scope = ownChunks.find((c) => c.text.includes('This applies'));
    const refs = (scope?.references ?? []).map((r) => [r.pinpoint, byId.get(r.chunk)?.pinpoint]);
    expect(refs).toContainEqual(['Annex II', 'Annex II, point 1']);
    expect(refs.find(([p]) => p === 'Art. 2(1)(b)')?.[1]).toMatch(/^Arts?\. 2/);
    expect(page).toContain('<a href="#annex-ii-listed-systems">Annex II</a>');
    expect(page).toContain('<a href="#art-2-1-b">Article 2(1)(b)</a>');
  });

  it('keeps as text what names another act, what is not here, and what an amending Article quotes', () => {
    const all = ownChunks.flatMap((c) => (c.references ?? []).map((r) => r.pinpoint));
    expect(all).not.toContain('Art. 9');
    expect(all).not.toContain('Art. 22');
    expect(all).not.toContain('Art. 99');
    expect(ownChunks.find((c) => c.text.startsWith('In Article 1'))?.references).toBeUndefined();
    expect(page).not.toContain('>Article 9</a>');
    expect(page).not.toContain('>Article 1</a>');
  });
});

describe('mentions in a list', () => {
  const article = (n: number) => `## Article ${n}: Title ${n}\n\n1. First rule ${n}.\n\n2. Second rule ${n}.`;
  const text = [
    '## Article 20: Lists',
    '1. Systems in points 2 to 4 of Annex III follow Articles 8 to 11, as do those in Articles 5, 6 and 7.',
    '2. Article 4(1) and (2) apply.',
    '## Article 21: Other',
    'Article 6 and 7 months later nothing else applies, nor do Articles 9 and 10 of Regulation (EU) 2016/679, nor Article 3(1) and (2) of that Regulation.',
    ...Array.from({ length: 11 }, (_, i) => article(i + 1)),
    '# ANNEX III: Areas',
    ...Array.from({ length: 5 }, (_, i) => `${i + 1}. Area ${i + 1}: ${'systems used there, '.repeat(40)}`),
  ].join('\n\n');
  const { sections, html: page } = splitSections(text, 'T');
  const own = chunkSections('t', sections);
  resolveReferences(own);
  const byId = new Map(own.map((c) => [c.id, c]));
  const refs = (start: string) => (own.find((c) => c.text.includes(start))?.references ?? []).map((r) => [r.pinpoint, byId.get(r.chunk)?.pinpoint]);

  it('name every provision of the list, the ones between a range\'s ends too, each in the chunk holding it', () => {
    expect(refs('Systems in points').map(([p]) => p)).toEqual([
      ...[2, 3, 4].map((n) => `Annex III, point ${n}`),
      ...[8, 9, 10, 11, 5, 6, 7].map((n) => `Art. ${n}`),
      'Art. 4(1)',
      'Art. 4(2)',
    ]);
    expect(refs('Systems in points')).toContainEqual(['Annex III, point 3', 'Annex III, point 3']);
    expect(refs('Systems in points')).toContainEqual(['Art. 4(2)', expect.stringMatching(/^Arts?\. 4/)]);
  });

  it('read bare numbers only after a plural, and leave a list naming another act as text', () => {
    expect(refs('Article 6 and 7 months').map(([p]) => p)).toEqual(['Art. 6']);
    expect(page).toContain('Articles 9 and 10 of Regulation');
    expect(page).toContain('nor Article 3(1) and (2) of that Regulation');
  });

  it('link each provision written in the list to its anchor', () => {
    const at = (n: number) => `#article-${n}-title-${n}`;
    expect(page).toContain(`<a href="${at(8)}">Articles 8</a> to <a href="${at(11)}">11</a>`);
    expect(page).toContain(`<a href="${at(5)}">Articles 5</a>, <a href="${at(6)}">6</a> and <a href="${at(7)}">7</a>`);
    expect(page).toContain('<a href="#art-4-1">Article 4(1)</a> and <a href="#art-4-2">(2)</a>');
    expect(page).toContain('<a href="#annex-iii-point-2">points 2 to 4 of Annex III</a>');
    expect(page).toContain(`<a href="${at(6)}">Article 6</a> and 7 months`);
  });
});

describe('mentions of Annexes and sub-points by Roman numerals', () => {
  const text = [
    '## Article 1: Lists',
    '1. Systems in Annexes II to IV follow Article 2(1)(a)(i) to (iii); those in Annexes V and VI do not, nor does the civil law of Annex I.',
    '## Article 2: Points',
    '1. Rules:',
    '(a) for widgets:',
    ...['one', 'two', 'three', 'four'].map((n, i) => `(${['i', 'ii', 'iii', 'iv'][i]}) rule ${n};`),
    ...['I', 'II', 'III', 'IV', 'V', 'VI'].map((n) => `# ANNEX ${n}: Annex ${n}\n\n1. Item of Annex ${n}.`),
  ].join('\n\n');
  const { sections, html: page } = splitSections(text, 'R');
  const own = chunkSections('r', sections);
  resolveReferences(own);

  it('name each Annex of a list or range after "Annexes", and each sub-point of a Roman range', () => {
    const refs = (own.find((c) => c.text.includes('Systems in Annexes'))?.references ?? []).map((r) => r.pinpoint);
    expect(refs).toEqual(['Annex II', 'Annex III', 'Annex IV', 'Art. 2(1)(a)(i)', 'Art. 2(1)(a)(ii)', 'Art. 2(1)(a)(iii)', 'Annex V', 'Annex VI', 'Annex I']);
    expect(page).toMatch(/<a href="#annex-ii[^"]*">Annexes II<\/a> to <a href="#annex-iv[^"]*">IV<\/a>/);
    expect(page).toMatch(/<a href="#annex-v[^"]*">Annexes V<\/a> and <a href="#annex-vi[^"]*">VI<\/a>/);
  });

  it('bring each Annex a question lists first, those a range passes over too', () => {
    const engine = new SearchEngine(buildIndex(own.map((c) => indexDoc(c, 'R'))), own);
    const pinpoints = engine.search('What do Annexes II to IV say?', { top: 3 }).hits.map((h) => h.chunk.pinpoint);
    expect(new Set(pinpoints)).toEqual(new Set(['Annex II, point 1', 'Annex III, point 1', 'Annex IV, point 1']));
  });
});

describe('mentions of a paragraph or point as EU acts write them', () => {
  const article = (n: number) => `## Article ${n}: Title ${n}\n\n1. First rule ${n}:\n\n(a) one ${n};\n\n(b) two ${n};\n\n(c) three ${n}.\n\n2. Second rule ${n}.\n\n3. Third rule ${n}.`;
  const text = [
    ...Array.from({ length: 5 }, (_, i) => article(i + 1)),
    '## Article 6: Cross-references',
    '1. The rules in paragraph 1 of Article 2, point (b) of Article 3(1), Article 4(1), first subparagraph, point (a), (2) and (3), and points (a) to (c) of Article 5(1) apply.',
    '2. Measures under paragraph 1 and paragraphs 3 to 4 of this Article, and under paragraph 1, point (b), follow; paragraph 2 of Annex I and paragraph 2 of Regulation (EU) 2016/679 do not.',
    '3. Third.',
    '4. Fourth.',
    '# ANNEX I: List',
    '1. Entry.',
  ].join('\n\n');
  const { sections, html: page } = splitSections(text, 'T');
  const own = chunkSections('t', sections);
  resolveReferences(own);
  const refs = (start: string) => (own.find((c) => c.text.includes(start))?.references ?? []).map((r) => r.pinpoint);

  it('read "paragraph 1 of Article 2", "point (b) of Article 3(1)" and "Article 4(1), first subparagraph, point (a)" as pinpoints', () => {
    expect(refs('The rules in paragraph 1')).toEqual(expect.arrayContaining(['Art. 2(1)', 'Art. 3(1)(b)', 'Art. 4(1)(a)']));
    // "(2) and (3)" after a point continue the paragraphs, the level their labels name.
    expect(refs('The rules in paragraph 1')).toEqual(expect.arrayContaining(['Art. 4(2)', 'Art. 4(3)']));
    expect(refs('The rules in paragraph 1')).not.toContain('Art. 4(1)(2)');
    // A range of points names the one between its ends too.
    expect(refs('The rules in paragraph 1')).toEqual(expect.arrayContaining(['Art. 5(1)(a)', 'Art. 5(1)(b)', 'Art. 5(1)(c)']));
  });

  it('read a paragraph named without its Article within the Article it stands in, and nothing else as one', () => {
    const inArticle6 = own.filter((c) => c.pinpoint?.startsWith('Art') && c.text.includes('Measures under'));
    expect(inArticle6).toHaveLength(1);
    expect(page).toContain('<a href="#art-6-1">paragraph 1</a> and <a href="#art-6-3">paragraphs 3 to 4 of this Article</a>');
    expect(page).toContain('<a href="#art-6-1">paragraph 1, point (b)</a>');
    expect(page).toContain('paragraph 2 of <a');
    expect(page).toContain('paragraph 2 of Regulation (EU) 2016/679');
    expect(page).toContain('<a href="#art-2-1">paragraph 1 of Article 2</a>');
  });
});

describe('mentions of an Annex point', () => {
  const long = (what: string) => `${what}, ${'of any size and any make, sold to households or to restaurants, '.repeat(18)}whatever their power.`;
  const text = [
    '## Article 1: Labels',
    '1. The toasters in point 2 of Annex II, and those in Annex II, point 1, shall carry a label.',
    '# ANNEX II: Listed systems',
    `1. ${long('Toasters')}`,
    `2. ${long('Smart toasters')}`,
  ].join('\n\n');
  const { sections, html: page } = splitSections(text, 'T');
  const own = chunkSections('t', sections);
  resolveReferences(own);

  it('resolve to the chunk holding that point, however the mention is written', () => {
    const byId = new Map(own.map((c) => [c.id, c]));
    const labels = own.find((c) => c.text.includes('shall carry a label'));
    expect((labels?.references ?? []).map((r) => [r.pinpoint, byId.get(r.chunk)?.pinpoint])).toEqual([
      ['Annex II, point 2', 'Annex II, point 2'],
      ['Annex II, point 1', 'Annex II, point 1'],
    ]);
    expect(page).toContain('<a href="#annex-ii-point-2">point 2 of Annex II</a>');
    expect(page).toContain('<a href="#annex-ii-point-1">Annex II, point 1</a>');
  });
});

describe('amending Articles', () => {
  const law = (title: string) =>
    [
      '## Article 1: Scope',
      '1. This Regulation applies to the products listed in Annex I.',
      `## Article 2: ${title}`,
      '1. Article 1 is replaced by the following text, and Annex I is amended as set out below.',
      '## ANNEX I: Products',
      '1. Ladders.',
    ].join('\n\n');
  const refs = (title: string) => {
    const own = chunkSections('m', splitSections(law(title), 'M').sections);
    resolveReferences(own);
    return own.find((c) => c.pinpoint === 'Art. 2(1)')?.references?.map((r) => r.pinpoint);
  };

  it('keep as text the Articles they quote from another act, whether titled "Amendment to" or "Amendment of"', () => {
    expect(refs('Amendments to Regulation (EU) 2098/42')).toBeUndefined();
    expect(refs('Amendment of Directive 2099/1/EU')).toBeUndefined();
  });

  it("resolve mentions in an Article that amends the act's own Annex", () => {
    expect(refs('Amendments to Annex I')).toEqual(['Art. 1', 'Annex I']);
  });

  it('are read from their lead-in when their title does not say so, or they have none', () => {
    const text = [
      '## Article 1: Scope',
      '1. This Regulation applies to ladders.',
      '## Article 2',
      'Regulation (EU) 2098/42 is amended as follows:',
      '(a) Article 1 is deleted;',
      '(b) in Article 3, the words are replaced.',
      '## Article 3: Entry into force',
      '1. Article 1 applies from 1 January 2100.',
    ].join('\n\n');
    const { sections, html } = splitSections(text, 'M');
    const own = chunkSections('m', sections);
    resolveReferences(own);
    expect(own.filter((c) => c.pinpoint?.startsWith('Art. 2')).flatMap((c) => c.references ?? [])).toEqual([]);
    expect(own.find((c) => c.pinpoint === 'Art. 3(1)')?.references?.map((r) => r.pinpoint)).toEqual(['Art. 1']);
    expect(html).not.toContain('>Article 3</a>');
    expect(html.match(/>Article 1<\/a>/g)).toHaveLength(1);
  });
});

describe('an amending act quoting the new wording', () => {
  // Its points are numbered in sequence; the wording it quotes has numbers of its own, which are the other act's.
  const text = [
    '## Article 1: Amendments to Regulation (XX) 2098/42',
    'Regulation (XX) 2098/42 is amended as follows:',
    '(1) in Article 28, the following paragraphs are added:',
    '‘8. Notifying authorities shall cooperate.',
    'The procedure shall avoid duplications.',
    '9. A notifying authority may delegate its tasks.’;',
    '(2) Article 5 is amended as follows:',
    '(a) the following points are inserted:',
    '‘(ba) the placing on the market of a gadget;',
    '(bb) the use of a gadget.’',
    ';',
    '(b) paragraph 3 is deleted;',
    '(3) in Article 29, paragraph 4 is replaced by the following:',
    '‘4. For notified bodies, all documents may be used.’;',
    '(4) Article 30 is deleted.',
    '## Article 2: Entry into force',
    '1. This Regulation enters into force on the day after its publication.',
  ].join('\n\n');
  /** Each block's element as the chunker reads it, by its first words. */
  const marks = (markdown: string) =>
    splitSections(markdown, 'M').sections.flatMap((section) =>
      section.marks.map((mark, i) => `${(section.blocks[i]?.[0] ?? '').slice(0, 6)} ${mark.address === undefined ? '-' : formatRange(mark.address, mark.address)}`),
    );

  it('keeps the quoted paragraphs and points inside the amending point they belong to', () => {
    expect(marks(text)).toEqual([
      'Regula Art. 1',
      '(1) in Art. 1(1)',
      '‘8. No Art. 1(1)',
      'The pr Art. 1(1)',
      '9. A n Art. 1(1)',
      '(2) Ar Art. 1(2)',
      '(a) th Art. 1(2)(a)',
      '‘(ba)  Art. 1(2)(a)',
      '(bb) t Art. 1(2)(a)',
      '; Art. 1(2)(a)',
      '(b) pa Art. 1(2)(b)',
      '(3) in Art. 1(3)',
      '‘4. Fo Art. 1(3)',
      '(4) Ar Art. 1(4)',
      '1. Thi Art. 2(1)',
    ]);
  });

  it('does not take a term in quotes for a quotation', () => {
    const definitions = ['## Article 3: Definitions', '(1) ‘gadget’ means a device;', '‘gizmo’ means a small gadget;', '(2) ‘seller’ means the Commission’s agent.'].join('\n\n');
    expect(marks(definitions)).toEqual(['(1) ‘g Art. 3(1)', '‘gizmo Art. 3(1)', '(2) ‘s Art. 3(2)']);
  });
});

describe('RAG over a law', () => {
  const doc = [
    '# REGULATION ON GIZMOS',
    'Whereas:',
    '(1) Gizmo bans in kitchens protect cooks, which is why toasters with gizmos are banned.',
    '## Article 1: Bans',
    '1. Gizmo bans apply to toasters in kitchens.',
  ].join('\n\n');
  const { own, index } = lawIndex(doc, 'g', 'Gizmo Regulation');
  const engine = new SearchEngine(index, own);
  const meta = new Map([['g', { id: 'g', title: 'Gizmo Regulation', kind: 'primary' as const, publisher: 'P', url: 'https://example.org', license: 'CC-BY-4.0', language: 'en', tags: [], as_of: '2026-01-01' }]]);

  it('cites the operative Article first and still includes the recital that explains it', () => {
    const rag = assembleContext(engine, meta, 'gizmo bans toasters kitchens', { topK: 3 });
    expect(rag.chunks.map((c) => c.pinpoint).slice(0, 2)).toEqual(['Art. 1(1)', 'Recital 1']);
    expect(rag.context.split('\n')[0]).toContain('Gizmo Regulation, Art. 1(1)');
  });

  it('keeps the explaining recital when Articles alone would fill the context, after them', () => {
    const law = [
      'Whereas:',
      '(1) Gizmo toasters in kitchens burn cooks, so gizmo toasters are banned.',
      '## Article 1: Bans',
      '1. Gizmo toasters are banned in kitchens.',
      '## Article 2: Sheds',
      '1. In kitchens and sheds, toasters with a gizmo are banned.',
    ].join('\n\n');
    const { own, index } = lawIndex(law, 'g', 'Gizmo Regulation');
    const e = new SearchEngine(index, own);
    const q = 'are gizmo toasters banned in kitchens';
    expect(e.search(q, { top: 2 }).hits.map((h) => h.chunk.pinpoint)).toEqual(['Art. 1(1)', 'Art. 2(1)']);
    expect(assembleContext(e, meta, q, { topK: 2 }).chunks.map((c) => c.pinpoint)).toEqual(['Art. 1(1)', 'Recital 1']);
    // Without the recital prior there is nothing to undo: the plain ranking decides.
    const flat = new SearchEngine(index, own, { recitalPrior: 1 });
    expect(assembleContext(flat, meta, q, { topK: 2 }).chunks.map((c) => c.pinpoint)).toEqual(flat.search(q, { top: 2 }).hits.map((h) => h.chunk.pinpoint));
  });

  it('puts the recital first when the question asks why', () => {
    for (const q of ['why are gizmo toasters banned in kitchens', 'what is the reasoning behind banning gizmo toasters in kitchens']) {
      const rag = assembleContext(engine, meta, q, { topK: 3 });
      expect(rag.chunks[0]?.pinpoint).toBe('Recital 1');
    }
  });
});

describe('spans', () => {
  it('a single element meets only what contains it or what it contains', () => {
    const span = (p: string) => {
      const a = parsePinpoint(p);
      if (a === undefined) throw new Error(p);
      return { from: a, to: a };
    };
    const at = (p: string) => parsePinpoint(p) ?? { kind: 'article' as const, id: '', parts: [] };
    expect(spanMeets(span('Annex II'), at('Annex III'))).toBe(false);
    expect(spanMeets(span('Annex III, point 1'), at('Annex III'))).toBe(true);
    expect(spanMeets(span('Art. 5'), at('Art. 5(1)(a)'))).toBe(true);
    expect(spanMeets(span('Art. 5(1)'), at('Art. 5(2)'))).toBe(false);
  });
});

describe('acts numbered by sections', () => {
  const pinpoints = (markdown: string) => {
    const { sections } = splitSections(markdown, 'Act');
    return sections.flatMap((section) => section.marks.map((mark) => mark.address)).flatMap((a) => (a === undefined ? [] : [formatRange(a, a)]));
  };

  it('nest labels in the order their kinds first appear: a bill letters first, other acts number first', () => {
    const bill = ['## SEC. 3. DUTIES.', '(a) IN GENERAL.—A maker shall—', '(1) test; and', '(2) label, stating—', '(A) the risks, including—', '(i) to children;', '(ii) to pets.', '(b) EXEMPTION.—None.'];
    expect(pinpoints(bill.join('\n\n'))).toEqual(['§ 3(a)', '§ 3(a)(1)', '§ 3(a)(2)', '§ 3(a)(2)(A)', '§ 3(a)(2)(A)(i)', '§ 3(a)(2)(A)(ii)', '§ 3(b)']);
    const act = ['## Section 5. Duties of makers.', '(1) A maker must—', '(a) test, and', '(b) label.', '(2) Text.'];
    expect(pinpoints(act.join('\n\n'))).toEqual(['§ 5(1)', '§ 5(1)(a)', '§ 5(1)(b)', '§ 5(2)']);
  });

  it('read "(i)" after "(h)" as a letter unless the line before leads into sub-points', () => {
    const letters = ['## § 4 Scope', ...'abcdefgh'.split('').map((l) => `(${l}) item ${l};`), '(i) item i.'];
    expect(pinpoints(letters.join('\n\n')).at(-1)).toBe('§ 4(i)');
    const numerals = ['## § 4 Scope', ...'abcdefg'.split('').map((l) => `(${l}) item ${l};`), '(h) these cases:', '(i) first case;', '(ii) second case.'];
    expect(pinpoints(numerals.join('\n\n')).slice(-2)).toEqual(['§ 4(h)(i)', '§ 4(h)(ii)']);
  });

  it('read an Act whose sections are headed by their number alone, as UK Acts are, where most open on subsection (1)', () => {
    const uk = [
      '# Part 1 Overview',
      '## 1 Overview of Act',
      '(1) This Act makes provision about widgets.',
      '## 2 Meaning of "widget"',
      '(1) In this Act "widget" means a small device.',
      '(2) A device is not a widget if—',
      '(a) it is sold for scrap, or',
      '(b) it is exempt under section 1(1).',
    ].join('\n\n');
    expect(pinpoints(uk)).toEqual(['§ 1(1)', '§ 2(1)', '§ 2(2)', '§ 2(2)(a)', '§ 2(2)(b)']);
    const report = ['## 1 Introduction', 'This report looks at widgets.', '(1) A numbered remark.', '## 2 Method', 'We asked makers.'].join('\n\n');
    expect(pinpoints(report)).toEqual(['Section 1', 'Section 1', 'Section 2']);
  });

  it('cite an executive order\'s numbered subsections as sections of their own', () => {
    expect(pinpoints(['## Sec. 4. Safety.', '### 4.2. Reporting.', '(a) Reports are due yearly.'].join('\n\n'))).toEqual(['§ 4.2(a)']);
  });

  it('parse and anchor "§ 3(b)(1)", "Sec. 4.2" and "Section 3(b)"; "Section 3.4" alone stays a heading number', () => {
    expect(parsePinpoint('§ 3(b)(1)')).toEqual({ kind: 'statute', id: '3', parts: ['b', '1'] });
    expect(parsePinpoint('Sec. 4.2')).toEqual({ kind: 'statute', id: '4.2', parts: [] });
    expect(parsePinpoint('section 3(b)')).toEqual({ kind: 'statute', id: '3', parts: ['b'] });
    expect(parsePinpoint('§ 6-1-1702(1)')).toEqual({ kind: 'statute', id: '6-1-1702', parts: ['1'] });
    expect(parsePinpoint('Section 3.4')).toEqual({ kind: 'section', id: '3.4', parts: [] });
    expect(pinpointAnchor({ kind: 'statute', id: '3', parts: ['b', '1'] })).toBe('sec-3-b-1');
    expect(formatRange({ kind: 'statute', id: '3', parts: ['b', '1'] }, { kind: 'statute', id: '3', parts: ['b', '3'] })).toBe('§ 3(b)(1)-(3)');
    expect(findPinpoints('what does § 3(b) require, and Sec. 4?').map((a) => `${a.kind} ${a.id} ${a.parts.join(',')}`)).toEqual(['statute 3 b', 'statute 4 ']);
    expect(findPinpoints('see Section 2 of the report')).toEqual([]);
  });

  it('raise a section whose title the question names, as an Article\'s', () => {
    const markdown = [
      '# Widget Act',
      '## SEC. 2. RECORD KEEPING.',
      `(a) IN GENERAL.—A maker keeps logs of each widget. ${words('x', 30)}`,
      `(b) FORM.—Logs may be digital. ${words('y', 30)}`,
      '## SEC. 3. AUDITS.',
      `(a) IN GENERAL.—An auditor reviews each record and its keeping. ${words('z', 30)}`,
    ].join('\n\n');
    const chunks = chunkSections('w', splitSections(markdown, 'Widget Act').sections, { min: 10, max: 60 });
    const index = buildIndex(chunks.map((c) => indexDoc(c, 'Widget Act')));
    const ask = (articleTitleFactor: number) => firstPinpoint(new SearchEngine(index, chunks, { articleTitleFactor }), 'what about record keeping');
    expect(ask(1)).toBe('§ 3(a)');
    expect(ask(1.3)).toBe('§ 2(a)');
    const titles = ['SEC. 2. RECORD KEEPING.', '§ 5 Scope', 'Sec. 551.001. DEFINITIONS.', '6-1-1701. Definitions.', '12 Duties of providers', 'Article 5: Prohibitions'];
    expect(titles.map(statuteTitle)).toEqual(['RECORD KEEPING', 'Scope', 'DEFINITIONS', 'Definitions', 'Duties of providers', undefined]);
  });

  it('resolve a subdivision named by its kind within the section it stands in, or in the section it names', () => {
    const markdown = [
      '# Widget Act',
      '## SEC. 2. DEFINITIONS.',
      `(a) IN GENERAL.—In this Act: ${words('g', 30)}`,
      `(1) WIDGET.—The term "widget" means a device. ${words('d', 30)}`,
      `(b) EXCLUSIONS.—The terms in subsection (a) exclude toys. ${words('x', 30)}`,
      '## SEC. 3. DUTIES.',
      `(a) IN GENERAL.—A maker shall label widgets as described in paragraph (2). ${words('t', 30)}`,
      `(1) FIRST.—Labels are durable, subject to subsection (b) of section 2 and subsection (b). ${words('f', 30)}`,
      `(2) SECOND.—Labels are legible, as paragraph (1) of subsection (b) requires. ${words('s', 30)}`,
      `(b) RECORDS.—A maker keeps records. ${words('r', 30)}`,
    ].join('\n\n');
    const { sections, html } = splitSections(markdown, 'Widget Act');
    const chunks = chunkSections('w', sections, { min: 10, max: 60 });
    resolveReferences(chunks);
    const refs = (start: string) => chunks.find((c) => c.text.startsWith(start))?.references?.map((r) => r.pinpoint);
    expect(refs('(b) EXCLUSIONS')).toEqual(['§ 2(a)']);
    expect(refs('(1) FIRST')).toEqual(['§ 2(b)', '§ 3(b)']);
    // "paragraph (1) of subsection (b)" names a paragraph of another subsection: read as the subsection alone.
    expect(refs('(2) SECOND')).toEqual(['§ 3(b)']);
    expect(html).toContain('<a href="#sec-3-a-2">paragraph (2)</a>');
    expect(html).toContain('<a href="#sec-2-b">subsection (b) of section 2</a>');
  });

  it('name each section of a list, "sections 4 through 6" and "§§ 7(a) and (b)" too', () => {
    const section = (n: number) => `## SEC. ${n}. TITLE ${n}.\n\n(a) Rule ${n}. ${words(`a${n}`, 30)}\n\n(b) More ${n}. ${words(`b${n}`, 30)}`;
    const markdown = ['# Widget Act', '## SECTION 1. SHORT TITLE.', 'As sections 2 and 3 say. So do sections 4 through 6. So do §§ 7(a) and (b). Section 5 of the Internal Revenue Code does not.', ...[2, 3, 4, 5, 6, 7].map(section)].join('\n\n');
    const { sections, html } = splitSections(markdown, 'Widget Act');
    const chunks = chunkSections('w', sections, { min: 10, max: 60 });
    resolveReferences(chunks);
    expect(chunks.find((c) => c.pinpoint === '§ 1')?.references?.map((r) => r.pinpoint)).toEqual(['§ 2', '§ 3', '§ 4', '§ 5', '§ 6', '§ 7(a)', '§ 7(b)']);
    expect(html).toContain('<a href="#sec-4-title-4">sections 4</a> through <a href="#sec-6-title-6">6</a>');
    expect(html).toContain('<a href="#sec-7-a">§§ 7(a)</a> and <a href="#sec-7-b">(b)</a>');
    expect(html).toContain('Section 5 of the Internal Revenue Code does not');
  });

  it('resolve "section 2" and "§ 3(a)" within the act, and leave another code\'s section as text', () => {
    const markdown = [
      '# Widget Act',
      '## SEC. 2. DEFINITIONS.',
      `(1) WIDGET.—The term "widget" means a device. ${words('d', 30)}`,
      '## SEC. 3. DUTIES.',
      `(a) IN GENERAL.—A maker shall test each widget. ${words('t', 30)}`,
      `(b) LABELS.—Labels name the maker as defined in section 2(1), follow § 3(a), and meet section 7 of the Internal Revenue Code. ${words('l', 30)}`,
    ].join('\n\n');
    const chunks = chunkSections('w', splitSections(markdown, 'Widget Act').sections, { min: 10, max: 60 });
    resolveReferences(chunks);
    const labels = chunks.find((c) => c.pinpoint === '§ 3(b)');
    expect(labels?.references?.map((r) => r.pinpoint)).toEqual(['§ 2(1)', '§ 3(a)']);
    const engine = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Widget Act'))), chunks);
    expect(firstPinpoint(engine, '§ 3(a)')).toBe('§ 3(a)');
    expect(firstPinpoint(engine, 'Sec. 2')).toBe('§ 2(1)');
  });
});
