/** Pieces of the text renderings the MCP tools give a model beside the structured answer. */
import type { Service } from './service.js';
import { LICENSE } from './limits.js';

export const credit = (answer: { attribution: string }) => `\n\nLicense ${LICENSE}; credit: ${answer.attribution}`;
export const where = (path: readonly string[]) => (path.length > 0 ? ` — ${path.join(' › ')}` : '');
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const checked = (entry: { as_of?: string | undefined }) => (entry.as_of ? ` (checked ${entry.as_of})` : '');

/**
 * What the running instance holds, for tool descriptions: they promise pinpoints ("Art. 5(1)(f)") and quotable law
 * only when official texts are indexed, and say that explainers are OCC's own words.
 */
export function holdings({ corpus }: Pick<Service, 'corpus'>): string {
  const primary = corpus.sources.filter((s) => s.meta.kind === 'primary');
  const explainers = corpus.sources.length - primary.length;
  const ours = `${plural(explainers, 'explainer')} written by OCC contributors (CC BY 4.0; each names the originals it explains)`;
  if (primary.length === 0) return `${ours}, cut into ${corpus.chunks.length} section-sized chunks; no official text is indexed, so no result is the law itself.`;
  const texts = primary.map((s) => s.meta.title).slice(0, 6).join('; ');
  return (
    `${plural(primary.length, 'official text')} (${texts}${primary.length > 6 ? '; …' : ''}), whose chunks carry pinpoints such as "Art. 5(1)(f)", ` +
    `and ${ours}, cut into ${corpus.chunks.length} section-sized chunks; each result says which kind it is.`
  );
}

/** A result's kind, as a model reading text sees it. */
export const kindLabel = (kind: 'primary' | 'explainer') => (kind === 'primary' ? 'official text' : 'OCC explainer');

/** The opening of a text on one line, cut at a word within `max` characters, "…" when cut. */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/** The filter and other phrasings of a search, as the head line of its rendering states them. */
export function scope(answer: { queries: readonly string[]; source: readonly string[] | null }): string {
  const also = answer.queries.length > 0 ? ` (also: ${answer.queries.map((q) => `"${q}"`).join('; ')})` : '';
  const within = answer.source === null ? '' : ` in ${answer.source.length === 1 ? 'source' : 'sources'} ${answer.source.join(', ')}`;
  return `${also}${within}`;
}

/** The notice of a search whose quoted phrases no chunk holds, so that its results are the words alone's, as a line for the model. */
export function phraseLine(notice: { phrases: readonly string[]; words_alone_total: number } | null): string {
  if (notice === null) return '';
  const quoted = notice.phrases.map((p) => `"${p}"`).join(', ');
  const alone =
    notice.words_alone_total > 0
      ? `what follows is what the same words find without the quote marks (${plural(notice.words_alone_total, 'chunk')})`
      : 'the words alone match nothing either';
  return `\nNo chunk holds the quoted ${notice.phrases.length === 1 ? 'phrase' : 'phrases'} ${quoted} as written; ${alone}.`;
}

interface Page {
  total: number;
  offset: number;
  next_offset: number | null;
  entries: readonly unknown[];
}

/** Which entries of a paged answer it holds, when it is not the whole list. */
export const pageLine = (page: Page): string =>
  page.entries.length === page.total ? '' : page.entries.length === 0 ? `; none from ${page.offset + 1}` : `; ${page.offset + 1} to ${page.offset + page.entries.length} here`;

/** The call that reads on, as a line, when there is a next page. */
export const nextPage = (page: Page): string[] => (page.next_offset === null ? [] : [`More: call again with offset ${page.next_offset}.`]);
