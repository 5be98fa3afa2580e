import { PDFDocument, PDFName, PDFString, type PDFPage, type PDFRef, StandardFonts, degrees } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { ingest } from '../../src/core/ingest/ingest.js';
import { compile } from '../../src/core/pipeline.js';
import { StructureTracker } from '../../src/core/chunking/structure.js';
import { ingestProblem } from '../support/ingest.js';

/**
 * A made-up three-page framework, generated here with pdf-lib: a running header and "Page n" footer on every
 * page, headings set larger than the text, a word hyphenated across a line end, a bullet, and framework
 * identifiers in the NIST manner (PLAN 1 / PLAN 1.1).
 */
type Line = { text: string; size?: number; gap?: number };

const PAGES: Line[][] = [
  [
    { text: 'Mini Risk Framework', size: 22 },
    { text: 'This framework is an example written for the ingest tests. It supports the manage-', gap: 30 },
    { text: 'ment of risks in small projects, and risk management starts with planning.' },
    { text: '1. Planning', size: 16, gap: 34 },
    { text: 'Planning sets the context before anything is built.', gap: 26 },
    { text: 'PLAN 1: Context is known and written down.', gap: 26 },
    { text: 'PLAN 1.1: Intended users are listed.', gap: 20 },
    { text: 'PLAN 1.2: Possible harms are described, including harms to people', gap: 20 },
    { text: 'outside the organization.' },
    { text: '• Keep the list short.', gap: 26 },
  ],
  [
    { text: '2. Checking', size: 16 },
    { text: 'Checking measures what planning promised.', gap: 26 },
    { text: 'CHECK 1: Results are measured against the plan.', gap: 26 },
    { text: 'CHECK 1.1: Tests run before every release.', gap: 20 },
  ],
  [
    { text: 'Appendix A: Terms', size: 16 },
    { text: 'A harm is any damage to a person, a group or the environment.', gap: 26 },
  ],
];

async function makePdf(options: { text?: boolean; outline?: boolean; title?: string; author?: string; contents?: boolean; uniform?: boolean; pages?: Line[][] } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (options.title) pdf.setTitle(options.title);
  pdf.setAuthor(options.author ?? 'Example Standards Agency');
  pdf.setCreationDate(new Date('2025-03-04T12:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages: PDFPage[] = [];
  (options.pages ?? PAGES).forEach((lines, index) => {
    const page = pdf.addPage([612, 792]);
    pages.push(page);
    if (options.text === false) {
      page.drawRectangle({ x: 72, y: 400, width: 200, height: 100 });
      return;
    }
    page.drawText('Mini Risk Framework 1.0 - Example Standards Agency', { x: 72, y: 760, size: 9, font });
    page.drawText(`Page ${index + 1}`, { x: 520, y: 30, size: 9, font });
    // A table of contents: outline titles followed by their page numbers.
    if (options.contents && index === 0) {
      page.drawText('1. Planning 1', { x: 72, y: 730, size: 11, font });
      page.drawText('Appendix A: Terms 3', { x: 72, y: 716, size: 11, font });
    }
    let y = 700;
    for (const line of lines) {
      y -= line.gap ?? 14;
      page.drawText(line.text, { x: 72, y, size: options.uniform ? 11 : line.size ?? 11, font });
    }
  });
  if (options.outline) addOutline(pdf, [
    { title: 'Mini Risk Framework', page: pages[0] },
    { title: 'Planning', page: pages[0] },
    { title: 'Checking', page: pages[1] },
    { title: 'Appendix A: Terms', page: pages[2] },
  ]);
  return pdf.save();
}

/** A flat outline (bookmarks) built from pdf-lib's low-level objects. */
function addOutline(pdf: PDFDocument, entries: { title: string; page: PDFPage | undefined }[]): void {
  const root = pdf.context.nextRef();
  const refs: PDFRef[] = entries.map(() => pdf.context.nextRef());
  entries.forEach((entry, i) => {
    const item = pdf.context.obj({
      Title: PDFString.of(entry.title),
      Parent: root,
      Dest: [entry.page?.ref ?? pages0(pdf), PDFName.of('XYZ'), null, null, null],
      ...(i > 0 ? { Prev: refs[i - 1] } : {}),
      ...(i < refs.length - 1 ? { Next: refs[i + 1] } : {}),
    });
    pdf.context.assign(refs[i] as PDFRef, item);
  });
  pdf.context.assign(root, pdf.context.obj({ Type: 'Outlines', First: refs[0], Last: refs[refs.length - 1], Count: refs.length }));
  pdf.catalog.set(PDFName.of('Outlines'), root);
}

function pages0(pdf: PDFDocument): PDFRef {
  return pdf.getPage(0).ref;
}


const BODY = (text: string) => text.slice(text.indexOf('\n---\n') + 5).trimStart();

/**
 * A made-up framework coded in the manner of the NIST CSF: groups named before their code ("Organizational
 * Context (GV.OC): …"), items coded with a hyphenated number, a report number that opens a line twice, and
 * actions set as table rows in the manner of NIST AI 600-1, code then text ("GV-1.1-001 Align …"); practices
 * and tasks coded as the SSDF (SP 800-218) codes them ("PO.1.1"), one practice's name wrapped over two lines of its
 * table cell and one longer than sixty characters; four pages, so that the running header is furniture.
 */
const CODED: Line[][] = [
  [
    { text: 'Mini Security Framework', size: 22 },
    { text: 'This framework is written for the ingest tests.', gap: 30 },
    { text: '1. Govern', size: 16, gap: 34 },
  ],
  [
    { text: 'Organizational Context (GV.OC): The setting of the organization is known.', gap: 26 },
    { text: 'GV.OC-01: The mission is understood.', gap: 20 },
    { text: 'GV.OC-02: Stakeholders and their needs are understood.', gap: 20 },
  ],
  [
    { text: 'Risk Strategy (GV.RM): Priorities for risk are set.', gap: 26 },
    { text: 'GV.RM-01: Risk objectives are agreed.', gap: 20 },
    { text: 'GAO-17-63: A report on risk management, cited here.', gap: 26 },
    { text: 'GAO-17-63: The same report, cited again.', gap: 26 },
    { text: '2. Actions', size: 16, gap: 34 },
    { text: 'GOVERN 1.1: Legal requirements are understood.', gap: 26 },
    { text: 'GV-1.1-001 Align development with the laws that apply.', gap: 20 },
    { text: 'GV-1.1-002 Keep a register of those laws.', gap: 20 },
  ],
  [
    { text: '3. Practices', size: 16, gap: 0 },
    { text: 'Define Security Requirements for Software', gap: 26 },
    { text: 'Development (PO.1): Security requirements are known at all times.', gap: 12 },
    { text: 'PO.1.1: Identify the security requirements.', gap: 20 },
    { text: 'PO.1.2: Identify the requirements for third-party software.', gap: 20 },
    { text: 'PO.2.1: Create roles for software security.', gap: 20 },
    { text: 'Implement and Maintain Secure Environments for All Software Development (PO.5): They are safe.', gap: 26 },
    { text: 'PO.5.1: Separate the development environments.', gap: 20 },
  ],
];

describe('ingest of a PDF whose framework codes its items', () => {
  it('makes items of the coded identifiers, with or without a colon, and headings of their groups, a wrapped name whole, not of a report number', async () => {
    const result = await ingest(await makePdf({ title: 'Mini Security Framework', pages: CODED }), {
      origin: 'csf.pdf', url: 'https://example.org/csf', license: 'CC-BY-4.0', today: '2026-11-23',
    });
    expect(BODY(result.text)).toBe(
      [
        '# Mini Security Framework',
        'This framework is written for the ingest tests.',
        '## 1. Govern',
        '### Organizational Context (GV.OC): The setting of the organization is known.',
        '- GV.OC-01: The mission is understood.',
        '- GV.OC-02: Stakeholders and their needs are understood.',
        '### Risk Strategy (GV.RM): Priorities for risk are set.',
        '- GV.RM-01: Risk objectives are agreed.',
        'GAO-17-63: A report on risk management, cited here.',
        'GAO-17-63: The same report, cited again.',
        '## 2. Actions',
        '- GOVERN 1.1: Legal requirements are understood.',
        '- GV-1.1-001 Align development with the laws that apply.',
        '- GV-1.1-002 Keep a register of those laws.',
        '## 3. Practices',
        '### Define Security Requirements for Software Development (PO.1): Security requirements are known at all times.',
        '- PO.1.1: Identify the security requirements.',
        '- PO.1.2: Identify the requirements for third-party software.',
        '- PO.2.1: Create roles for software security.',
        '### Implement and Maintain Secure Environments for All Software Development (PO.5): They are safe.',
        '- PO.5.1: Separate the development environments.',
      ].join('\n\n') + '\n',
    );
    const { corpus } = compile([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]);
    const chunks = corpus.chunks;
    // An item's own label names it; it is not a link to itself.
    expect(corpus.html.get(result.id)).not.toMatch(/>GV-1\.1-001<\/a>/);
    expect(chunks.map((c) => c.pinpoint)).toEqual(expect.arrayContaining(['GV.OC-01', 'GV.OC-02', 'GV.RM-01', 'GOVERN 1.1', 'GV-1.1-001', 'GV-1.1-002', 'PO.1.1', 'PO.5.1']));
    expect(chunks.some((c) => c.pinpoint?.startsWith('GAO'))).toBe(false);
  });
});

/** A report made mostly of a table in small type, then a page of prose with a footnote in that same small type. */
const TABLE_HEAVY: Line[][] = [
  [
    { text: 'Table Heavy Practices', size: 22 },
    ...Array.from({ length: 14 }, (_, i) => ({ text: `Row ${i + 1}: a practice described in small table type, with its references and examples.`, size: 8, gap: 12 })),
  ],
  [
    { text: '1. Introduction', size: 16 },
    { text: 'This guide is written for the ingest tests.', gap: 26 },
    { text: 'Teams should agree on their practices first.', gap: 16 },
    { text: '4 Guidance on getting started is published elsewhere.', size: 8, gap: 400 },
  ],
];

describe('ingest of a PDF whose commonest type is a table\'s', () => {
  it('finds a footnote by the type of its own page\'s text', async () => {
    const result = await ingest(await makePdf({ title: 'Table Heavy Practices', pages: TABLE_HEAVY }), { origin: 't.pdf', url: 'https://example.org/t', license: 'CC-BY-4.0' });
    expect(BODY(result.text).endsWith('Teams should agree on their practices first.\n\n# Footnotes\n\n4 Guidance on getting started is published elsewhere.\n')).toBe(true);
  });
});

describe('ingest of a PDF with a text layer', () => {
  it('rebuilds headings by type size, paragraphs, framework ids, and drops running headers and page numbers', async () => {
    const result = await ingest(await makePdf({ title: 'Mini Risk Framework' }), {
      origin: 'mini.pdf', url: 'https://example.org/mini', license: 'CC-BY-4.0', today: '2026-11-20',
    });
    expect(result.format).toBe('pdf');
    expect(result.id).toBe('mini-risk-framework');
    const body = BODY(result.text);
    expect(body).toBe(
      [
        '# Mini Risk Framework',
        'This framework is an example written for the ingest tests. It supports the management of risks in small projects, and risk management starts with planning.',
        '## 1. Planning',
        'Planning sets the context before anything is built.',
        '### PLAN 1: Context is known and written down.',
        '- PLAN 1.1: Intended users are listed.',
        '- PLAN 1.2: Possible harms are described, including harms to people outside the organization.',
        '- Keep the list short.',
        '## 2. Checking',
        'Checking measures what planning promised.',
        '### CHECK 1: Results are measured against the plan.',
        '- CHECK 1.1: Tests run before every release.',
        '## Appendix A: Terms',
        'A harm is any damage to a person, a group or the environment.',
      ].join('\n\n') + '\n',
    );
    expect(body).not.toMatch(/Example Standards Agency|Page \d/);
    const corpus = buildCorpus([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]);
    expect(corpus.sources[0]?.meta).toMatchObject({
      id: 'mini-risk-framework', title: 'Mini Risk Framework', publisher: 'Example Standards Agency',
      published: '2025-03-04', url: 'https://example.org/mini', license: 'CC-BY-4.0', as_of: '2026-11-20',
    });
  });

  it('takes headings and their levels from the outline when the PDF has one, and drops its contents lines', async () => {
    const result = await ingest(await makePdf({ outline: true, contents: true, title: 'Mini Risk Framework' }), {
      origin: 'mini.pdf', url: 'https://example.org/mini', license: 'CC-BY-4.0',
    });
    const headings = BODY(result.text).split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual([
      '# Mini Risk Framework', '## 1. Planning', '### PLAN 1: Context is known and written down.',
      '## 2. Checking', '### CHECK 1: Results are measured against the plan.', '# Appendix A: Terms',
    ]);
    expect(result.text).not.toMatch(/Planning 1|Terms 3/);
  });

  it('falls back to numbered lines as headings when nothing is set larger and there is no outline', async () => {
    const result = await ingest(await makePdf({ uniform: true, title: 'Mini Risk Framework' }), {
      origin: 'mini.pdf', url: 'https://example.org/mini', license: 'CC-BY-4.0',
    });
    const headings = BODY(result.text).split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual([
      '## 1. Planning', '### PLAN 1: Context is known and written down.', '## 2. Checking', '### CHECK 1: Results are measured against the plan.',
    ]);
  });

  it('says which field to pass when the PDF does not state it', async () => {
    const pdf = await makePdf({ title: 'Mini Risk Framework' });
    expect(await ingestProblem(ingest(pdf, { origin: 'mini.pdf', url: 'https://example.org/mini' }))).toBe(
      'mini.pdf: the PDF states no licence or terms of use; pass --license with the terms the publisher gives',
    );
    expect(await ingestProblem(ingest(pdf, { origin: 'mini.pdf', license: 'CC-BY-4.0' }))).toMatch(/^mini\.pdf: .*pass --url$/);
    // A placeholder where the publisher should be names nobody.
    const unknown = await makePdf({ title: 'Mini Risk Framework', author: 'Unknown' });
    expect(await ingestProblem(ingest(unknown, { origin: 'mini.pdf', url: 'https://example.org/mini', license: 'CC-BY-4.0' }))).toMatch(/pass --publisher$/);
  });

  it('refuses a PDF without a text layer, naming the file', async () => {
    const message = await ingestProblem(ingest(await makePdf({ text: false }), { origin: 'scan.pdf' }));
    expect(message).toMatch(/^scan\.pdf: has no text layer \(0 characters of text on 3 page\(s\)\)/);
  });

  it('refuses a damaged PDF', async () => {
    const message = await ingestProblem(ingest(new TextEncoder().encode('%PDF-1.7\nnot really a pdf'), { origin: 'broken.pdf' }));
    expect(message).toMatch(/^broken\.pdf: is not a readable PDF/);
  });
});

/**
 * A made-up guidance document shaped unlike a framework: a cover page (title over two lines, edition, publisher,
 * date), numbered headings 1. / 1.1 set larger than the text and 2.2.1 set in body type, a heading over two
 * lines, a bulleted list with a wrapped item, a footnote in small type at a page's foot, a paragraph running
 * over a page break, and a running header, page number and publisher's name on every page after the cover.
 */
type GuideLine = { text: string; size?: number; bold?: boolean; gap?: number; x?: number };
const GUIDE: GuideLine[][] = [
  [
    { text: 'Guidance on Labelling', size: 24, bold: true, gap: 0 },
    { text: 'Shared Data Sets', size: 24, bold: true, gap: 30 },
    { text: 'Version 2.0', size: 14, gap: 40 },
    { text: 'Example Data Office', size: 12, gap: 30 },
    { text: 'March 2025', size: 12, gap: 18 },
  ],
  [
    { text: '1. Introduction', size: 14, bold: true, gap: 0 },
    { text: 'This guidance explains how an organisation labels the data sets it shares with others.', gap: 22 },
    { text: 'It applies to every team that publishes data, whether the data is open or restricted.' },
    { text: '1.1 Purpose', size: 12, bold: true, gap: 26 },
    { text: 'Labels tell a reader where data comes from, who may use it and for how long it stays', gap: 20 },
    { text: 'valid. A label that is missing or wrong is a common cause of misuse.1' },
    { text: '1.2 Scope', size: 12, bold: true, gap: 26 },
    { text: 'The guidance covers:', gap: 20 },
    { text: '• data sets published on the open data portal;', gap: 16, x: 84 },
    { text: '• data sets shared under an agreement with a partner, including those', gap: 16, x: 84 },
    { text: 'shared only once;', x: 94 },
    { text: '• extracts made for research.', gap: 16, x: 84 },
    { text: 'It does not cover personal records, which other rules govern.', gap: 20 },
  ],
  [
    { text: '2. Labels', size: 14, bold: true, gap: 0 },
    { text: '2.1 What a label contains', size: 12, bold: true, gap: 26 },
    { text: 'Every label states the owner, the date of the last update and the terms of use. A', gap: 20 },
    { text: 'label may also state the quality checks that were run.' },
    { text: '2.2 Labelling data that is shared with partners outside', size: 12, bold: true, gap: 26 },
    { text: 'the organisation', size: 12, bold: true },
    { text: 'A shared data set carries the label of the organisation that made it. The partner', gap: 20 },
    { text: 'adds its own label only when it changes the data.' },
    { text: '2.2.1 Records of labels', bold: true, gap: 26 },
    { text: 'Each team keeps a record of the labels it has issued, so that a label can be traced', gap: 20 },
    { text: 'back to the person who approved it. The record is kept for five years after the data' },
    { text: '1 The causes are discussed in the annual review of data incidents.', size: 8, gap: 300 },
  ],
  [
    { text: 'set is withdrawn.', gap: 0 },
    { text: '3. Review', size: 14, bold: true, gap: 26 },
    { text: 'The guidance is reviewed every two years.', gap: 22 },
  ],
];

async function makeGuidance(title = 'Guidance on Labelling Shared Data Sets'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Example Data Office');
  pdf.setCreationDate(new Date('2025-03-10T12:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  GUIDE.forEach((lines, index) => {
    const page = pdf.addPage([595, 842]);
    if (index > 0) {
      page.drawText('Guidance on Labelling Shared Data Sets, Version 2.0', { x: 72, y: 800, size: 8, font });
      page.drawText(`${index + 1}`, { x: 290, y: 30, size: 9, font });
      page.drawText('Example Data Office', { x: 420, y: 30, size: 8, font });
    }
    page.drawText('This publication is available free of charge from: https://example.org/guide', { x: 18, y: 200, size: 10, font, rotate: degrees(90) });
    let y = index === 0 ? 600 : 740;
    for (const line of lines) {
      y -= line.gap ?? 14;
      page.drawText(line.text, { x: line.x ?? 72, y, size: line.size ?? 10, font: line.bold ? bold : font });
    }
  });
  return pdf.save();
}

describe('ingest of a PDF shaped unlike a framework', () => {
  it('joins two-line headings, keeps the cover\'s small type as text, finds 2.2.1 in body type, drops the page furniture (a line up the margin too), moves the footnote to the end', async () => {
    const result = await ingest(await makeGuidance(), { origin: 'guide.pdf', url: 'https://example.org/guide', license: 'CC-BY-4.0' });
    expect(result.id).toBe('guidance-on-labelling-shared-data-sets');
    expect(BODY(result.text)).toBe(
      [
        '# Guidance on Labelling Shared Data Sets',
        'Version 2.0',
        'Example Data Office March 2025',
        '## 1. Introduction',
        'This guidance explains how an organisation labels the data sets it shares with others. It applies to every team that publishes data, whether the data is open or restricted.',
        '### 1.1 Purpose',
        'Labels tell a reader where data comes from, who may use it and for how long it stays valid. A label that is missing or wrong is a common cause of misuse.1',
        '### 1.2 Scope',
        'The guidance covers:',
        '- data sets published on the open data portal;',
        '- data sets shared under an agreement with a partner, including those shared only once;',
        '- extracts made for research.',
        'It does not cover personal records, which other rules govern.',
        '## 2. Labels',
        '### 2.1 What a label contains',
        'Every label states the owner, the date of the last update and the terms of use. A label may also state the quality checks that were run.',
        '### 2.2 Labelling data that is shared with partners outside the organisation',
        'A shared data set carries the label of the organisation that made it. The partner adds its own label only when it changes the data.',
        '#### 2.2.1 Records of labels',
        'Each team keeps a record of the labels it has issued, so that a label can be traced back to the person who approved it. The record is kept for five years after the data set is withdrawn.',
        '## 3. Review',
        'The guidance is reviewed every two years.',
        '# Footnotes',
        '1 The causes are discussed in the annual review of data incidents.',
      ].join('\n\n') + '\n',
    );
  });

  it('takes the title from the cover when the metadata holds a file name', async () => {
    const result = await ingest(await makeGuidance('Microsoft Word - labels_v2_final.docx'), { origin: 'guide.pdf', url: 'https://example.org/guide', license: 'CC-BY-4.0' });
    expect(result.id).toBe('guidance-on-labelling-shared-data-sets');
    expect(result.text).toContain('\ntitle: "Guidance on Labelling Shared Data Sets"\n');
  });
});

/**
 * A made-up EU act laid out as the Official Journal prints it: everything in body type, the act's title, chapters,
 * Articles and the annex centred (label line, then title line), recitals and points with hanging labels, the OJ
 * running header alternating its order on left and right pages, and the act's ELI printed after it.
 */
type ActLine = { t: string; c?: boolean; b?: boolean; i?: boolean; gap?: number; x?: number; label?: string; size?: number };
const ACT: ActLine[][] = [
  [
    { t: 'REGULATION (EU) 2098/42 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL', c: true, b: true, gap: 0 },
    { t: 'of 27 April 2098', c: true, gap: 12 },
    { t: 'on the keeping of records of urban beehives (Beehive Records Regulation)', c: true, b: true, gap: 12 },
    { t: 'THE EUROPEAN PARLIAMENT AND THE COUNCIL OF THE EUROPEAN UNION,', gap: 24 },
    { t: 'Whereas:', gap: 16 },
    { label: '(1)', t: 'Bees kept on city roofs pollinate parks, but neighbours rarely know where the hives', gap: 18 },
    { t: 'stand, and few of them have ever been asked whether a hive may be placed on the roof', x: 100, gap: 11.5 },
    { t: 'next door.', x: 100, gap: 11.5 },
    { label: '(2)', t: 'A record of hives lets inspectors find a swarm quickly, and it lets a city plan where', gap: 18 },
    { t: 'new hives may stand without troubling the people who live below them or who work in', x: 100, gap: 11.5 },
    { t: 'the offices of the building.', x: 100, gap: 11.5 },
    { t: 'HAVE ADOPTED THIS REGULATION:', gap: 20 },
    { t: 'CHAPTER I', c: true, gap: 24 },
    { t: 'General provisions', c: true, b: true, gap: 12 },
    { t: 'Article 1', c: true, i: true, gap: 22 },
    { t: 'Subject-matter', c: true, b: true, gap: 12 },
    { label: '1.', t: 'This Regulation lays down rules on records of beehives kept in cities, on the persons', gap: 18 },
    { t: 'who keep them and on the inspections of the roofs on which they stand.', gap: 11.5 },
    { label: '2.', t: 'It does not apply to hives kept for research by universities and public institutes, which', gap: 18 },
    { t: 'keep their own records under the rules of the Member State in which they are located', gap: 11.5 },
    { t: 'and which publish those records every year.', gap: 11.5 },
    { t: 'Article 2', c: true, i: true, gap: 22 },
    { t: 'Record of hives', c: true, b: true, gap: 12 },
    { t: 'A keeper shall register each hive with the city, stating:', gap: 18, x: 72 },
    { label: '(a)', t: 'the address of the roof;', gap: 18 },
    { label: '(b)', t: 'the number of colonies.', gap: 18 },
  ],
  [
    { t: 'CHAPTER II', c: true, gap: 0 },
    { t: 'Final provisions', c: true, b: true, gap: 12 },
    { t: 'Article 3', c: true, i: true, gap: 22 },
    { t: 'Entry into force', c: true, b: true, gap: 12 },
    { t: 'This Regulation shall enter into force on the twentieth day following that of its publication', gap: 18 },
    { t: 'in the Official Journal of the European Union.', gap: 11.5 },
    { t: 'ANNEX', c: true, gap: 30 },
    { t: 'RECORDS TO BE KEPT', c: true, b: true, gap: 12 },
    { label: '1.', t: 'A map of the roof showing each hive.', gap: 18 },
    { label: '2.', t: 'The dates of inspections.', gap: 18 },
    { t: 'Model of an entry in the record', c: true, i: true, gap: 24 },
    { t: 'Roof, colonies, keeper, date of the last inspection.', gap: 18 },
    { t: 'ELI: http://data.europa.eu/eli/reg/2098/42/oj', gap: 40, size: 8 },
  ],
];

/** Text set outside the act's own lines: a running header or footer, a masthead. */
type Furniture = { t: string; x: number; y: number; size?: number; italic?: boolean }[];

/** How one print of the Journal differs from another: its metadata, what stands around the text, its bookmarks. */
interface OjPrint {
  title: string;
  author: string;
  subject?: string;
  furniture: (page: number) => Furniture;
  /** Bookmarks: a title and the (1-based) page it points to. */
  outline?: { title: string; page: number }[];
  /** Where the first line of a page is set. */
  top?: number;
}

/** The Journal's header before the L series: date, language, name and issue, in swapped order on left and right pages. */
const ojHeader = (date: string, journal: string, language?: string) => (page: number): Furniture => [
  { t: page === 1 ? date : 'L 99/2', x: 60, y: 800 },
  ...(language ? [{ t: language, x: 200, y: 800 }] : []),
  { t: journal, x: 240, y: 800, italic: true },
  { t: page === 1 ? 'L 99/1' : date, x: 500, y: 800 },
];

/** Pages of an act set as the Official Journal sets them. */
async function makeOjPrint(pages: ActLine[][], print: OjPrint): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(print.title);
  pdf.setAuthor(print.author);
  if (print.subject) pdf.setSubject(print.subject);
  pdf.setCreationDate(new Date('2098-05-04T08:00:00Z'));
  const fonts = {
    roman: await pdf.embedFont(StandardFonts.TimesRoman),
    bold: await pdf.embedFont(StandardFonts.TimesRomanBold),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
  };
  const made = pages.map((lines, n) => {
    const page = pdf.addPage([595, 842]);
    for (const item of print.furniture(n + 1)) page.drawText(item.t, { x: item.x, y: item.y, size: item.size ?? 9, font: item.italic ? fonts.italic : fonts.roman });
    let y = print.top ?? 760;
    for (const line of lines) {
      y -= line.gap ?? 18;
      const font = line.b ? fonts.bold : line.i ? fonts.italic : fonts.roman;
      const size = line.size ?? 10;
      const x = line.c ? (595 - font.widthOfTextAtSize(line.t, size)) / 2 : line.x ?? (line.label ? 100 : 72);
      if (line.label) page.drawText(line.label, { x: 72, y, size, font: fonts.roman });
      page.drawText(line.t, { x, y, size, font });
    }
    return page;
  });
  if (print.outline) addOutline(pdf, print.outline.map((entry) => ({ title: entry.title, page: made[entry.page - 1] })));
  return pdf.save();
}

const makeOjAct = () =>
  makeOjPrint(ACT, {
    title: 'L_2098042EN.01000101.xml',
    author: 'Publications Office of the European Union',
    furniture: ojHeader('4.5.2098', 'Official Journal of the European Union', 'EN'),
  });

describe('ingest of an EU act as the Official Journal prints it (PDF)', () => {
  it('finds the centred titles as chapters, Articles and the annex, and drops the alternating running header', async () => {
    const result = await ingest(await makeOjAct(), { origin: 'oj.pdf', license: 'EUR-Lex reuse notice', today: '2026-11-23' });
    expect(BODY(result.text).split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# REGULATION (EU) 2098/42 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL of 27 April 2098 on the keeping of records of urban beehives (Beehive Records Regulation)',
      '# CHAPTER I: General provisions',
      '## Article 1: Subject-matter',
      '## Article 2: Record of hives',
      '# CHAPTER II: Final provisions',
      '## Article 3: Entry into force',
      '# ANNEX: RECORDS TO BE KEPT',
    ]);
    expect(result.text).not.toContain('Official Journal of the European Union L 99');
    expect(BODY(result.text)).toContain(
      '\n\n(1) Bees kept on city roofs pollinate parks, but neighbours rarely know where the hives stand, and few of them have ever been asked whether a hive may be placed on the roof next door.\n\n',
    );
    expect(BODY(result.text)).toContain('stating:\n\n(a) the address of the roof;\n\n(b) the number of colonies.\n\n');
    // A centred line that is neither the act's title nor led by a label is a caption: text.
    expect(BODY(result.text)).toContain('\n\nModel of an entry in the record\n\n');
  });

  it('takes the id and url from the ELI printed after the act, the title from its centred title', async () => {
    const result = await ingest(await makeOjAct(), { origin: 'oj.pdf', license: 'EUR-Lex reuse notice' });
    expect(result.id).toBe('eu-reg-2098-42');
    expect(result.text).toContain('\nurl: "https://data.europa.eu/eli/reg/2098/42/oj"\n');
    expect(result.text).toMatch(/\ntitle: "REGULATION \(EU\) 2098\/42 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL of 27 April 2098 on/);
  });

  it('gives the chunker recitals, Articles and the unnumbered Annex with their pinpoints', async () => {
    const result = await ingest(await makeOjAct(), { origin: 'oj.pdf', license: 'EUR-Lex reuse notice' });
    const chunks = compile([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]).corpus.chunks;
    expect(chunks.map((chunk) => chunk.pinpoint).filter(Boolean)).toEqual(['Recital 1', 'Recital 2', 'Arts. 1(1)-(2)', 'Art. 2', 'Art. 3', 'Annex, points 1-2']);
  });
});

/**
 * A made-up act as the Journal's L series prints it (since October 2023): its own masthead in the first page's top
 * margin (the Journal's name, "EN L series", the act's number set large, the date), the act's title over three lines
 * two apart, bookmarks for the title and the annex only, a chapter titled in one word in capitals, the ELI and page
 * count in the footer, and the Publications Office's address after its name in the metadata.
 */
const L_SERIES: ActLine[][] = [
  [
    { t: 'DIRECTIVE (EU) 2098/44 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL', c: true, gap: 25 },
    { t: 'of 23 October 2098', c: true, gap: 27 },
    { t: 'on liability for defective bells', c: true, gap: 27 },
    { t: 'Whereas:', gap: 30 },
    { label: '(1)', t: 'Bells that crack should not leave those they harm without a remedy.', gap: 20 },
    { t: 'HAVE ADOPTED THIS DIRECTIVE:', gap: 24 },
    { t: 'CHAPTER I', c: true, gap: 30 },
    { t: 'BELLS', c: true, b: true, gap: 30 },
    { t: 'Article 1', c: true, i: true, gap: 30 },
    { t: 'Subject matter', c: true, b: true, gap: 38 },
    { t: 'This Directive lays down rules on liability for defective bells.', gap: 24 },
    { t: 'Article 2', c: true, i: true, gap: 30 },
    { t: 'Scope', c: true, b: true, gap: 38 },
    { t: 'This Directive applies to bells placed on the market after 2098.', gap: 24 },
  ],
  [
    { t: 'Article 3', c: true, i: true, gap: 0 },
    { t: 'Entry into force', c: true, b: true, gap: 30 },
    { t: 'This Directive shall enter into force on the twentieth day following its publication.', gap: 24 },
    { t: 'ANNEX', c: true, gap: 40 },
    { t: 'Bells covered: church bells and ship bells.', gap: 24 },
  ],
];

const makeLSeries = () =>
  makeOjPrint(L_SERIES, {
    title: 'Directive (EU) 2098/44 of the European Parliament and of the Council of 23 October 2098 on liability for defective bells',
    author: 'Publications Office of the European Union L-2985 Luxembourg LUXEMBOURG',
    subject: 'I Legislative acts',
    top: 740,
    outline: [
      { title: 'Directive (EU) 2098/44 of the European Parliament and of the Council of 23 October 2098 on liability for defective bells', page: 1 },
      { title: 'ANNEX', page: 2 },
    ],
    furniture: (page) => [
      ...(page === 1
        ? [
            { t: 'Official Journal', x: 84, y: 795 },
            { t: 'of the European Union', x: 84, y: 784 },
            { t: 'EN', x: 542, y: 795 },
            { t: 'L series', x: 525, y: 784 },
            { t: '2098/44', x: 276, y: 760, size: 12.7 },
            { t: '18.11.2098', x: 508, y: 762 },
          ]
        : [
            { t: 'OJ L, 18.11.2098', x: 60, y: 800 },
            { t: 'EN', x: 542, y: 800 },
          ]),
      { t: 'ELI: http://data.europa.eu/eli/dir/2098/44/oj', x: 42, y: 22 },
      { t: `${page}/2`, x: 535, y: 22 },
    ],
  });

describe('ingest of an act as the Official Journal\'s L series prints it (PDF)', () => {
  it('heads the Articles of a print whose bookmarks name only the title and the annex, and drops the masthead', async () => {
    const result = await ingest(await makeLSeries(), { origin: 'l-series.pdf', license: 'EUR-Lex reuse notice' });
    expect(BODY(result.text).split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# DIRECTIVE (EU) 2098/44 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL of 23 October 2098 on liability for defective bells',
      '# CHAPTER I: BELLS',
      '## Article 1: Subject matter',
      '## Article 2: Scope',
      '## Article 3: Entry into force',
      '# ANNEX',
    ]);
    expect(result.text).not.toMatch(/L series|Official Journal\n|2098\/44\n/);
    const chunks = compile([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]).corpus.chunks;
    expect(chunks.map((chunk) => chunk.pinpoint).filter(Boolean)).toEqual(['Recital 1', 'Art. 1', 'Art. 2', 'Art. 3', 'Annex']);
  });

  it('dates it by its masthead, names the publisher without its address, and takes no label for a description', async () => {
    const result = await ingest(await makeLSeries(), { origin: 'l-series.pdf', license: 'EUR-Lex reuse notice' });
    expect(result.id).toBe('eu-dir-2098-44');
    expect(result.text).toContain('\npublished: 2098-11-18\n');
    expect(result.text).toContain('\npublisher: "Publications Office of the European Union"\n');
    expect(result.text).not.toContain('\ndescription:');
  });
});

/**
 * A made-up act as another language edition of the Official Journal prints it (Polish words, spelled without
 * diacritics since the standard fonts lack them): the masthead above the title ("I", "(Akty ustawodawcze)",
 * "ROZPORZADZENIA" in large type), a title line closing on "r.", two or more blank lines between an Article's label
 * and its title, an Article opening the second page at its very top, hyphens of words cut at a line end missing
 * from the text layer, footnotes in smaller type at the foot of the first page, "Strona n" counting the pages,
 * the metadata's Title and Author both "Publications Office", and no ELI.
 */
const EDITION: ActLine[][] = [
  [
    { t: 'I', c: true, gap: 0, size: 13 },
    { t: '(Akty ustawodawcze)', c: true, gap: 22 },
    { t: 'ROZPORZADZENIA', c: true, gap: 30, size: 17 },
    { t: 'ROZPORZADZENIE PARLAMENTU EUROPEJSKIEGO I RADY (UE) 2098/43', c: true, b: true, gap: 40 },
    { t: 'z dnia 3 maja 2098 r.', c: true, b: true, gap: 17 },
    { t: 'w sprawie dzwonow w wiezach koscielnych', c: true, b: true, gap: 17 },
    { t: 'a takze majac na uwadze, co nastepuje:', gap: 30 },
    { label: '(1)', t: 'Dzwony w wiezach wymagaja przegladow, ktore prowadza organy administracyjne kazdego', gap: 20 },
    { t: 'panstwa czlonkowskiego (1).', x: 100, gap: 11.5 },
    { label: '(2)', t: 'Przeglad powinien byc prosty, a ten, kto go prowadzi, dziala w granicach, jakie wyznaczaja organy administra', gap: 20 },
    { t: 'cyjne tego panstwa.', x: 100, gap: 11.5 },
    { t: 'ROZDZIAL I', c: true, gap: 30 },
    { t: 'PRZEPISY OGOLNE', c: true, b: true, gap: 30 },
    { t: 'Artykul 1', c: true, i: true, gap: 30 },
    { t: 'Przedmiot', c: true, b: true, gap: 32 },
    { t: 'Niniejsze rozporzadzenie ustanawia przepisy dotyczace przegladow dzwonow.', gap: 24 },
    { t: 'Artykul 2', c: true, i: true, gap: 30 },
    { t: 'Rejestr', c: true, b: true, gap: 38 },
    { t: 'Organy administracyjne prowadza rejestr dzwonow zgodnie z norma EN-', gap: 24 },
    { t: '12345.', gap: 11.5 },
    { label: '(1)', t: 'Dz.U. C 1 z 2.1.2098, s. 1.', gap: 120, size: 8 },
  ],
  [
    { t: 'Artykul 3', c: true, i: true, gap: -25 },
    { t: 'Wejscie w zycie', c: true, b: true, gap: 30 },
    { t: 'Niniejsze rozporzadzenie wchodzi w zycie dwudziestego dnia po jego opublikowaniu.', gap: 24 },
  ],
];

const makeEdition = () =>
  makeOjPrint(EDITION, {
    title: 'Publications Office',
    author: 'Publications Office',
    furniture: (page) => [...ojHeader('5.5.2098', 'Dziennik Urzedowy Unii Europejskiej')(page), { t: `Strona ${page}`, x: 280, y: 30 }],
  });

describe('ingest of another language edition of the Official Journal (PDF)', () => {
  it('reads the structure from the layout, whatever the words: masthead dropped, titles joined, a page-top Article kept', async () => {
    const result = await ingest(await makeEdition(), { origin: 'oj-pl.pdf', license: 'EUR-Lex reuse notice', url: 'https://example.org/oj-pl' });
    expect(BODY(result.text).split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# ROZPORZADZENIE PARLAMENTU EUROPEJSKIEGO I RADY (UE) 2098/43 z dnia 3 maja 2098 r. w sprawie dzwonow w wiezach koscielnych',
      '# ROZDZIAL I: PRZEPISY OGOLNE',
      '## Artykul 1: Przedmiot',
      '## Artykul 2: Rejestr',
      '## Artykul 3: Wejscie w zycie',
      '# Footnotes',
    ]);
    expect(result.text).not.toMatch(/Strona \d|Akty ustawodawcze|\nROZPORZADZENIA\n/);
  });

  it('joins a word whose line-end hyphen the text layer lacks and an identifier cut after its hyphen, and moves the footnotes out of the recitals', async () => {
    const body = BODY((await ingest(await makeEdition(), { origin: 'oj-pl.pdf', license: 'EUR-Lex reuse notice', url: 'https://example.org/oj-pl' })).text);
    expect(body).toContain('jakie wyznaczaja organy administracyjne tego panstwa.');
    expect(body).toContain('zgodnie z norma EN-12345.');
    expect(body).toContain('\n\n(1) Dzwony w wiezach wymagaja przegladow, ktore prowadza organy administracyjne kazdego panstwa czlonkowskiego (1).\n\n(2) ');
    expect(body.endsWith('# Footnotes\n\n(1) Dz.U. C 1 z 2.1.2098, s. 1.\n')).toBe(true);
  });

  it('takes the title and id from the act\'s own title when the metadata names only the publisher, the date from the header', async () => {
    const result = await ingest(await makeEdition(), { origin: 'oj-pl.pdf', license: 'EUR-Lex reuse notice', url: 'https://example.org/oj-pl' });
    expect(result.id).toBe('rozporzadzenie-parlamentu-europejskiego-i-rady-ue-2098-43');
    expect(result.text).toContain('\ntitle: "ROZPORZADZENIE PARLAMENTU EUROPEJSKIEGO I RADY (UE) 2098/43 z dnia 3 maja 2098 r. w sprawie dzwonow w wiezach koscielnych"\n');
    expect(result.text).toContain('\npublisher: "Publications Office"\n');
    // The date from the Journal's header, not the file's creation the day before.
    expect(result.text).toContain('\npublished: 2098-05-05\n');
  });
});

/**
 * A made-up convention set as treaty series and many national acts set their text: no outline, nothing centred,
 * the title in larger type, chapters and Articles labelled in bold body type at the left margin ("Article 1 –
 * Object and purpose"), points lettered "a.", and numbered paragraphs and points no further apart than the lines
 * of one paragraph; one paragraph after the points, set apart, has a line that opens on a mention ("Article 1 – …").
 */
const CONVENTION: { t: string; size?: number; b?: boolean; gap?: number }[][] = [
  [
    { t: 'Framework Convention on Widgets', size: 16, b: true },
    { t: 'The signatories hereto, considering that widgets should serve people,' },
    { t: 'have agreed as follows:' },
    { t: 'Chapter I – General provisions', b: true },
    { t: 'Article 1 – Object and purpose', b: true },
    { t: '1. This Convention aims to ensure that widgets are safe for the people who use' },
    { t: 'them.' },
    { t: '2. Each Party shall adopt measures to give effect to this Convention.' },
  ],
  [
    { t: 'Chapter II – Obligations of the Parties as to the safety, the labelling and the testing of widgets on their markets', b: true },
    { t: 'Article 2 – Safety', b: true },
    { t: 'Each Party shall ensure that widgets:' },
    { t: 'a. are tested before sale;' },
    { t: 'b. carry a label naming the maker, as Article 1 requires.' },
    { t: 'This duty, like', gap: 24 },
    { t: 'Article 1 – whose aim it serves – binds every Party to' },
    { t: 'its own rules.' },
  ],
  [
    { t: 'Article 3 – Entry into force', b: true },
    { t: 'This Convention shall enter into force on the first day of the month after the' },
    { t: 'fifth ratification.' },
  ],
];

async function makeConvention(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Framework Convention on Widgets');
  pdf.setAuthor('Council of Widgets');
  pdf.setCreationDate(new Date('2099-09-05T12:00:00Z'));
  const roman = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  CONVENTION.forEach((lines, n) => {
    const page = pdf.addPage([595, 842]);
    page.drawText('Council of Widgets Treaty Series - No. 1', { x: 72, y: 800, size: 8, font: roman });
    page.drawText(`${n + 1}`, { x: 290, y: 30, size: 9, font: roman });
    let y = 760;
    for (const line of lines) {
      y -= line.gap ?? (line.size ?? 10) * 1.4;
      page.drawText(line.t, { x: 72, y, size: line.size ?? 10, font: line.b ? bold : roman });
    }
  });
  return pdf.save();
}

describe('ingest of a convention whose Articles are labelled in body type (PDF)', () => {
  it('finds the labelled chapters and Articles, and starts a paragraph at each number and point', async () => {
    const result = await ingest(await makeConvention(), { origin: 'convention.pdf', url: 'https://example.org/c', license: 'CC-BY-4.0' });
    expect(BODY(result.text)).toBe(
      [
        '# Framework Convention on Widgets',
        'The signatories hereto, considering that widgets should serve people, have agreed as follows:',
        '# Chapter I – General provisions',
        '## Article 1 – Object and purpose',
        '1. This Convention aims to ensure that widgets are safe for the people who use them.',
        '2. Each Party shall adopt measures to give effect to this Convention.',
        '# Chapter II – Obligations of the Parties as to the safety, the labelling and the testing of widgets on their markets',
        '## Article 2 – Safety',
        'Each Party shall ensure that widgets:',
        'a. are tested before sale;',
        'b. carry a label naming the maker, as Article 1 requires.',
        // A line that opens on a label mid-sentence is text: what follows the dash is no title.
        'This duty, like Article 1 – whose aim it serves – binds every Party to its own rules.',
        '## Article 3 – Entry into force',
        'This Convention shall enter into force on the first day of the month after the fifth ratification.',
      ].join('\n\n') + '\n',
    );
  });

  it('gives the chunker the Articles, their paragraphs and lettered points, and resolves the mention', async () => {
    const result = await ingest(await makeConvention(), { origin: 'convention.pdf', url: 'https://example.org/c', license: 'CC-BY-4.0' });
    const tracker = new StructureTracker(BODY(result.text));
    tracker.heading('Article 2 – Safety', 2);
    tracker.line('Each Party shall ensure that widgets:');
    expect(tracker.line('b. carry a label naming the maker.').address).toEqual({ kind: 'article', id: '2', parts: ['b'] });
    const chunks = compile([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]).corpus.chunks;
    expect(chunks.map((chunk) => chunk.pinpoint)).toEqual([undefined, 'Arts. 1(1)-(2)', 'Art. 2', 'Art. 3']);
    expect(chunks.find((chunk) => chunk.pinpoint === 'Art. 2')?.references?.map((r) => r.pinpoint)).toEqual(['Art. 1']);
  });
});

type Printed = { t: string; size?: number; b?: boolean; gap?: number; c?: boolean };

/**
 * A statute's pages; with `lineNumbers`, every line numbered in the left margin from 1 on each page, as bills print
 * them, aligned left or (`'right'`) at their right edge as the Government Publishing Office sets "9" over "10".
 */
async function makeStatute(title: string, pages: Printed[][], options: { lineNumbers?: boolean | 'right' } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Widget Legislation Institute');
  pdf.setCreationDate(new Date('2099-01-21T12:00:00Z'));
  const roman = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pages.forEach((lines, n) => {
    const page = pdf.addPage([595, 842]);
    page.drawText(`${n + 1}`, { x: 290, y: 30, size: 9, font: roman });
    let y = 760;
    lines.forEach((line, i) => {
      y -= line.gap ?? (line.size ?? 10) * 1.4;
      const font = line.b ? bold : roman;
      const x = line.c ? (595 - font.widthOfTextAtSize(line.t, line.size ?? 10)) / 2 : 72;
      page.drawText(line.t, { x, y, size: line.size ?? 10, font });
      const number = `${i + 1}`;
      if (options.lineNumbers) page.drawText(number, { x: options.lineNumbers === 'right' ? 52 - roman.widthOfTextAtSize(number, 9) : 40, y, size: 9, font: roman });
    });
  });
  return pdf.save();
}

// Articles whose label and bracketed title run into their first sentence, as translated Korean statutes print them.
const RUN_IN_ACT: Printed[][] = [
  [
    { t: 'FRAMEWORK ACT ON WIDGETS', size: 14, b: true },
    { t: 'CHAPTER I GENERAL PROVISIONS' },
    { t: 'Article 1 (Purpose) The purpose of this Act is to keep people who use widgets' },
    { t: 'safe.' },
    { t: 'Article 2 (Definitions) The terms used in this Act are defined as follows:' },
    { t: '1. The term "widget" means a small device;' },
    { t: '2. The term "maker" means a person who builds widgets.' },
  ],
  [
    { t: 'CHAPTER II DUTIES' },
    { t: 'Article 3 (Duties of Makers) (1) A maker shall test each widget before sale.' },
    { t: '(2) A maker shall label each widget with the terms defined in Article 2.' },
  ],
];

// The Japanese way: a caption in brackets on the line above, then the label running into the text.
const CAPTIONED_ACT: Printed[][] = [
  [
    { t: 'Act on Promoting Widgets', size: 14, b: true },
    { t: '(Purpose)' },
    { t: 'Article 1 This Act promotes the safe use of widgets.' },
    { t: '(Basic Principles)' },
    { t: 'Article 2 Widgets are to be made so that people can trust them; the State' },
    { t: 'supports makers to that end.' },
  ],
];

describe('ingest of statutes whose Articles run into their text (PDF)', () => {
  it('splits a label and bracketed title from the first sentence, and reads capitalised chapter lines', async () => {
    const result = await ingest(await makeStatute('Framework Act on Widgets', RUN_IN_ACT), { origin: 'act.pdf', url: 'https://example.org/a', license: 'CC-BY-4.0' });
    expect(BODY(result.text)).toBe(
      [
        '# FRAMEWORK ACT ON WIDGETS',
        '# CHAPTER I GENERAL PROVISIONS',
        '## Article 1 (Purpose)',
        'The purpose of this Act is to keep people who use widgets safe.',
        '## Article 2 (Definitions)',
        'The terms used in this Act are defined as follows:',
        '1. The term "widget" means a small device;',
        '2. The term "maker" means a person who builds widgets.',
        '# CHAPTER II DUTIES',
        '## Article 3 (Duties of Makers)',
        '(1) A maker shall test each widget before sale.',
        '(2) A maker shall label each widget with the terms defined in Article 2.',
      ].join('\n\n') + '\n',
    );
    const chunks = compile([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]).corpus.chunks;
    expect(chunks.map((chunk) => chunk.pinpoint)).toEqual(['Art. 1', 'Art. 2', 'Arts. 3(1)-(2)']);
    expect(chunks.at(-1)?.references?.map((r) => r.pinpoint)).toEqual(['Art. 2']);
  });

  it('takes the caption above a run-in label as its title', async () => {
    const result = await ingest(await makeStatute('Act on Promoting Widgets', CAPTIONED_ACT), { origin: 'act.pdf', url: 'https://example.org/b', license: 'CC-BY-4.0' });
    expect(BODY(result.text)).toBe(
      [
        '# Act on Promoting Widgets',
        '## Article 1 (Purpose)',
        'This Act promotes the safe use of widgets.',
        '## Article 2 (Basic Principles)',
        'Widgets are to be made so that people can trust them; the State supports makers to that end.',
      ].join('\n\n') + '\n',
    );
  });

  it('leaves prose that opens a line on an Article and a bracket as text', async () => {
    const prose: Printed[][] = [
      [
        { t: 'Notes on the Widget Act', size: 14, b: true },
        { t: 'The Act is short. Its core rule is in Article 5.' },
        { t: 'Article 5 (Labels) is where makers look first; Article 7 (Fines) follows' },
        { t: 'later, and Article 9 (Review) closes the Act.' },
      ],
    ];
    const result = await ingest(await makeStatute('Notes on the Widget Act', prose), { origin: 'notes.pdf', url: 'https://example.org/n', license: 'CC-BY-4.0' });
    expect(BODY(result.text)).not.toMatch(/^#+ Article/m);
  });
});

// A bill as Congress prints one: a division, sections headed on lines of their own, subsections lettered before numbered.
const BILL: Printed[][] = [
  [
    { t: 'WIDGET SAFETY ACT', size: 14, b: true },
    { t: 'TITLE I—GENERAL PROVISIONS' },
    { t: 'SECTION 1. SHORT TITLE.' },
    { t: 'This Act may be cited as the "Widget Safety Act".' },
    { t: 'SEC. 2. DEFINITIONS.' },
    { t: 'In this Act:' },
    { t: '(1) MAKER.—The term "maker" means a person who builds widgets.' },
    { t: '(2) WIDGET.—The term "widget" means a small device sold to the' },
    { t: 'public.' },
  ],
  [
    { t: 'SEC. 3. DUTIES OF MAKERS.' },
    { t: '(a) IN GENERAL.—A maker, as defined in section 2, shall test each widget.' },
    { t: '(b) LABELS.—A maker shall label each widget with—' },
    { t: '(1) the name of the maker; and' },
    { t: '(2) the risks the tests found, as required under § 3(a).' },
  ],
];

/**
 * A bill as the Government Publishing Office prints one: titles centred, a table of contents listing the sections
 * before they are enacted, a section title in capitals that wraps to the next line, and a label in small capitals
 * that the text layer reads "SEC . 4.".
 */
const GPO_BILL: Printed[][] = [
  [
    { t: 'WIDGET SAFETY ACT', size: 14, b: true },
    { t: 'TITLE I', c: true },
    { t: 'GENERAL PROVISIONS', c: true },
    { t: 'SECTION 1. SHORT TITLE.' },
    { t: 'This Act may be cited as the "Widget Safety Act".' },
    { t: 'SEC. 2. TABLE OF CONTENTS.' },
    { t: 'The table of contents of this Act is as follows:' },
    { t: 'Sec. 1. Short title.' },
    { t: 'Sec. 2. Table of contents.' },
    { t: 'Sec. 3. Duties of makers of widgets and of the importers of widgets.' },
    { t: 'Sec. 4. Labels.' },
  ],
  [
    { t: 'TITLE II', c: true },
    { t: 'DUTIES', c: true },
    { t: 'SEC. 3. DUTIES OF MAKERS OF WIDGETS AND OF THE' },
    { t: 'IMPORTERS OF WIDGETS.' },
    { t: 'Section 5 of the Widget Act is amended by adding a test for each widget.' },
    { t: 'SEC . 4. LABELS.' },
    { t: 'A maker shall label each widget.' },
  ],
];

// An executive order's way: each section's title runs into its first sentence.
const ORDER: Printed[][] = [
  [
    { t: 'Executive Order on Safe Widgets', size: 14, b: true },
    { t: 'Section 1. Purpose. Widgets should be safe for the people who use them, and this' },
    { t: 'order sets out how.' },
    { t: 'Sec. 2. Policy. (a) Agencies shall buy only widgets tested under section 3(b).' },
    { t: '(b) Agencies shall report each unsafe widget within 30 days.' },
  ],
];

describe('ingest of acts numbered by sections (PDF)', () => {
  it('heads each section, keeps its subsections, and gives the chunker pinpoints and references', async () => {
    const result = await ingest(await makeStatute('Widget Safety Act', BILL), { origin: 'bill.pdf', url: 'https://example.org/bill', license: 'public-domain' });
    expect(BODY(result.text).split('\n').filter((line) => line.startsWith('#'))).toEqual(['# WIDGET SAFETY ACT', '# TITLE I—GENERAL PROVISIONS', '## SECTION 1. SHORT TITLE.', '## SEC. 2. DEFINITIONS.', '## SEC. 3. DUTIES OF MAKERS.']);
    expect(BODY(result.text)).toContain('(2) WIDGET.—The term "widget" means a small device sold to the public.');
    const chunks = compile([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]).corpus.chunks;
    expect(chunks.map((chunk) => chunk.pinpoint)).toEqual(['§ 1', '§ 2', '§ 3(a)-(b)']);
    expect(chunks.at(-1)?.url).toMatch(/#sec-3-a$/);
    // "§ 3(a)" is in the chunk itself, so only the definitions are a reference.
    expect(chunks.at(-1)?.references).toEqual([{ pinpoint: '§ 2', chunk: chunks[1]?.id }]);
  });

  it('drops the line numbers a bill prints in its margin', async () => {
    const plain = await ingest(await makeStatute('Widget Safety Act', BILL), { origin: 'bill.pdf', url: 'https://example.org/bill', license: 'public-domain' });
    const numbered = await ingest(await makeStatute('Widget Safety Act', BILL, { lineNumbers: true }), { origin: 'bill.pdf', url: 'https://example.org/bill', license: 'public-domain' });
    expect(BODY(numbered.text)).toBe(BODY(plain.text));
  });

  it('heads a bill\'s sections beside its centred titles, not its table of contents, and drops right-aligned line numbers', async () => {
    const options = { origin: 'gpo.pdf', url: 'https://example.org/gpo', license: 'public-domain' };
    const result = await ingest(await makeStatute('Widget Safety Act', GPO_BILL), options);
    expect(BODY(result.text).split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# WIDGET SAFETY ACT',
      '# TITLE I: GENERAL PROVISIONS',
      '## SECTION 1. SHORT TITLE.',
      '## SEC. 2. TABLE OF CONTENTS.',
      '# TITLE II: DUTIES',
      '## SEC. 3. DUTIES OF MAKERS OF WIDGETS AND OF THE IMPORTERS OF WIDGETS.',
      '## SEC. 4. LABELS.',
    ]);
    const numbered = await ingest(await makeStatute('Widget Safety Act', GPO_BILL, { lineNumbers: 'right' }), options);
    expect(BODY(numbered.text)).toBe(BODY(result.text));
  });

  it('splits a run-in section title from the section\'s first sentence', async () => {
    const result = await ingest(await makeStatute('Executive Order on Safe Widgets', ORDER), { origin: 'order.pdf', url: 'https://example.org/eo', license: 'public-domain' });
    expect(BODY(result.text)).toBe(
      [
        '# Executive Order on Safe Widgets',
        '## Section 1. Purpose.',
        'Widgets should be safe for the people who use them, and this order sets out how.',
        '## Sec. 2. Policy.',
        '(a) Agencies shall buy only widgets tested under section 3(b).',
        '(b) Agencies shall report each unsafe widget within 30 days.',
      ].join('\n\n') + '\n',
    );
  });

  it('reads a code\'s section numbers, "Sec. 551.001." or "6-1-1701.", in their order', async () => {
    const heads = async (title: string, lines: Printed[]) => {
      const result = await ingest(await makeStatute(title, [lines]), { origin: 'code.pdf', url: 'https://example.org/c', license: 'public-domain' });
      const chunks = compile([{ collection: 'sources', file: `sources/${result.id}.md`, text: result.text }]).corpus.chunks;
      return { headings: BODY(result.text).split('\n').filter((line) => line.startsWith('#')), chunks };
    };
    const texas = await heads('Widget Code', [
      { t: 'WIDGET CODE', size: 14, b: true },
      { t: 'Sec. 551.001. DEFINITIONS. In this chapter:' },
      { t: '(1) "Widget" means a small device.' },
      { t: 'Sec. 551.002. APPLICABILITY. This chapter applies to each maker.' },
    ]);
    expect(texas.headings).toEqual(['# WIDGET CODE', '## Sec. 551.001. DEFINITIONS.', '## Sec. 551.002. APPLICABILITY.']);
    expect(texas.chunks.map((chunk) => chunk.pinpoint)).toEqual(['§ 551.001', '§ 551.002']);
    const colorado = await heads('Widget Part', [
      { t: 'WIDGET PART', size: 14, b: true },
      { t: '6-1-1701. Definitions. As used in this part, a maker builds widgets.' },
      { t: '6-1-1702. Duties. A maker shall comply with section 6-1-1701.' },
    ]);
    expect(colorado.headings).toEqual(['# WIDGET PART', '## 6-1-1701. Definitions.', '## 6-1-1702. Duties.']);
    expect(colorado.chunks.map((chunk) => chunk.pinpoint)).toEqual(['§ 6-1-1701', '§ 6-1-1702']);
    expect(colorado.chunks.at(-1)?.references?.map((r) => r.pinpoint)).toEqual(['§ 6-1-1701']);
  });

  it('leaves a report\'s "Section 3: Methods" and a lone "Sec. 4." line as text', async () => {
    const report: Printed[][] = [
      [
        { t: 'Widget Study', size: 14, b: true },
        { t: 'Sec. 4. Results. This line stands alone, so it is not a section heading.' },
        { t: 'Section 3: Methods are described in the annex of the study.' },
      ],
    ];
    const result = await ingest(await makeStatute('Widget Study', report), { origin: 'study.pdf', url: 'https://example.org/s', license: 'CC-BY-4.0' });
    expect(BODY(result.text)).not.toMatch(/^## Sec/m);
  });
});
