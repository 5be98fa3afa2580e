import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPinpoint } from '../../src/core/legal/address.js';
import { MENTION } from '../../src/core/legal/mentions.js';
import { ReferenceResolver } from '../../src/core/chunking/references.js';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { compile } from '../../src/core/pipeline.js';

const original = (names: string[]) => ({ title: names.at(-1) ?? '', publisher: 'European Union', url: 'https://eur-lex.europa.eu/', names });

/** The indexed AI Act (names read from its title), explainers about it and about the GDPR, and an essay about neither. */
const resolver = new ReferenceResolver([
  { id: 'act', title: 'Regulation (EU) 2024/1689 (Artificial Intelligence Act)' },
  { id: 'guide', title: 'A guide to the AI Act', about: [original(['AI Act', 'Regulation (EU) 2024/1689'])] },
  { id: 'gdpr-guide', title: 'GDPR and AI', about: [original(['GDPR', 'Regulation (EU) 2016/679'])] },
  { id: 'essay', title: 'An essay on AI governance' },
]);

/** What the mention that starts with `mention` in `text`, written in source `from`, resolves to. */
function read(from: string, text: string, mention: string, using = resolver): string {
  const match = [...text.matchAll(MENTION)].find((m) => text.slice(m.index).startsWith(mention));
  if (match === undefined) throw new Error(`no mention "${mention}" in: ${text}`);
  const target = using.target(from, text, match);
  return target === undefined ? 'text' : `${target.source} ${formatPinpoint(target.address)}`;
}

describe('which instrument a mention means', () => {
  it('in a primary text, a bare mention is the text itself and a named one is the act it names', () => {
    expect(read('act', 'the high-risk AI systems referred to in Article 6(2) and Annex III', 'Article 6(2)')).toBe('act Art. 6(2)');
    expect(read('act', 'the high-risk AI systems referred to in Article 6(2) and Annex III', 'Annex III')).toBe('act Annex III');
    expect(read('act', 'data referred to in Article 9(1) of Regulation (EU) 2016/679 may be processed', 'Article 9(1)')).toBe('text');
    expect(read('act', 'under Articles 9 and 10 of Directive (EU) 2016/680 only', 'Articles 9')).toBe('text');
    expect(read('act', 'is justified by Article 4(2) TEU and by the specificities', 'Article 4(2)')).toBe('text');
    expect(read('act', 'the safeguards of Article 10 of that Regulation apply', 'Article 10')).toBe('text');
  });

  it('an explicit name resolves to the indexed source cited by it, wherever the mention is', () => {
    expect(read('gdpr-guide', 'The fines of AI Act Art. 99(3) are higher.', 'Art. 99(3)')).toBe('act Art. 99(3)');
    expect(read('gdpr-guide', 'Article 5 of the AI Act bans some practices.', 'Article 5')).toBe('act Art. 5');
    expect(read('gdpr-guide', 'Article 10(5) AI Act allows bias checks.', 'Article 10(5)')).toBe('act Art. 10(5)');
    expect(read('essay', 'Article 50 of the Artificial Intelligence Act requires labels.', 'Article 50')).toBe('act Art. 50');
    expect(read('essay', 'Article 50 of Regulation (EU) 2024/1689 requires labels.', 'Article 50')).toBe('act Art. 50');
    expect(read('essay', "The AI Act's Article 86 gives a right to an explanation.", 'Article 86')).toBe('act Art. 86');
  });

  it('a name nobody indexed keeps the mention as text, never guessed', () => {
    expect(read('guide', 'Decisions stay under GDPR Article 22.', 'Article 22')).toBe('text');
    expect(read('guide', 'Decisions stay under Article 22 GDPR.', 'Article 22')).toBe('text');
    expect(read('guide', 'Access rights are in Article 4 of the Data Act.', 'Article 4')).toBe('text');
    expect(read('guide', 'Reservations under Article 4(3) of Directive (EU) 2019/790 bind providers.', 'Article 4(3)')).toBe('text');
  });

  it('a bare mention in an explainer means the instrument it is about, unless its clause names another', () => {
    expect(read('guide', 'Article 5 bans emotion recognition at work.', 'Article 5')).toBe('act Art. 5');
    expect(read('guide', 'Annex III lists the use cases; see recital 44 too.', 'recital 44')).toBe('act Recital 44');
    expect(read('guide', 'Under the GDPR, Article 22 limits automated decisions.', 'Article 22')).toBe('text');
    expect(read('guide', 'Article 22 limits automated decisions under the GDPR.', 'Article 22')).toBe('text');
    expect(read('guide', 'The Data Act is separate. Article 99(3) sets the fines.', 'Article 99(3)')).toBe('act Art. 99(3)');
    expect(read('guide', 'Article 99(3) sets the fines; the Data Act is separate.', 'Article 99(3)')).toBe('act Art. 99(3)');
    // A name attached to another mention marks only that one as foreign.
    const dpia = 'Deployers use the Article 13 information for their DPIA under Article 35 GDPR.';
    expect(read('guide', dpia, 'Article 13')).toBe('act Art. 13');
    expect(read('guide', dpia, 'Article 35')).toBe('text');
  });

  it('an explainer about an instrument that is not indexed names the AI Act only explicitly', () => {
    expect(read('gdpr-guide', 'The AI Act also applies: Article 5 bans some uses.', 'Article 5')).toBe('text');
    // Its bare mentions stay in the explainer itself, which may have a section on that Article.
    expect(read('gdpr-guide', 'Article 22 limits solely automated decisions.', 'Article 22')).toBe('gdpr-guide Art. 22');
  });

  it('an explainer about nothing declared follows the one instrument its clause names', () => {
    expect(read('essay', "The AI Act's duties for systemic-risk models (Articles 51 to 55) are similar.", 'Articles 51')).toBe('act Art. 51');
    expect(read('essay', 'The AI Act and the GDPR overlap: Article 22 is an example.', 'Article 22')).toBe('text');
    expect(read('essay', 'Under the Data Act, Article 3 applies.', 'Article 3')).toBe('text');
  });

  it('names listed together are one instrument; a name two sources claim resolves to neither', () => {
    const alone = new ReferenceResolver([{ id: 'act', title: 'Regulation (EU) 2024/1689 (Artificial Intelligence Act)' }, { id: 'essay', title: 'Essay' }]);
    // Without an explainer saying "AI Act" is Regulation (EU) 2024/1689, nothing ties the short name to the text.
    expect(read('essay', 'See AI Act Article 5.', 'Article 5', alone)).toBe('text');
    expect(read('essay', 'See Artificial Intelligence Act Article 5.', 'Article 5', alone)).toBe('act Art. 5');
    const twice = new ReferenceResolver([
      { id: 'one', title: 'One', cited_as: ['Mini Act'] },
      { id: 'two', title: 'Two', cited_as: ['Mini Act', 'Other Act'] },
      { id: 'essay', title: 'Essay' },
    ]);
    expect(read('essay', 'See Mini Act Article 1.', 'Article 1', twice)).toBe('text');
    expect(read('essay', 'See Other Act Article 1.', 'Article 1', twice)).toBe('text');
    expect(read('one', 'As Article 1 says.', 'Article 1', twice)).toBe('one Art. 1');
  });

  it('a name several versions of one act share means the version in force on the citing source\'s date, in its language', () => {
    const title = 'Regulation (EU) 2024/1689 (Artificial Intelligence Act)';
    const versions = new ReferenceResolver([
      { id: 'act', title, instrument: 'eu-reg-2024-1689', in_force_from: '2024-08-01', language: 'en' },
      { id: 'act-2026', title, instrument: 'eu-reg-2024-1689', in_force_from: '2026-07-27', language: 'en' },
      { id: 'act-fr', title, instrument: 'eu-reg-2024-1689', in_force_from: '2024-08-01', language: 'fr' },
      { id: 'new-guide', title: 'A guide', about: [original(['AI Act', 'Regulation (EU) 2024/1689'])], as_of: '2026-11-28', language: 'en' },
      { id: 'old-guide', title: 'A guide', about: [original(['AI Act', 'Regulation (EU) 2024/1689'])], as_of: '2025-03-01', language: 'en' },
      { id: 'guide-fr', title: 'Un guide', about: [original(['AI Act', 'Regulation (EU) 2024/1689'])], as_of: '2025-03-01', language: 'fr' },
    ]);
    expect(read('new-guide', 'Article 4a of the AI Act adds a duty.', 'Article 4a', versions)).toBe('act-2026 Art. 4a');
    expect(read('old-guide', 'Article 4 of the AI Act sets a duty.', 'Article 4', versions)).toBe('act Art. 4');
    expect(read('guide-fr', 'Voir Article 4 AI Act.', 'Article 4', versions)).toBe('act-fr Art. 4');
  });

  it('an act headed in capitals, as the Official Journal heads it, is named as it is cited', () => {
    const capitals = new ReferenceResolver([
      { id: 'act', title: 'REGULATION (EU) 2024/1689 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL (Artificial Intelligence Act)' },
      { id: 'nis', title: 'DIRECTIVE (EU) 2022/2555 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL' },
      { id: 'essay', title: 'Essay' },
    ]);
    expect(read('essay', 'See Artificial Intelligence Act Article 5.', 'Article 5', capitals)).toBe('act Art. 5');
    expect(read('essay', 'See Article 21 of Directive (EU) 2022/2555.', 'Article 21', capitals)).toBe('nis Art. 21');
    expect(read('act', 'as laid down in Article 21 of Directive (EU) 2022/2555', 'Article 21', capitals)).toBe('nis Art. 21');
  });

  it('a title that does not open with an act\'s identifier gives no names', () => {
    const named = new ReferenceResolver([
      { id: 'pld-guide', title: 'EU Product Liability Directive (EU) 2024/2853: software as a product' },
      { id: 'essay', title: 'Essay' },
    ]);
    expect(read('essay', 'See Article 4 of Directive (EU) 2024/2853.', 'Article 4', named)).toBe('text');
  });
});

describe('references across sources in a built corpus', () => {
  const { corpus } = compile(readContentFiles(['tests/fixtures/references'], process.cwd()));
  const byId = new Map(corpus.chunks.map((c) => [c.id, c]));
  const guide = corpus.chunks.filter((c) => c.source === 'mini-act-guide');
  const html = (id: string) => corpus.html.get(id) ?? '';
  const refs = (start: string) =>
    (guide.find((c) => c.text.startsWith(start))?.references ?? []).map((r) => `${r.pinpoint} → ${byId.get(r.chunk)?.source} ${byId.get(r.chunk)?.pinpoint}`);

  it("resolves an explainer's bare and named mentions to the chunks of the act it is about", () => {
    expect(refs('The Mini Act asks')).toEqual(['Art. 2(1) → mini-act Arts. 2(1)-(2)', 'Annex I → mini-act Annex I, points 1-2']);
    expect(refs('An entry names')).toEqual(['Art. 2 → mini-act Arts. 2(1)-(2)', 'Art. 2(2)(b) → mini-act Arts. 2(1)-(2)']);
  });

  it('keeps unresolved mentions as text: another act, an act nobody indexed, a provision the act lacks', () => {
    expect(refs('Automated decisions')).toEqual([]);
    expect(html('mini-act-guide')).toContain('stay under GDPR Article 22, which');
    expect(html('mini-act-guide')).toContain('in its Article 1.');
    expect(html('mini-act-guide')).toContain('Article 9 is not in the Mini Act');
  });

  it("links the explainer's page to the act's page, at the element's own anchor", () => {
    const page = html('mini-act-guide');
    expect(page).toContain('<a href="/sources/mini-act#art-2-1">Article 2(1)</a>');
    expect(page).toContain('<a href="/sources/mini-act#art-2-2-b">Article 2(2)(b)</a>');
    expect(page).toContain('<a href="/sources/mini-act#annex-i-register-entries">Annex I</a>');
    const ids = new Set([...html('mini-act').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    for (const [, anchor] of page.matchAll(/href="\/sources\/mini-act#([^"]+)"/g)) expect(ids).toContain(anchor);
    // The act's own mentions stay links within its page.
    expect(html('mini-act')).toContain('as <a href="#article-2-register-duties">Article 2</a> requires');
  });
});

describe('framework items cited across sources', () => {
  const source = (id: string, title: string, body: string) => ({
    collection: 'sources' as const,
    file: `${id}.md`,
    text: `---\nid: ${id}\ntitle: "${title}"\npublisher: "Fixture Institute"\nurl: "https://example.org/${id}"\nlicense: CC-BY-4.0\nas_of: 2026-11-20\n---\n\n${body}\n`,
  });
  const framework = [
    '## PLAN 1: Plans exist.',
    '- PLAN 1.1: Teams write down what the system is for.',
    '- PLAN 1.2: Teams keep the plan current, as CHECK 2.1 tests.',
    '## CHECK 2: Checks happen.',
    '- CHECK 2.1: Teams test the plan against the running system.',
  ].join('\n\n');
  const { corpus } = compile([
    source('mini-framework', 'Mini Framework 1.0', framework),
    source('other-framework', 'Other Framework', '## PLAN 1: Other plans.\n\n- PLAN 1.1: Something else entirely.'),
    source('notes', 'Notes on frameworks', 'Start with CHECK 2.1 and keep PLAN 1.2 in mind. PLAN 1.1 is in both frameworks; PLAN 9.9 is in none.'),
    source('coded-framework', 'Coded Framework', '## ID.AM: Assets\n\n- ID.AM-01: Hardware is listed.\n\n- ID.AM-02: Software is listed, as ID.AM-01 lists hardware.\n\n- ID.RA-01: Weaknesses are known.'),
    source('coded-notes', 'Notes on coded frameworks', 'Begin with ID.AM-02, under the licence CC-BY-4.0; ID.AM-09 is in none.'),
  ]);
  const byId = new Map(corpus.chunks.map((c) => [c.id, c]));
  const refs = (from: string) =>
    corpus.chunks.filter((c) => c.source === from).flatMap((c) => c.references ?? []).map((r) => `${r.pinpoint} → ${byId.get(r.chunk)?.source} ${byId.get(r.chunk)?.pinpoint}`);

  it('resolves a mention of an item to the one source that holds it, and its own source first', () => {
    expect(refs('notes')).toEqual(['CHECK 2.1 → mini-framework CHECK 2.1', 'PLAN 1.2 → mini-framework PLAN 1.2']);
    expect(refs('mini-framework')).toEqual(['CHECK 2.1 → mini-framework CHECK 2.1']);
  });

  it('resolves coded identifiers ("ID.AM-02") the same way, and not a code inside a longer one', () => {
    expect(refs('coded-notes')).toEqual(['ID.AM-02 → coded-framework ID.AM-02']);
    expect(refs('coded-framework')).toEqual(['ID.AM-01 → coded-framework ID.AM-01']);
    expect(corpus.html.get('coded-notes')).toContain('<a href="/sources/coded-framework#id-am-02">ID.AM-02</a>');
  });

  it("links the mentions to the item's anchor, not an item's own label, and keeps the rest as text", () => {
    const notes = corpus.html.get('notes') ?? '';
    expect(notes).toContain('<a href="/sources/mini-framework#check-2-1">CHECK 2.1</a>');
    expect(notes).toContain('PLAN 1.1 is in both');
    expect(notes).toContain('PLAN 9.9 is in none');
    const own = corpus.html.get('mini-framework') ?? '';
    expect(own).toContain('as <a href="#check-2-1">CHECK 2.1</a> tests');
    expect(own).not.toMatch(/<a [^>]*>PLAN 1\.1<\/a>/);
    const ids = new Set([...own.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    expect(ids).toContain('check-2-1');
  });
});

/** The shipped explainers with the real AI Act beside them, when the team's copy is there (never in a fresh clone). */
const aiAct = path.resolve('../shared/corpora/eu-ai-act');
describe.skipIf(!existsSync(aiAct))('the shipped explainers beside the real AI Act', () => {
  // Built in the first test, not while collecting: a skipped suite's body still runs.
  let corpus: ReturnType<typeof compile>['corpus'];
  let byId: Map<string, (typeof corpus.chunks)[number]>;
  const cited = (source: string, start: string) =>
    (corpus.chunks.find((c) => c.source === source && c.text.includes(start))?.references ?? []).map((r) => `${byId.get(r.chunk)?.source} ${r.pinpoint}`);

  it("resolves the explainers' bare and named mentions to the AI Act's chunks, and not what names other law", () => {
    corpus = compile(readContentFiles(contentDirs(`content:${aiAct}`, process.cwd()), process.cwd())).corpus;
    byId = new Map(corpus.chunks.map((c) => [c.id, c]));
    expect(cited('eu-ai-act-overview', 'Chapter II, prohibited AI practices (Article 5)')).toContain('eu-ai-act Art. 5');
    const gdpr = cited('gdpr-ai', 'Article 22 GDPR covers solely automated decisions');
    expect(gdpr).toContain('eu-ai-act Art. 86');
    expect(gdpr).not.toContain('eu-ai-act Art. 22');
    const fromExplainers = corpus.chunks.filter((c) => c.source !== 'eu-ai-act').flatMap((c) => c.references ?? []);
    expect(fromExplainers.filter((r) => r.chunk.startsWith('eu-ai-act:')).length).toBeGreaterThan(300);
  }, 60_000);

  it("links the explainers' pages to anchors on the AI Act's page", () => {
    const act = corpus.html.get('eu-ai-act') ?? '';
    const ids = new Set([...act.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    const links = [...corpus.html.values()].flatMap((page) => [...page.matchAll(/href="\/sources\/eu-ai-act#([^"]+)"/g)].map((m) => m[1]));
    expect(links.length).toBeGreaterThan(300);
    expect(links.filter((anchor) => !ids.has(anchor))).toEqual([]);
  });
});

describe('a cited text worked out when it is first cited', () => {
  const source = (id: string, title: string, body: string) => ({
    collection: 'sources' as const,
    file: `${id}.md`,
    text: `---\nid: ${id}\ntitle: "${title}"\npublisher: "Fixture Institute"\nurl: "https://example.org/${id}"\nlicense: CC-BY-4.0\nas_of: 2026-11-23\n---\n\n${body}\n`,
  });
  const act = source('a-act', 'Regulation (EU) 2099/1 (Widget Act)', '## Article 1: Scope\n\n1. Widgets are covered.\n\n## Article 2: Gadgets\n\nGadgets are not, as Article 1(1) says.');
  const guide = source('b-guide', 'A guide to the Widget Act', 'The Widget Act covers widgets (Article 1(1) of the Widget Act).');
  const other = source('c-act', 'Regulation (EU) 2099/2 (Gadget Act)', '## Article 1: Scope\n\n1. Gadgets are covered.');
  const view = (files: ReturnType<typeof source>[]) => {
    const { corpus } = compile(files);
    const byId = new Map(corpus.chunks.map((c) => [c.id, c]));
    return {
      refs: corpus.chunks.flatMap((c) => (c.references ?? []).map((r) => `${c.source}: ${r.pinpoint} → ${byId.get(r.chunk)?.source}`)).sort(),
      guide: corpus.html.get('b-guide'),
    };
  };

  it('resolves the same whether the citing source is compiled before or after the text it cites', () => {
    const textFirst = view([act, guide, other]);
    const guideFirst = view([guide, other, act]);
    expect(textFirst.refs).toEqual(['a-act: Art. 1(1) → a-act', 'b-guide: Art. 1(1) → a-act']);
    expect(guideFirst).toEqual(textFirst);
    expect(textFirst.guide).toContain('href="/sources/a-act#art-1-1"');
  });
});
