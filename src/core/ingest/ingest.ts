import { buildCorpus } from '../corpus/corpus.js';
import { SLUG } from '../corpus/fields.js';
import { ContentError } from '../errors.js';
import { ACT_NUMBER, type Block, renderBlocks } from './blocks.js';
import { CELEX, looksLikeEurLex, readEurLexHtml, type EurLexDocument, type EurLexMeta } from './eurlex-html.js';
import { looksLikeTextOnly, readTextOnlyEurLex } from './eurlex-text-only.js';
import type { PdfMeta } from './pdf/index.js';

/**
 * Turns one official publication (EUR-Lex OJ HTML or a PDF with a text layer) into an OCC source file:
 * front-matter from the document's own statements (overridable), body in the heading layout of
 * content/README.md. Pure: bytes in, markdown out; reading and writing files is input.ts / output.ts.
 */
export interface IngestOptions {
  /** Where the bytes came from (file path or URL): named in every error and used for the fallback id. */
  origin: string;
  /** The http(s) URL the bytes were fetched from, if they were. */
  fetchedUrl?: string;
  id?: string;
  title?: string;
  license?: string;
  url?: string;
  publisher?: string;
  published?: string;
  retrieved?: string;
  language?: string;
  /** YYYY-MM-DD written as `as_of` (and as `retrieved` for a fetched URL); defaults to today. */
  today?: string;
}

export type IngestFormat = 'eurlex-html' | 'pdf';

export interface IngestResult {
  id: string;
  format: IngestFormat;
  /** The complete file: front-matter and body. */
  text: string;
  stats: { headings: number; paragraphs: number; items: number; pages?: number };
}

/** Bad input, said for the person who ran the command: "<file>: <what is wrong>". */
export class IngestError extends Error {
  constructor(readonly origin: string, reason: string, options?: ErrorOptions) {
    super(`${origin}: ${reason}`, options);
    this.name = 'IngestError';
  }
}

/** EUR-Lex's legal notice: reuse of its legal documents is authorised when the source is acknowledged. */
export const EURLEX_LICENSE = 'EUR-Lex reuse notice: reuse authorised provided the source is acknowledged (Commission Decision 2011/833/EU)';

const SUPPORTED = 'supported are EUR-Lex Official Journal HTML and PDF files with a text layer';

export async function ingest(data: Uint8Array, options: IngestOptions): Promise<IngestResult> {
  const { origin } = options;
  if (data.length === 0) throw new IngestError(origin, `is empty; ${SUPPORTED}`);
  const head = new TextDecoder('latin1').decode(data.subarray(0, 1024));
  if (/^\s*%PDF-/.test(head.replace(/^\uFEFF/, ''))) return fromPdf(data, options);
  const text = decodeHtml(data);
  if (/<(?:!doctype html|html|\?xml)[\s>]/i.test(text.slice(0, 4096))) {
    if (looksLikeEurLex(text)) return fromEurLex(readEurLexHtml(text), options);
    if (looksLikeTextOnly(text)) return fromEurLex(readTextOnlyEurLex(text), options);
    throw new IngestError(origin, `is HTML but not EUR-Lex Official Journal markup (no oj-ti-art, oj-doc-ti or eli-subdivision classes, no TexteOnly text); ${SUPPORTED}`);
  }
  const start = JSON.stringify(head.slice(0, 16));
  throw new IngestError(origin, `unknown format (starts with ${start}); ${SUPPORTED}`);
}

async function fromPdf(data: Uint8Array, options: IngestOptions): Promise<IngestResult> {
  const { origin } = options;
  // pdf.js is large; HTML ingests never load it.
  const { PdfProblem, readPdf } = await import('./pdf/index.js');
  let doc;
  try {
    doc = await readPdf(data);
  } catch (error) {
    if (error instanceof PdfProblem) throw new IngestError(origin, error.message, { cause: error });
    throw error;
  }
  if (!doc.blocks.some((b) => b.kind === 'heading')) {
    throw new IngestError(
      origin,
      'has no recognisable structure: no outline (bookmarks), no headings set larger than the body text and no numbered framework identifiers',
    );
  }
  const { meta } = doc;
  const license = options.license ?? licenseStated(doc.blocks);
  const front = {
    id: options.id ?? eliId(meta) ?? pdfId(meta, options.origin),
    title: options.title ?? meta.title,
    publisher: options.publisher ?? meta.author,
    url: options.url ?? (meta.doi ? `https://doi.org/${meta.doi}` : eliUrl(meta)) ?? options.fetchedUrl,
    license,
    published: options.published ?? meta.created,
    retrieved: options.retrieved ?? (options.fetchedUrl ? today(options) : undefined),
    language: options.language ?? meta.language,
    description: meta.subject ? firstSentences(meta.subject) : undefined,
    as_of: today(options),
  };
  return finish('pdf', front, doc.blocks, options, doc.pages, {
    title: 'the PDF has no Title in its metadata; pass --title',
    publisher: 'the PDF names no author or publisher in its metadata; pass --publisher',
    url: 'the PDF states no DOI or other canonical address; pass --url',
    license: 'the PDF states no licence or terms of use; pass --license with the terms the publisher gives',
  });
}

function fromEurLex({ blocks, meta }: EurLexDocument, options: IngestOptions): IngestResult {
  const { origin } = options;
  const structural = blocks.filter((b) => b.kind === 'heading').length;
  if (structural < 2 && !blocks.some((b) => b.kind === 'paragraph' && /^\(\d+\)\s/.test(b.text))) {
    throw new IngestError(origin, 'has no recognisable structure: no articles, chapters, annexes or numbered recitals in the EUR-Lex markup');
  }
  const consolidated = consolidatedDate(meta);
  // A Cellar response carries no EUR-Lex wrapper (no canonical link, no ELI or CELEX metadata): the act names itself.
  if (meta.eli === undefined && meta.celex === undefined && consolidated === undefined) {
    const eli = titleEli(meta.titleLine);
    if (eli !== undefined) meta.eli = eli;
  }
  const front = {
    id: options.id ?? (consolidated && meta.celex?.startsWith('0') ? celexId(meta) : undefined) ?? eliId(meta) ?? celexId(meta) ?? ojId(meta) ?? numberedTitleId(meta),
    title: options.title ?? (meta.titleLine && meta.shortTitle ? `${meta.titleLine} (${meta.shortTitle})` : meta.titleLine),
    // EUR-Lex's consolidated versions are the Publications Office's, not an Official Journal publication.
    publisher: options.publisher ?? meta.journal ?? (consolidated ? PUBLICATIONS_OFFICE : undefined),
    url: options.url ?? meta.canonical ?? eliUrl(meta) ?? celexUrl(meta) ?? options.fetchedUrl,
    license: options.license ?? EURLEX_LICENSE,
    published: options.published ?? dayMonthYear(meta.date) ?? meta.publishedIso,
    retrieved: options.retrieved ?? (options.fetchedUrl ? today(options) : undefined),
    version: consolidated ? `consolidated version of ${consolidated}` : [meta.journal, meta.series, meta.number, meta.date].filter(Boolean).join(', ') || undefined,
    ...versionOf(meta, consolidated, blocks),
    language: options.language ?? meta.language,
    description: meta.fullTitle,
    as_of: today(options),
  };
  return finish('eurlex-html', front, blocks, options, undefined, {
    id: 'the page states no ELI, OJ number or numbered title to derive an id from; pass --id',
    title: 'the page has no document title (oj-doc-ti); pass --title',
    publisher: 'the page has no Official Journal header; pass --publisher',
    url: 'the page states no canonical link or ELI; pass --url',
  });
}

/**
 * HTML in the encoding it declares (`<meta charset>`, `http-equiv` or the XML declaration; older EUR-Lex pages
 * may be windows-1252); UTF-8 when it declares none or one this runtime does not know.
 */
function decodeHtml(data: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(data.subarray(0, 4096));
  const declared = /<meta[^>]+charset=["']?([\w-]+)|<\?xml[^>]+encoding=["']([\w-]+)/i.exec(head);
  const label = (declared?.[1] ?? declared?.[2] ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(label).decode(data);
  } catch {
    return new TextDecoder('utf-8').decode(data);
  }
}

type Front = Record<string, string | undefined>;

/** Fills the id fallback, checks required fields, renders, and validates the file as the build would. */
function finish(
  format: IngestFormat,
  front: Front,
  blocks: Block[],
  options: IngestOptions,
  pages: number | undefined,
  missing: Record<string, string>,
): IngestResult {
  const { origin } = options;
  // An official publication is a primary text: it says so, as every source in content/ must.
  const fields: Front = { ...front, id: front['id'] ?? slugify(fileStem(origin)), kind: 'primary' };
  for (const field of ['id', 'title', 'publisher', 'url', 'license']) {
    if (!fields[field]) throw new IngestError(origin, missing[field] ?? `no ${field} could be derived; pass --${field}`);
  }
  const id = fields['id'] ?? '';
  if (!SLUG.test(id)) throw new IngestError(origin, `id "${id}" is not a slug (lowercase a-z, 0-9 and single hyphens); pass --id`);
  const text = `${frontMatter(fields)}\n${renderBlocks(blocks)}`;
  try {
    buildCorpus([{ collection: 'sources', file: `sources/${id}.md`, text }]);
  } catch (error) {
    if (error instanceof ContentError) {
      const problems = error.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
      throw new IngestError(origin, `the result would not pass content validation (${problems})`, { cause: error });
    }
    throw error;
  }
  const count = (kind: Block['kind']) => blocks.filter((b) => b.kind === kind).length;
  return {
    id,
    format,
    text,
    stats: { headings: count('heading'), paragraphs: count('paragraph'), items: count('item'), ...(pages ? { pages } : {}) },
  };
}

const ORDER = ['id', 'title', 'kind', 'publisher', 'url', 'license', 'published', 'retrieved', 'version', 'instrument', 'in_force_from', 'amended_by', 'language', 'description', 'as_of'];

/** YAML front-matter; strings are written as JSON strings, which YAML reads as double-quoted scalars. */
function frontMatter(fields: Front): string {
  const lines = ORDER.filter((key) => fields[key] !== undefined && fields[key] !== '').map((key) => {
    const value = fields[key] ?? '';
    // A list of ids is kept comma-joined in the front it is built from.
    if (key === 'amended_by') return `${key}: [${value.split(',').join(', ')}]`;
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${key}: ${value}` : `${key}: ${JSON.stringify(value)}`;
  });
  return `---\n${lines.join('\n')}\n---\n`;
}

/** An ELI's type, year, number and, for a consolidated version, the date of its state of the law. */
const ELI_PARTS = /\/eli\/([a-z_]+)\/(\d{4})\/(\d+[a-z]?)(?:\/(\d{4}-\d{2}-\d{2})(?![\d-]))?/i;

/**
 * `http://data.europa.eu/eli/reg/2024/1689/oj` gives `eu-reg-2024-1689`; language and `oj` tails are dropped. A
 * consolidated version's ELI keeps its date (`…/eli/dir/2002/58/2009-12-19` gives `eu-dir-2002-58-2009-12-19`), so
 * that it never takes the id of the act as published.
 */
function eliId(meta: { eli?: string | undefined }): string | undefined {
  const match = ELI_PARTS.exec(meta.eli ?? '');
  if (!match) return undefined;
  return slugify(`eu ${match[1]} ${match[2]} ${match[3]} ${match[4] ?? ''}`);
}

/**
 * Which instrument an EUR-Lex text is a version of, and from when its text is in force, from the document's own
 * statements: a consolidated version is the state of the law on its date (its CELEX or ELI), made by the amending
 * acts its header lists; an act as published is in force from the day its entry-into-force Article names.
 * Nothing when the document does not say.
 */
function versionOf(meta: EurLexMeta, consolidated: string | undefined, blocks: readonly Block[]): { instrument?: string; in_force_from?: string; amended_by?: string } {
  // A consolidated version's CELEX (`02024R1689-20260727`) and ELI (`…/2024/1689/2026-07-27`) without their date name the act.
  const actCelex = meta.celex?.replace(/^0/, '3').replace(/-\d{8}$/, '');
  const actEli = meta.eli?.replace(/\/\d{4}-\d{2}-\d{2}(?=\/|$).*$/, '');
  const instrument = consolidated
    ? ((actCelex === undefined ? undefined : celexId({ celex: actCelex })) ?? (actEli === undefined ? undefined : eliId({ eli: actEli })))
    : (eliId(meta) ?? celexId(meta));
  if (instrument === undefined) return {};
  if (consolidated) {
    const amendedBy = (meta.amendingTitles ?? []).map((title) => eliId({ eli: titleEli(title) })).filter((id): id is string => id !== undefined);
    return { instrument, in_force_from: consolidated, ...(amendedBy.length > 0 ? { amended_by: amendedBy.join(',') } : {}) };
  }
  const published = dayMonthYear(meta.date) ?? meta.publishedIso;
  const from = published === undefined ? undefined : entryIntoForce(blocks, published);
  return from === undefined ? {} : { instrument, in_force_from: from };
}

const ORDINAL_DAYS: Record<string, number> = {
  first: 1, third: 3, fifth: 5, seventh: 7, tenth: 10, fifteenth: 15, twentieth: 20, thirtieth: 30,
  premier: 1, troisième: 3, cinquième: 5, septième: 7, dixième: 10, quinzième: 15, vingtième: 20, trentième: 30,
};

/** The entry-into-force formula in the languages of the texts OCC ingests; group 1 is the ordinal day, if any. */
const ENTRY_INTO_FORCE = [
  /enter into force on the (?:(\p{L}+) )?day following (?:that of )?its publication/iu,
  /entre en vigueur le (?:(\p{L}+) )?jour suivant (?:celui de )?sa publication/iu,
];

/**
 * The day an act enters into force, as its Article on entry into force states it relative to publication ("on the
 * twentieth day following that of its publication", "le vingtième jour suivant celui de sa publication": published
 * + 20; "on the day following": + 1).
 */
export function entryIntoForce(blocks: readonly Pick<Block, 'text'>[], published: string): string | undefined {
  for (const block of blocks) {
    const match = ENTRY_INTO_FORCE.map((pattern) => pattern.exec(block.text)).find((m) => m !== null);
    if (!match) continue;
    const days = match[1] === undefined ? 1 : ORDINAL_DAYS[match[1].toLowerCase()];
    if (days === undefined) return undefined;
    const d = new Date(`${published}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  }
  return undefined;
}

/** The ELI's type for the word an act's title opens with, in the languages of the texts OCC ingests. */
const TITLE_TYPES: Record<string, string> = { regulation: 'reg', directive: 'dir', decision: 'dec', règlement: 'reg', décision: 'dec' };

/**
 * The ELI an act of the Union has by its own title line: "REGULATION (EU) 2022/2065 OF …" is
 * `http://data.europa.eu/eli/reg/2022/2065/oj`; "Regulation (EU) No 1025/2012" (number before year, as acts were
 * numbered until 2015) is `…/reg/2012/1025/oj`. Undefined for any other title.
 */
export function titleEli(titleLine: string | undefined): string | undefined {
  const match = /^(\p{L}+)\s+\((?:EU|UE|EU,\s*Euratom|UE,\s*Euratom|Euratom)\)\s+(?:(?:No|n°)\s*(\d{1,4})\/(\d{4})|(\d{4})\/(\d{1,4}))(?!\d)/iu.exec(titleLine ?? '');
  const type = match ? TITLE_TYPES[(match[1] ?? '').toLowerCase()] : undefined;
  if (!match || type === undefined) return undefined;
  const [year, number] = match[4] !== undefined ? [match[4], match[5]] : [match[3], match[2]];
  return `http://data.europa.eu/eli/${type}/${year}/${Number(number)}/oj`;
}

/** The act's ELI as an https address (the ELI itself is written with http). */
function eliUrl(meta: { eli?: string | undefined }): string | undefined {
  return meta.eli?.replace(/^http:/, 'https:');
}

const PUBLICATIONS_OFFICE = 'Publications Office of the European Union';

/** EUR-Lex's address of a document by its CELEX number, in the page's language. */
function celexUrl(meta: EurLexMeta): string | undefined {
  if (!meta.celex) return undefined;
  return `https://eur-lex.europa.eu/legal-content/${(meta.language ?? 'en').slice(0, 2).toUpperCase()}/TXT/?uri=CELEX:${meta.celex}`;
}

/** The ELI's type for CELEX's type letter (R regulation, L directive, D decision); others keep the letter. */
const CELEX_TYPES: Record<string, string> = { R: 'reg', L: 'dir', D: 'dec' };

/**
 * `32016R0679` gives `eu-reg-2016-679`, the id its ELI would give; a consolidated version `02016R0679-20160504`
 * gives `eu-reg-2016-679-2016-05-04`, so that it never takes the id of the act as published.
 */
function celexId(meta: EurLexMeta): string | undefined {
  const match = CELEX.exec(meta.celex ?? '');
  if (!match) return undefined;
  const [, , year = '', type = '', number = '', ...date] = match;
  return slugify(`eu ${CELEX_TYPES[type] ?? type} ${year} ${Number(number)} ${date.filter(Boolean).join(' ')}`);
}

/**
 * The date of the state of the law a consolidated version shows: in its CELEX number (`02016R0679-20160504`:
 * 2016-05-04) or its ELI (`…/eli/dir/2002/58/2009-12-19`), as older consolidated pages give only the act's CELEX.
 */
function consolidatedDate(meta: EurLexMeta): string | undefined {
  const match = CELEX.exec(meta.celex ?? '');
  if (match?.[1] === '0' && match[5]) return `${match[5]}-${match[6]}-${match[7]}`;
  return ELI_PARTS.exec(meta.eli ?? '')?.[4];
}

/** Without an ELI: the OJ number as printed in the header, e.g. series "L" and "2024/1689". */
function ojId(meta: EurLexMeta): string | undefined {
  const number = /(\d{4})\/(\d+)/.exec(meta.number ?? '');
  if (!number) return undefined;
  const series = /^([A-Z]{1,2})\b/.exec(meta.series ?? '')?.[1] ?? '';
  return slugify(`oj ${series} ${number[1]} ${number[2]}`);
}

/** Older OJ pages state no ELI: the title up to the act's number, e.g. `regulation-eu-2016-679`. */
function numberedTitleId(meta: EurLexMeta): string | undefined {
  const head = /^(.*?\d+\/\d+(?:\/[A-Z]+)?)/.exec(meta.titleLine ?? '')?.[1];
  return head ? slugify(head) : undefined;
}

/** A title up to the act's number: "REGULATION (EU) 2022/1925" of "REGULATION (EU) 2022/1925 OF THE …". */
const NUMBERED_TITLE = new RegExp(String.raw`^(.{0,120}?${ACT_NUMBER})`);

/**
 * A DOI's suffix names the report (`10.6028/NIST.AI.100-1` gives `nist-ai-100-1`); an act's title up to its number
 * names the act (`regulation-eu-2022-2065`); else the title.
 */
function pdfId(meta: PdfMeta, origin: string): string | undefined {
  const suffix = meta.doi?.split('/').slice(1).join('-');
  const fromDoi = suffix ? slugify(suffix) : '';
  if (fromDoi) return fromDoi;
  const numbered = NUMBERED_TITLE.exec(meta.title ?? '')?.[1];
  if (numbered) return slugify(numbered);
  const slug = meta.title ? slugify(meta.title) : '';
  const fromTitle = slug.length > 60 ? slug.slice(0, 61).replace(/-[^-]*$/, '') : slug;
  return fromTitle || slugify(fileStem(origin)) || undefined;
}

/** A licence the document states itself: a Creative Commons licence or a public-domain statement. */
function licenseStated(blocks: Block[]): string | undefined {
  const text = blocks.map((b) => b.text).join(' ');
  const cc = /\bCC[ -]?(BY(?:[ -](?:NC|SA|ND))*)[ -](\d\.\d)\b/i.exec(text);
  if (cc?.[1] && cc[2]) return `CC-${cc[1].toUpperCase().replace(/ /g, '-')}-${cc[2]}`;
  if (/\b(?:is|are|in|into) (?:the )?public domain\b/i.test(text)) return 'Public domain (as stated in the document)';
  return undefined;
}

function dayMonthYear(date: string | undefined): string | undefined {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(date ?? '');
  if (!match) return undefined;
  return `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`;
}

function firstSentences(text: string, max = 300): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = cut.lastIndexOf('. ');
  return end > 40 ? cut.slice(0, end + 1) : `${cut.replace(/\s+\S*$/, '')}…`;
}

function today(options: IngestOptions): string {
  return options.today ?? new Date().toISOString().slice(0, 10);
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function fileStem(origin: string): string {
  const last = origin.replace(/[?#].*$/, '').split(/[\\/]/).filter(Boolean).pop() ?? origin;
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // a malformed %-escape: keep the name as it is
  }
  return name.replace(/\.[a-z0-9]{2,5}$/i, '');
}
