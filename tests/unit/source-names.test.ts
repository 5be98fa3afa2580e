import { describe, expect, it } from 'vitest';
import { buildIndex, indexDoc } from '../../src/core/index/build.js';
import { SearchEngine } from '../../src/core/search/search.js';
import { namesOf } from '../../src/core/search/source-names.js';
import type { Chunk } from '../../src/core/types.js';

describe('the names a question calls a source by', () => {
  it('reads them from the title: brackets, title-case parts, initials; not a bracketed code or a heading in capitals', () => {
    expect(namesOf({ title: 'Regulation (EU) 2024/1689 (Artificial Intelligence Act)', publisher: 'European Union' })).toEqual(['Artificial Intelligence Act', 'AIA', 'AI Act']);
    const nist = namesOf({ title: 'Artificial Intelligence Risk Management Framework (AI RMF 1.0), NIST AI 100-1', publisher: 'NIST' });
    expect(nist).toEqual(expect.arrayContaining(['AI RMF 1.0', 'AI RMF', 'Artificial Intelligence Risk Management Framework', 'NIST AI 100-1']));
    const gdpr = namesOf({ title: 'REGULATION (EU) 2016/679 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL (General Data Protection Regulation)', publisher: 'Official Journal of the European Union' });
    expect(gdpr).toContain('GDPR');
    expect(gdpr).not.toContain('REGULATION');
    expect(gdpr).not.toContain('EU');
    // Initials only for a name of three words or more: "Data Act" is not "DA".
    expect(namesOf({ title: 'Widgets', publisher: 'W', cited_as: ['Widget Code'] })).toEqual(['Widget Code']);
  });
});

describe('a source named in a question', () => {
  const rows: [string, string, string][] = [
    ['Art. 4(1)', 'Article 4: Markings', '1. Makers shall label each widget they sell with the name and postal address of the maker, in a language that the buyer of the widget understands.'],
    ['Art. 9(1)', 'Article 9: EU declaration', '1. Under the delegated act, the EU declaration for a widget label is kept; the EU declaration names the act.'],
    ['Art. 12(1)', 'Article 12: Kettles', '1. Kettles are out of scope.'],
  ];
  const law: Chunk[] = rows.map(([pinpoint, heading, text], i) => ({ id: `w:${i}`, source: 'w', heading, path: [heading], text, position: i, url: '', pinpoint }));
  const sources = [{ id: 'w', title: 'Regulation (EU) 2030/1 (Widget Labelling Act)', publisher: 'European Union' }];
  const index = buildIndex(law.map((c) => indexDoc(c, sources[0]!.title)));
  const named = new SearchEngine(index, law, { sources });
  const unnamed = new SearchEngine(index, law);
  const top = (e: SearchEngine, q: string) => e.search(q, { top: 3 }).hits.map((h) => h.chunk.pinpoint);

  it('ranks a question framed by the source\'s name as it ranks the question alone', () => {
    const plain = 'Must makers label widgets?';
    for (const q of ['Under the EU Widget Labelling Act, must makers label widgets?', 'Must makers label widgets under the WLA?', 'According to the Widget Labelling Act, must makers label widgets?']) {
      expect(top(named, q), q).toEqual(top(named, plain));
    }
    // Searched as words, "EU", "act" and "under" meet the declaration kept under a delegated act.
    expect(top(unnamed, 'Under the EU Widget Labelling Act, must makers label widgets?')[0]).toBe('Art. 9(1)');
    expect(top(named, plain)[0]).toBe('Art. 4(1)');
  });

  it('keeps the name when nothing else is asked, and reads no name in a source that is not a law\'s or framework\'s text', () => {
    expect(named.search('the Widget Labelling Act', { top: 3 }).terms).toEqual(expect.arrayContaining(['widget', 'label', 'act']));
    const prose = law.map(({ pinpoint: _pinpoint, ...c }) => c);
    const explainer = new SearchEngine(buildIndex(prose.map((c) => indexDoc(c, 'E'))), prose, { sources });
    expect(explainer.search('Under the EU Widget Labelling Act, must makers label widgets?', { top: 3 }).terms).toContain('eu');
  });
});
