import { describe, expect, it } from 'vitest';
import { compile } from '../../src/core/pipeline.js';
import { buildIndex, indexDoc } from '../../src/core/index/build.js';
import { SearchEngine } from '../../src/core/search/search.js';

/** A made-up act and an explainer of it, which says in plain words what its Article 7 says in legal ones. */
const front = (id: string, title: string, extra: string) =>
  `---\nid: ${id}\ntitle: "${title}"\npublisher: "Fixture"\nurl: "https://example.org/${id}"\nlicense: CC-BY-4.0\npublished: 2025-01-01\n${extra}---\n\n`;
const explainer = (id: string, title: string, names: string) =>
  `---\nid: ${id}\ntitle: "${title}"\nas_of: 2025-01-01\nabout:\n  - {title: Widget Act, publisher: Fixture, url: "https://example.org/widget-act", names: ${names}}\n---\n\n`;
const act = front('widget-act', 'Regulation (EU) 2099/1 (Widget Act)', '') + [
  '## Article 3: Labels', 'Makers shall label every widget.',
  '## Article 7: Enforcement', 'Infringements of Article 3 shall be punished by fines of up to EUR 5 000 000.',
  '## Article 8: Union bodies', 'Union bodies that let a maker sell unlabelled widgets may be fined up to EUR 50 000 by the Supervisor.',
  '## Article 9: Entry into force', 'This Regulation shall enter into force on 1 January 2100.',
].join('\n\n');
const guide = explainer('widget-guide', 'The Widget Act explained', '[Widget Act]') + [
  '## Labels', 'Every widget needs a label naming its maker.',
  '## How much a maker can be fined', 'A maker that skips the label can be fined up to five million euro (Article 7), from the date Article 9 sets.',
].join('\n\n');
const files = [['widget-act', act], ['widget-guide', guide]].map(([id, text]) => ({ collection: 'sources' as const, file: `sources/${id}.md`, text: text ?? '' }));
const { corpus } = compile(files);
const titles = new Map(corpus.sources.map((s) => [s.meta.id, s.meta.title]));
const index = buildIndex(corpus.chunks.map((c) => indexDoc(c, titles.get(c.source) ?? '')));
const engine = (citationWeight?: number) => new SearchEngine(index, corpus.chunks, { citationWeight });
const provisions = (e: SearchEngine, q: string, source?: string) =>
  e.search(q, { top: 10, sources: source === undefined ? undefined : [source] }).hits.map((h) => h.chunk.pinpoint ?? h.chunk.heading);

describe('provisions cited by the explanations of them', () => {
  const q = 'How much can a maker be fined?';

  it('raises the provision an explainer cites, which the question words alone rank below another', () => {
    expect(corpus.chunks.find((c) => c.heading === 'How much a maker can be fined')?.references?.map((r) => r.pinpoint)).toEqual(['Art. 7', 'Art. 9']);
    const off = provisions(engine(0), q).filter((p) => p.startsWith('Art'));
    expect(off.indexOf('Art. 8')).toBeLessThan(off.indexOf('Art. 7'));
    const on = provisions(engine(), q);
    expect(on.indexOf('Art. 7')).toBeLessThan(on.indexOf('Art. 8'));
    expect(on.slice(0, 2)).toContain('Art. 7');
    // Article 9 is cited too, but holds none of the question's words.
    expect(on).not.toContain('Art. 9');
  });

  it('does nothing within one source, nor for a provision of the same source', () => {
    expect(provisions(engine(), q, 'widget-act')).toEqual(provisions(engine(0), q, 'widget-act'));
    expect(provisions(engine(), 'widget label', 'widget-guide')).toEqual(provisions(engine(0), 'widget label', 'widget-guide'));
  });
});
