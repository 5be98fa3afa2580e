import path from 'node:path';
import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { readContentFiles } from '../../src/core/corpus/load-fs.js';
import { ArtifactError } from '../../src/core/errors.js';
import { ANALYSIS_VERSION } from '../../src/core/index/analysis.js';
import { encodeIndexArtifact, INDEX_FORMAT_VERSION, readIndexArtifact } from '../../src/core/index/artifact.js';
import { Container, encodeContainer } from '../../src/core/index/binary.js';
import { buildIndex, DEFAULT_RANKING, indexDoc } from '../../src/core/index/build.js';
import { compile } from '../../src/core/pipeline.js';
import { SearchEngine } from '../../src/core/search/search.js';
import { searchPhrasings } from '../../src/core/search/words-alone.js';
import type { Chunk } from '../../src/core/types.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = readContentFiles([path.join(root, 'tests/fixtures/content')], root);
const built = compile(files, new Date('2026-01-01T00:00:00Z'));
const { corpus } = built;
const artifact = encodeIndexArtifact(built.postings, built.stats, corpus.contentHash, new Date('2026-01-01T00:00:00Z'));
const loaded = readIndexArtifact(artifact, corpus.contentHash);
const engine = new SearchEngine(loaded, corpus.chunks, { glossary: corpus.glossary });
/** A one-section chunk of a small made-up source; its id reads back as `id` after `.slice(2)`. */
const chunk = (id: string, text: string, heading = 'H'): Chunk => ({ id: `s:${id}`, source: 's', heading, path: [heading], text, position: 0, url: '' });
const first = (text: string, e = engine) => {
  const hit = e.search(text, { top: 5 }).hits[0];
  return hit && `${hit.chunk.source} / ${hit.chunk.heading}`;
};

describe('search over the fixture content', () => {
  it('ranks the section about the query first', () => {
    expect(first('human oversight')).toBe('alpha-act / Human oversight');
    expect(first('biometric identification of a missing child')).toBe('alpha-act / Exceptions');
    expect(first('incident response and decommissioning')).toBe('beta-framework / Manage');
  });

  it('meets hyphenated terms in joined and split forms', () => {
    for (const q of ['human-in-the-loop', 'human in the loop', 'humanintheloop']) {
      expect(first(q)).toBe('alpha-act / Human oversight');
    }
  });

  it('never throws on Lunr query syntax and still finds the right chunk', () => {
    const queries = ['Art. 5: scope', 'scope:annex~2', 'annex^10 +III -employment', 'AI-Act scope*', '--help scope', 'heading:Scope'];
    for (const q of queries) expect(first(q)).toBe('alpha-act / Scope');
    for (const q of [':', '~', '^', '+', '-', '*', '"', '--help', '***', '~~~1', 'title:', '\\', '']) {
      expect(() => engine.search(q, { top: 5 })).not.toThrow();
    }
  });

  it('returns nothing, without error, for stop words or punctuation alone', () => {
    expect(engine.search('the of ?!', { top: 5 })).toEqual({ terms: [], expanded: [], total: 0, hits: [], language: 'en' });
  });

  it('filters by source and counts all matches', () => {
    const all = engine.search('risks', { top: 1 });
    const beta = engine.search('risks', { top: 10, sources: ['beta-framework'] });
    expect(all.hits).toHaveLength(1);
    expect(all.total).toBeGreaterThan(beta.total);
    expect(beta.hits.every((h) => h.chunk.source === 'beta-framework')).toBe(true);
  });

  it('filters by several sources: their matches together, in the ranking of the whole corpus; an empty list filters nothing', () => {
    const ids = [...new Set(corpus.chunks.map((c) => c.source))];
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const each = ids.map((id) => engine.search('risks', { top: 50, sources: [id] }).total);
    const both = engine.search('risks', { top: 50, sources: ids });
    expect(each.every((n) => n > 0)).toBe(true);
    expect(both.total).toBe(each.reduce((a, b) => a + b, 0));
    expect(both).toEqual(engine.search('risks', { top: 50 }));
    // An id no chunk has adds nothing; the filter is the union of the ids given.
    expect(engine.search('risks', { top: 50, sources: [ids[0]!, 'no-such-source'] })).toEqual(engine.search('risks', { top: 50, sources: [ids[0]!] }));
    expect(engine.search('risks', { top: 50, sources: [] })).toEqual(engine.search('risks', { top: 50 }));
  });

  it('expands a glossary acronym to its full term, and the term to its acronym', () => {
    const hitl = engine.search('HITL', { top: 5 });
    // Names expand to the terms the text fields index, so "human-in-the-loop" → human, loop: either spelling meets.
    expect(hitl.expanded).toEqual(expect.arrayContaining(['human', 'oversight', 'loop']));
    expect(first('HITL')).toBe('alpha-act / Human oversight');
    expect(engine.search('risk management framework', { top: 5 }).expanded).toEqual(['rmf']);
    const plain = new SearchEngine(loaded, corpus.chunks, { glossary: corpus.glossary, expansionWeight: 0 });
    expect(plain.search('HITL', { top: 5 })).toMatchObject({ expanded: [], total: 0 });
  });

  it('weighs expansion terms below the terms typed', () => {
    const typed = engine.search('human oversight', { top: 1 }).hits[0]?.score ?? 0;
    const expanded = engine.search('HITL', { top: 1 }).hits[0]?.score ?? 0;
    expect(expanded).toBeGreaterThan(0);
    expect(expanded).toBeLessThan(typed);
  });
});

describe('synonyms that lead one way (SYNONYM_LEADS)', () => {
  const chunk = (n: number, heading: string, text: string): Chunk => ({ id: `law:${n}`, source: 'law', heading, path: [heading], text, position: n, url: '/sources/law' });
  const chunks = [chunk(0, 'Penalties', 'Member States shall lay down the rules on penalties.'), chunk(1, 'Buildings', 'A prison building shall have exits.')];
  const engine = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Law'))), chunks);

  it('searches the legal word for the everyday one', () => {
    expect(engine.search('Can anyone go to jail?', { top: 5 }).hits.map((h) => h.chunk.id)).toContain('law:0');
  });

  it('does not send a question naming the legal word back to the everyday one', () => {
    const outcome = engine.search('What are the penalties?', { top: 5 });
    expect(outcome.expanded).not.toContain('prison');
    expect(outcome.hits.map((h) => h.chunk.id)).toEqual(['law:0']);
  });
});

describe('ranking on a small corpus', () => {
  const chunks = [
    chunk('once', 'Providers keep logs. Conformity is assessed once, and transparency is reported to the authority.', 'General'),
    chunk('twice', 'Conformity assessment: the conformity of the system is assessed by a notified body.', 'General'),
    chunk('heading', 'A notified body checks the system before it is placed on the market.', 'Conformity assessment'),
    chunk('common', 'The system and the system provider and the system deployer.', 'General'),
  ];
  const e = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Test act'))), chunks);
  const ids = (q: string) => e.search(q, { top: 10 }).hits.map((h) => h.chunk.id.slice(2));

  it('ranks a chunk that repeats the term above one that mentions it once', () => {
    expect(ids('conformity').indexOf('twice')).toBeLessThan(ids('conformity').indexOf('once'));
  });

  it('lets a term in the heading count', () => {
    expect(ids('conformity assessment')).toContain('heading');
    expect(ids('conformity assessment').indexOf('heading')).toBeLessThan(ids('conformity assessment').indexOf('once'));
  });

  it('weighs a rare term above a common one', () => {
    expect(ids('system transparency')[0]).toBe('once');
  });
});

describe('British and American spellings', () => {
  const chunks = [
    chunk('rep', 'An authorised representative acts on behalf of the provider.', 'Representatives'),
    chunk('authority', 'The authority may ask for documents.', 'Authorities'),
    chunk('org', 'Each organization documents its risk tolerance.', 'Tolerance'),
    chunk('other', 'Risk tolerance varies with context.', 'Context'),
  ];
  const e = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Test act'))), chunks);
  const ids = (q: string) => e.search(q, { top: 4 }).hits.map((h) => h.chunk.id.slice(2));

  it('finds a word spelled the other way round as if it had been typed so', () => {
    // Porter stems "authorized" as "author", which "authority" shares, and "authorised" as "authoris".
    expect(ids('Who is an authorized representative?')[0]).toBe('rep');
    expect(ids('What is our organisation\'s risk tolerance?')[0]).toBe('org');
  });

  it('adds only spellings the index holds, and counts them as typed', () => {
    const outcome = e.search('authorized organisation', { top: 4 });
    expect(outcome.terms).toEqual(expect.arrayContaining(['authoris', 'organ']));
    expect(e.search('colour', { top: 4 }).terms).toEqual(['colour']);
  });

  it('ranks a question spelled the other way as it ranks the text\'s own spelling', () => {
    // Provisions: their text is indexed word for word too (the exact field), where "licence" is not "licences".
    const own = [
      chunk('exact', 'A licence is granted to the maker.', 'Grants'),
      chunk('plural', 'Licences are granted.', 'Grants'),
      chunk('filler', 'Kettles are out of scope.', 'Scope'),
    ].map((c, i) => ({ ...c, pinpoint: `Art. ${i + 1}` }));
    const engine = new SearchEngine(buildIndex(own.map((c) => indexDoc(c, 'Test act'))), own);
    const order = (q: string) => engine.search(q, { top: 3 }).hits.map((h) => h.chunk.id.slice(2));
    // The other spelling's exact form is searched as the typed one's is, so "license" keeps the edge "licence" has.
    expect(order('Is a license granted?')).toEqual(order('Is a licence granted?'));
    expect(order('Is a licence granted?')[0]).toBe('exact');
  });

  it('leaves alone an American spelling that British English writes too, in another sense', () => {
    const own = [chunk('software', 'The computer program sorts the files.', 'Software'), chunk('funding', 'The funding programme pays for research.', 'Funding')];
    const engine = new SearchEngine(buildIndex(own.map((c) => indexDoc(c, 'Test act'))), own);
    const outcome = engine.search('What does the program do?', { top: 2 });
    expect(outcome.terms).toEqual(['program']);
    expect(outcome.hits[0]?.chunk.id).toBe('s:software');
  });
});

describe('derived forms Porter stems apart', () => {
  const chunks = [
    chunk('failure', 'Contingency processes handle the failure of a supplier.'),
    chunk('worker', 'A worker may ask for the records of the supplier.'),
    chunk('users', 'Users of the system read the manual.'),
    chunk('work', 'Work starts at nine in the morning.'),
    chunk('filler', 'Kettles and toasters are out of scope.'),
  ];
  const index = buildIndex(chunks.map((c) => indexDoc(c, 'Derived act')));
  const ids = (q: string, derivedWeight?: number) => new SearchEngine(index, chunks, { derivedWeight }).search(q, { top: 4 }).hits.map((h) => h.chunk.id.slice(2));

  it('finds "failure" for "fails" and "worker" for "work", below the typed word', () => {
    // Porter stems "failure" as "failur" and "fails" as "fail": without the derived forms nothing holds "fail".
    expect(ids('What if it fails?', 0)).toEqual([]);
    expect(ids('What if it fails?')).toEqual(['failure']);
    // The derived form weighs less than the word typed.
    expect(ids('work', 0)).toEqual(['work']);
    expect(ids('work')).toEqual(['work', 'worker']);
  });

  it('leaves stems shorter than four letters alone', () => {
    // "use" would otherwise reach "user" (and "used", "useful" …).
    expect(ids('use')).toEqual([]);
  });
});

describe('hyphenated words', () => {
  const chunks = [
    chunk('hyphen', 'Deployers of high-risk systems keep the logs.'),
    chunk('spaced', 'Deployers of high risk systems keep the logs.'),
    chunk('joined', 'Deployers of highrisk systems keep the logs.'),
    chunk('other', 'Providers of general systems keep the records.'),
  ];
  const e = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Hyphen act'))), chunks);
  const scores = (q: string) => Object.fromEntries(e.search(q, { top: 10 }).hits.map((h) => [h.chunk.id.slice(2), h.score]));

  it('scores "high-risk" in a text as "high risk": the joined form neither counts twice nor lengthens the text', () => {
    const s = scores('high risk');
    expect(Object.keys(s).sort()).toEqual(['hyphen', 'spaced']);
    expect(s.hyphen).toBe(s.spaced);
  });

  it('finds a hyphenated word from its joined spelling, and a joined word from its hyphenated spelling', () => {
    expect(Object.keys(scores('highrisk')).sort()).toEqual(['hyphen', 'joined']);
    expect(Object.keys(scores('high-risk')).sort()).toEqual(['hyphen', 'joined', 'spaced']);
  });

  it('gives the spelling the query used a small edge through the compounds field', () => {
    const s = scores('high-risk');
    expect(s.hyphen).toBeGreaterThan(s.spaced ?? 0);
    expect(s.spaced).toBeGreaterThan(s.joined ?? 0);
  });

  it('leaves the compounds field out at weight 0', () => {
    const off = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, 'Hyphen act')), { ...DEFAULT_RANKING, compoundBoost: 0 }), chunks);
    expect(off.search('highrisk', { top: 10 }).hits.map((h) => h.chunk.id.slice(2))).toEqual(['joined']);
  });
});

/** The index file's bytes with its header changed: sections copied, header rewritten. */
function withHeader(change: Record<string, unknown>): Buffer {
  const container = new Container(artifact, 'test');
  const { sections, ...header } = container.header;
  const arrays = Object.fromEntries(
    Object.entries(sections).map(([name, s]) => [name, s.type === 'u8' ? container.u8(name) : s.type === 'u32' ? container.u32(name) : container.f64(name)]),
  );
  return encodeContainer({ ...header, ...change }, arrays);
}

describe('index artifact', () => {
  it('gives the same results as a fresh Lunr index of the same chunks', () => {
    const fresh = new SearchEngine(
      buildIndex(corpus.chunks.map((c) => indexDoc(c, corpus.sources.find((s) => s.meta.id === c.source)?.meta.title ?? ''))),
      corpus.chunks,
      { glossary: corpus.glossary },
    );
    for (const q of ['human oversight', 'HITL', 'Article 5', 'risk management', 'prohibited social scoring', '"human oversight"']) {
      expect(engine.search(q, { top: 10 })).toEqual(fresh.search(q, { top: 10 }));
    }
  });

  it('reads back its own header unchanged', () => {
    expect(readIndexArtifact(withHeader({}), corpus.contentHash).stats).toEqual(loaded.stats);
  });

  it.each([
    ['another file', { format: 'something-else' }, /not an OCC index file/],
    ['another format version', { formatVersion: INDEX_FORMAT_VERSION + 1 }, /format version 3, this server reads 2/],
    ['another Lunr version', { lunrVersion: '2.3.8' }, /Lunr 2\.3\.8/],
    ['another analysis version', { analysisVersion: ANALYSIS_VERSION - 1 }, /analysis version/],
    ['sections that disagree with the header', { entries: 1 }, /do not agree/],
  ])('refuses %s', (_, change, message) => {
    expect(() => readIndexArtifact(withHeader(change), corpus.contentHash)).toThrow(message);
    expect(() => readIndexArtifact(withHeader(change))).toThrow(ArtifactError);
  });

  it('refuses an index built from other content', () => {
    expect(() => readIndexArtifact(artifact, 'feedfacefeedface')).toThrow(/built from content/);
  });

  it('refuses a JSON index of format 1, a file that is not an artifact, and a truncated one, saying so', () => {
    expect(() => readIndexArtifact(Buffer.from('{"format":"occ-index","formatVersion":1}'))).toThrow(/older OCC \(format version 1\)/);
    expect(() => readIndexArtifact(Buffer.from('hello world, not an index at all'))).toThrow(/not an OCC artifact file/);
    expect(() => readIndexArtifact(artifact.subarray(0, artifact.length - 3))).toThrow(/truncated/);
    expect(() => readIndexArtifact(artifact.subarray(0, 9))).toThrow(ArtifactError);
  });

  it('records what it was built with: versions, fields and boosts, k1 and b', () => {
    expect(loaded.stats).toMatchObject({
      format: 'occ-index',
      formatVersion: INDEX_FORMAT_VERSION,
      lunrVersion: lunr.version,
      analysisVersion: ANALYSIS_VERSION,
      contentHash: corpus.contentHash,
      builtAt: '2026-01-01T00:00:00.000Z',
      k1: DEFAULT_RANKING.k1,
      b: DEFAULT_RANKING.b,
      documents: corpus.chunks.length,
      positions: true,
    });
    expect(loaded.stats.fields).toContainEqual(expect.objectContaining({ name: 'heading', boost: DEFAULT_RANKING.headingBoost }));
  });
});

describe('quoted phrases', () => {
  const chunks = [
    chunk('ordered', 'Deployers assign human oversight to trained staff.'),
    chunk('reversed', 'Oversight by a human is optional here.'),
    chunk('hyphen', 'The human-in-the-loop can stop the system.'),
    chunk('spaced', 'A human in the loop can stop the system.'),
  ];
  const docs = chunks.map((c) => indexDoc(c, 'Phrase act'));
  const withPositions = new SearchEngine(buildIndex(docs), chunks);
  const ids = (text: string, e = withPositions) => e.search(text, { top: 10 }).hits.map((h) => h.chunk.id.slice(2)).sort();

  it('matches the words of a quoted phrase only in that order', () => {
    expect(ids('human oversight')).toEqual(['hyphen', 'ordered', 'reversed', 'spaced']);
    expect(ids('"human oversight"')).toEqual(['ordered']);
    expect(ids('“oversight by a human”')).toEqual(['reversed']);
  });

  it('expands an acronym to a name that chunks write with hyphens or spaces', () => {
    const glossary = [{ id: 'hitl', term: 'Human-in-the-loop', aliases: ['HITL'], definition: 'd', related: [], sources: [], as_of: '2026-01-01' }];
    const e = new SearchEngine(buildIndex(docs), chunks, { glossary });
    expect(e.search('HITL', { top: 10 }).hits.map((h) => h.chunk.id.slice(2)).sort()).toEqual(['hyphen', 'spaced']);
  });

  it('matches a phrase across hyphens and stop words', () => {
    expect(ids('"human in the loop"')).toEqual(['hyphen', 'spaced']);
    expect(ids('"human-in-the-loop" stop')).toEqual(['hyphen', 'spaced']);
  });

  it('only requires the words when the index has no positions', () => {
    const without = new SearchEngine(buildIndex(docs, undefined, { positions: false }), chunks);
    expect(ids('"human oversight"', without)).toEqual(['ordered', 'reversed']);
  });

  it('ignores an unclosed quote', () => {
    expect(ids('"human oversight')).toEqual(ids('human oversight'));
    expect(() => withPositions.search('"""', { top: 5 })).not.toThrow();
  });

  it('answers what the words find alone when no chunk holds a quoted phrase, and names the phrase', () => {
    const ranked = (outcome: { hits: { chunk: { id: string } }[] }) => outcome.hits.map((h) => h.chunk.id);
    const quoted = searchPhrasings(withPositions, ['Can staff stop it "in the loop later"?'], { top: 10 });
    const alone = withPositions.search('Can staff stop it in the loop later?', { top: 10 });
    expect(withPositions.search('Can staff stop it "in the loop later"?', { top: 10 }).total).toBe(0);
    expect(quoted.wordsAlone).toEqual({ phrases: ['in the loop later'], total: alone.total });
    expect(ranked(quoted)).toEqual(ranked(alone));
    expect(quoted.total).toBeGreaterThan(0);
    // A phrase that is found, a query quoting nothing, and words that match nothing either.
    expect(searchPhrasings(withPositions, ['"human oversight"'], { top: 10 })).toMatchObject({ total: 1, wordsAlone: null });
    expect(searchPhrasings(withPositions, ['zebra'], { top: 10 })).toMatchObject({ total: 0, wordsAlone: null });
    expect(searchPhrasings(withPositions, ['"zebra giraffe"'], { top: 10 })).toMatchObject({ total: 0, wordsAlone: { phrases: ['zebra giraffe'], total: 0 } });
    // One phrasing matching is enough: the other's unmatched phrase changes nothing.
    expect(searchPhrasings(withPositions, ['"zebra giraffe"', 'oversight'], { top: 10 }).wordsAlone).toBeNull();
  });
});
