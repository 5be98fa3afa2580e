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
