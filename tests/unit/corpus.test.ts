import { describe, expect, it } from 'vitest';
import { buildCorpus, type ContentFile } from '../../src/core/corpus/corpus.js';
import { ContentError, type ContentProblem } from '../../src/core/errors.js';

// Every entry needs as_of; the helpers add one unless the test gives its own.
const withAsOf = (front: string) => (/^as_of:/m.test(front) ? front : `${front}\nas_of: 2026-11-01`);
const source = (id: string, extra = '', file = `content/sources/${id}.md`): ContentFile => ({
  collection: 'sources',
  file,
  text: `---\nid: ${id}\ntitle: "Title ${id}"\npublisher: Pub\nurl: https://example.org/${id}\nlicense: CC-BY-4.0\n${withAsOf(extra.trimEnd())}\n---\n\n## Part\n\nBody text of ${id}.\n`,
});
/** An explainer: ours, so no publisher, url or license of its own; `front` gives its about. */
const explainer = (id: string, front: string): ContentFile => ({
  collection: 'sources',
  file: `content/sources/${id}.md`,
  text: `---\nid: ${id}\ntitle: "Title ${id}"\n${withAsOf(front)}\n---\n\n## Part\n\nBody text of ${id}.\n`,
});
const glossary = (id: string, front: string, body = 'A definition.'): ContentFile => ({
  collection: 'glossary',
  file: `content/glossary/${id}.md`,
  text: `---\n${withAsOf(front)}\n---\n${body}\n`,
});
const wisdom = (id: string, front: string): ContentFile => ({
  collection: 'wisdom',
  file: `content/wisdom/${id}.md`,
  text: `---\n${withAsOf(front)}\n---\nAn insight.\n`,
});

function problemsOf(files: ContentFile[]): ContentProblem[] {
  try {
    buildCorpus(files);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('expected a ContentError');
}

describe('content validation', () => {
  it('reads as_of and a changelog kept newest first', () => {
    const corpus = buildCorpus([
      source('alpha', 'as_of: 2026-11-01\nchangelog:\n  - {date: 2026-01-05, note: First.}\n  - {date: 2026-10-30, note: Dates moved.}\n'),
      glossary('risk', 'term: Risk\nas_of: "2026-11-02"'),
    ]);
    expect(corpus.sources[0]?.meta.as_of).toBe('2026-11-01');
    expect(corpus.sources[0]?.meta.changelog).toEqual([{ date: '2026-10-30', note: 'Dates moved.' }, { date: '2026-01-05', note: 'First.' }]);
    expect(corpus.glossary[0]?.as_of).toBe('2026-11-02');
  });

  it('names the file and field of a bad as_of or changelog entry', () => {
    const problems = problemsOf([
      source('alpha', 'as_of: 2999-01-01\nchangelog:\n  - {date: 2026-01-05}\n  - {date: 2026-01-06, note: Fine., who: me}\n'),
      wisdom('tip', 'title: Tip\ncategory: risk\nas_of: soon'),
    ]);
    const fields = problems.map((p) => `${p.file} ${p.field}`);
    expect(fields).toContain('content/sources/alpha.md as_of');
    expect(fields).toContain('content/sources/alpha.md changelog[0]');
    expect(fields).toContain('content/sources/alpha.md changelog[1].who');
    expect(fields).toContain('content/wisdom/tip.md as_of');
  });

  it('reads the change in the world a changelog line follows, apart from the date our text changed', () => {
    const corpus = buildCorpus([
      source('alpha', 'as_of: 2026-11-01\nchangelog:\n  - {date: 2026-11-01, note: Dates moved., event: Amending act in force, event_date: 2026-07-27}\n'),
    ]);
    expect(corpus.sources[0]?.meta.changelog).toEqual([
      { date: '2026-11-01', note: 'Dates moved.', event: { date: '2026-07-27', what: 'Amending act in force' } },
    ]);
    const problems = problemsOf([
      source(
        'alpha',
        'as_of: 2026-11-01\nchangelog:\n  - {date: 2026-11-01, note: A., event: Adopted}\n  - {date: 2026-11-01, note: B., event: Adopted, event_date: 2026-11-05}\n',
      ),
    ]);
    expect(problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      expect.stringMatching(/^changelog\[0\]: event and event_date go together/),
      expect.stringMatching(/^changelog\[1\]\.event_date: 2026-11-05 is later than the line's own date/),
    ]);
  });

  it('requires as_of on every source, glossary entry and wisdom entry, naming the file', () => {
    const bare = (collection: ContentFile['collection'], file: string, front: string): ContentFile => ({
      collection,
      file,
      text: `---\n${front}\n---\nText.\n`,
    });
    const problems = problemsOf([
      bare('sources', 'content/sources/alpha.md', 'id: alpha\ntitle: T\npublisher: P\nurl: https://example.org/a\nlicense: CC-BY-4.0'),
      bare('glossary', 'content/glossary/risk.md', 'term: Risk'),
      bare('wisdom', 'content/wisdom/tip.md', 'title: Tip\ncategory: risk'),
    ]);
    expect(problems.filter((p) => p.field === 'as_of').map((p) => p.file)).toEqual([
      'content/glossary/risk.md',
      'content/sources/alpha.md',
      'content/wisdom/tip.md',
    ]);
    expect(problems[0]?.message).toMatch(/^is required and missing/);
  });

  it('takes a source\'s published date as its as_of when it has none, as for an original text', () => {
    const original: ContentFile = {
      collection: 'sources',
      file: 'shared/sources/act.md',
      text: '---\nid: act\ntitle: Act\npublisher: P\nurl: https://example.org/act\nlicense: CC-BY-4.0\npublished: 2024-07-12\n---\nText.\n',
    };
    expect(buildCorpus([original]).sources[0]?.meta.as_of).toBe('2024-07-12');
  });

  it('accepts a valid corpus and fills defaults', () => {
    const corpus = buildCorpus([
      source('alpha', 'published: 2024-07-12\nretrieved: "2026-11-21"\ntags: [eu, law]\n'),
      glossary('risk', 'term: Risk\naliases: [RSK]\nsources: [alpha]'),
      wisdom('tip', 'title: Tip\ncategory: risk-management\nsources: [alpha]'),
    ]);
    expect(corpus.sources[0]?.meta).toMatchObject({ id: 'alpha', language: 'en', published: '2024-07-12', retrieved: '2026-11-21', tags: ['eu', 'law'] });
    expect(corpus.glossary[0]).toMatchObject({ id: 'risk', term: 'Risk', aliases: ['RSK'], related: [], definition: 'A definition.' });
    expect(corpus.wisdom[0]).toMatchObject({ id: 'tip', category: 'risk-management', text: 'An insight.' });
  });

  it('names the file and the field of every missing required source field, all at once', () => {
    const file: ContentFile = { collection: 'sources', file: 'content/sources/bare.md', text: '---\nid: bare\n---\nText\n' };
    expect(problemsOf([file])).toEqual([
      { file: 'content/sources/bare.md', field: 'title', message: 'is required and missing' },
      { file: 'content/sources/bare.md', field: 'publisher', message: 'is required and missing' },
      { file: 'content/sources/bare.md', field: 'url', message: 'is required and missing' },
      { file: 'content/sources/bare.md', field: 'license', message: 'is required and missing' },
      {
        file: 'content/sources/bare.md',
        field: 'as_of',
        message: 'is required and missing; give the date (YYYY-MM-DD) up to which the text was checked to be current',
      },
    ]);
  });

  it('reports mistyped and misspelt fields with what is allowed', () => {
    const problems = problemsOf([
      source('alpha', 'published: 12/07/2024\nlanguage: "english language"\ntags: [Bad Tag]\ntitel: x\n'),
    ]);
    const byField = Object.fromEntries(problems.map((p) => [p.field, p.message]));
    expect(byField['published']).toBe('must be a date written YYYY-MM-DD, got "12/07/2024"');
    expect(byField['language']).toMatch(/not a BCP 47 language tag/);
    expect(byField['tags']).toMatch(/"Bad Tag" is not a slug/);
    expect(byField['titel']).toMatch(/^unknown field; allowed fields are id, title/);
    expect(problems.every((p) => p.file === 'content/sources/alpha.md')).toBe(true);
  });

  it('rejects a url that is not absolute http(s) and an id that differs from the file name', () => {
    const problems = problemsOf([{ ...source('alpha'), file: 'content/sources/other.md', text: source('alpha').text.replace('https://example.org/alpha', 'ftp://x') }]);
    expect(problems).toContainEqual({ file: 'content/sources/other.md', field: 'url', message: '"ftp://x" is not an absolute http(s) URL' });
    expect(problems).toContainEqual({ file: 'content/sources/other.md', field: 'id', message: '"alpha" must equal the file name "other"' });
  });

  it('reports a duplicate source id across content directories, naming both files', () => {
    const problems = problemsOf([source('alpha', '', 'a/sources/alpha.md'), source('alpha', '', 'b/sources/alpha.md')]);
    expect(problems).toEqual([{ file: 'b/sources/alpha.md', field: 'id', message: 'duplicate id "alpha", already used by a/sources/alpha.md' }]);
  });

  it('reads a primary text with the names it is cited by, and an explainer with the originals it is about', () => {
    const corpus = buildCorpus([
      source('act', 'cited_as: [Mini Act, "Regulation (XX) 2099/1"]'),
      explainer('guide', 'about:\n  - {title: Mini Act, publisher: Mini Office, url: "https://example.org/mini", published: 2099-01-01, names: [Mini Act]}'),
      explainer('essay', 'kind: explainer\nabout:\n  - {title: A paper, publisher: Someone, url: "https://example.org/paper"}'),
    ]);
    expect(corpus.sources.map(({ meta: { id, kind, publisher, url, license, cited_as, about } }) => ({ id, kind, publisher, url, license, cited_as, about }))).toEqual([
      { id: 'act', kind: 'primary', publisher: 'Pub', url: 'https://example.org/act', license: 'CC-BY-4.0', cited_as: ['Mini Act', 'Regulation (XX) 2099/1'], about: undefined },
      {
        id: 'essay', kind: 'explainer', publisher: 'OCC contributors', url: '/sources/essay', license: 'CC-BY-4.0', cited_as: undefined,
        about: [{ title: 'A paper', publisher: 'Someone', url: 'https://example.org/paper' }],
      },
      {
        id: 'guide', kind: 'explainer', publisher: 'OCC contributors', url: '/sources/guide', license: 'CC-BY-4.0', cited_as: undefined,
        about: [{ title: 'Mini Act', publisher: 'Mini Office', url: 'https://example.org/mini', published: '2099-01-01', names: ['Mini Act'] }],
      },
    ]);
  });

  it('names the file and field of a bad cited_as, kind or about, and keeps the original out of an explainer', () => {
    const problems = problemsOf([
      source('both', 'cited_as: [Mini Act]\nabout:\n  - {title: O, publisher: P, url: "https://example.org/o"}'),
      source('single', 'cited_as: Mini Act'),
      explainer('twice', 'about:\n  - {title: O, publisher: P, url: "https://example.org/o", names: [AI Act, ai  act]}'),
      explainer('empty', 'about:\n  - {title: O, publisher: P, url: "https://example.org/o", names: ["", "2024"]}'),
      explainer('bare', 'kind: explainer'),
      explainer('loose', 'about:\n  - {title: O, url: "ftp://x", pages: 3}\n  - just a name'),
      explainer('two', 'about:\n  - {title: A, publisher: P, url: "https://a.org", names: [A]}\n  - {title: B, publisher: P, url: "https://b.org", names: [B]}'),
      explainer('odd', 'kind: summary\nabout:\n  - {title: O, publisher: P, url: "https://example.org/o"}'),
    ]);
    const where = (file: string, field: string) => problems.filter((p) => p.file === `content/sources/${file}.md` && p.field === field).map((p) => p.message);
    // A source given both reads as an explainer, whose original's fields may not stand at the top.
    for (const field of ['publisher', 'url', 'license', 'cited_as']) expect(where('both', field)).toEqual([expect.stringMatching(/an explainer is written by OCC contributors under CC-BY-4.0; give the original's/)]);
    expect(where('single', 'cited_as')).toEqual([expect.stringMatching(/must be a list of strings/)]);
    expect(where('twice', 'about[0].names')).toEqual([expect.stringMatching(/lists "ai {2}act" twice/)]);
    expect(where('empty', 'about[0].names')).toEqual([expect.stringMatching(/not a non-empty string/), expect.stringMatching(/"2024" is not a name/)]);
    expect(where('bare', 'about')).toEqual([expect.stringMatching(/lists the originals it explains/)]);
    expect(where('loose', 'about[0].publisher')).toEqual(['is required and missing']);
    expect(where('loose', 'about[0].url')).toEqual([expect.stringMatching(/not an absolute http\(s\) URL/)]);
    expect(where('loose', 'about[0].pages')).toEqual([expect.stringMatching(/unknown field/)]);
    expect(where('loose', 'about[1]')).toEqual([expect.stringMatching(/must be \{title, publisher, url, …\}/)]);
    expect(where('two', 'about')).toEqual([expect.stringMatching(/names may be given for one original only/)]);
    expect(where('odd', 'kind')).toEqual([expect.stringMatching(/"summary" is not a kind of source/)]);
  });

  it('reports references to unknown glossary entries and sources', () => {
    const problems = problemsOf([
      source('alpha'),
      glossary('risk', 'term: Risk\nrelated: [hazard, risk]\nsources: [alpha, beta]'),
      wisdom('tip', 'title: Tip\ncategory: Risk Management\nsources: [gamma]'),
    ]);
    expect(problems).toEqual([
      { file: 'content/wisdom/tip.md', field: 'category', message: '"Risk Management" is not a slug (lowercase a-z, 0-9 and single hyphens, e.g. "risk-management")' },
      { file: 'content/glossary/risk.md', field: 'related', message: 'refers to unknown glossary entry "hazard"' },
      { file: 'content/glossary/risk.md', field: 'sources', message: 'refers to unknown source "beta"' },
      { file: 'content/glossary/risk.md', field: 'related', message: 'lists the entry itself' },
    ]);
  });

  it('reports broken YAML, a missing frontmatter and an empty body', () => {
    const problems = problemsOf([
      glossary('broken', 'term: [unclosed'),
      { collection: 'glossary', file: 'content/glossary/plain.md', text: 'Just text.\n' },
      glossary('empty', 'term: Empty', ''),
    ]);
    expect(problems.map((p) => [p.file, p.field])).toEqual([
      ['content/glossary/broken.md', 'frontmatter'],
      ['content/glossary/empty.md', 'body'],
      ['content/glossary/plain.md', 'frontmatter'],
    ]);
    expect(problems[0]?.message).toMatch(/^is not valid YAML/);
  });

  it('says how many problems there are in one message listing each', () => {
    try {
      buildCorpus([glossary('a', 'term: A\nrelated: [x]'), glossary('b', 'term: B\nrelated: [y]')]);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe(
        'Content has 2 problems:\n  content/glossary/a.md: related: refers to unknown glossary entry "x"\n' +
          '  content/glossary/b.md: related: refers to unknown glossary entry "y"',
      );
    }
  });
});
