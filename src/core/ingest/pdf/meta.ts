import { cleanText } from '../blocks.js';
import { LAYOUT } from './layout-params.js';
import type { Line } from './line.js';

/** What the document states about itself, from its information dictionary and its own text. */
export interface PdfMeta {
  title?: string;
  author?: string;
  subject?: string;
  /** YYYY-MM-DD: the Official Journal issue's date its header prints, else the PDF's creation date. */
  created?: string;
  language?: string;
  /** The first DOI the opening pages state, e.g. `10.6028/NIST.AI.100-1`. */
  doi?: string;
  /** The ELI an EU act states after its text ("ELI: http://data.europa.eu/eli/reg/2024/1689/oj"). */
  eli?: string;
}

/** Without a Title in the metadata: the largest type on the first page with text (a shadowed word set twice once). */
function coverTitle(lines: Line[]): string | undefined {
  const first = lines.find((line) => !line.drop)?.page;
  const cover = lines.filter((line) => line.page === first && !line.drop);
  const largest = Math.max(0, ...cover.map((line) => line.size));
  const text = cleanText(cover.filter((line) => line.size >= largest * LAYOUT.meta.coverTitle).map((line) => line.text).join(' '));
  return text.replace(/\b(.+?)(?: \1\b)+/g, '$1').slice(0, LAYOUT.meta.titleChars) || undefined;
}

/** The metadata, from the information dictionary where it is not a tool's or a placeholder, else from the text. */
export function readMeta(info: Record<string, unknown>, lines: Line[]): PdfMeta {
  const text = (key: string) => (typeof info[key] === 'string' ? cleanText(info[key] as string) : undefined);
  const meta: PdfMeta = {};
  // Authoring tools often write a file name here ("Microsoft Word - draft3.docx"), and some publishers their own
  // name as both Title and Author ("Publications Office"); neither is the title.
  const stated = text('Title');
  const title =
    (stated && !/^(?:Microsoft Word - |untitled$)|\.(?:docx?|odt|pdf|indd|tex|xml)$/i.test(stated) && stated !== text('Author') ? stated : undefined) ||
    lines.find((line) => !line.drop && line.heading === 1 && line.page <= LAYOUT.meta.titlePages)?.text ||
    coverTitle(lines);
  if (title) meta.title = title;
  // A postal address after the name ("… of the European Union L-2985 Luxembourg LUXEMBOURG") is not the publisher's name.
  const author = text('Author')?.replace(/\s+[A-Z]{1,2}-\d{4,5}\b.*$/, '');
  // Authoring tools often write their own name here, or a placeholder ("Unknown"); that is not a publisher.
  if (author && !/\b(?:docx|microsoft|word|latex|tex|acrobat|writer|pdf|user|admin|unknown|anonymous)\b/i.test(author)) meta.author = author;
  // A Subject of a word or three is a label ("I Legislative acts", the Journal's part), not a description.
  const subject = text('Subject');
  if (subject && subject.split(' ').length >= LAYOUT.meta.subjectWords) meta.subject = subject;
  const created = /^D:(\d{4})(\d{2})(\d{2})/.exec(text('CreationDate') ?? '');
  if (created) meta.created = `${created[1]}-${created[2]}-${created[3]}`;
  // The Official Journal's header on the act's first page ("27.10.2022 … L 277/1", or "L series … 18.11.2024")
  // dates the issue; the file is made days before.
  const header = lines.filter((line) => line.page === lines[0]?.page && line.y > (1 - LAYOUT.furniture.margin) * line.height).map((line) => line.text).join(' ');
  const issue = /\bL (?:\d+\/1\b|series\b)/.test(header) ? /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(header) : null;
  if (issue) meta.created = `${issue[3]}-${issue[2]?.padStart(2, '0')}-${issue[1]?.padStart(2, '0')}`;
  const language = text('Language');
  if (language && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(language)) meta.language = language.replace(/^([A-Za-z]+)/, (l) => l.toLowerCase());
  const opening = lines.filter((line) => line.page <= LAYOUT.meta.doiPages).map((line) => line.text).join(' ');
  const doi = /\b(?:doi\.org\/|doi:\s*)(10\.\d{4,9}\/[^\s"<>]+[^\s"<>.,;)])/i.exec(opening);
  if (doi?.[1]) meta.doi = doi[1];
  // The act's own ELI is printed after it; footnotes before it cite other acts' ELIs.
  const eli = lines.map((line) => /^ELI\s*:\s*(https?:\/\/data\.europa\.eu\/eli\/\S+)/.exec(line.text)?.[1]).filter(Boolean).pop();
  if (eli) meta.eli = eli.replace(/[.)]+$/, '');
  return meta;
}
