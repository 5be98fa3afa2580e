/**
 * Who wrote a source's text. A primary source is an official text under its publisher's terms; an explainer is
 * written by OCC contributors under CC BY 4.0 and names in `about` the originals it explains, each with its own
 * publisher and URL, so no client can take our summary for the law.
 */
import type { SourceMeta } from './types.js';

export const EXPLAINER_PUBLISHER = 'OCC contributors';
export const EXPLAINER_LICENSE = 'CC-BY-4.0';

/** The names of the instrument an explainer discusses, for resolving its bare mentions; undefined for a primary text. */
export function explainedNames(meta: Pick<SourceMeta, 'about'>): string[] | undefined {
  return meta.about?.find((o) => o.names !== undefined)?.names;
}

/** How a passage's source is named beside a citation: an official text and its publisher, or our explainer. */
export function provenanceLine(meta: Pick<SourceMeta, 'kind' | 'publisher' | 'about'>): string {
  if (meta.kind === 'primary') return `official text, ${meta.publisher}`;
  const about = meta.about?.map((o) => o.title).join('; ');
  return `explainer by ${meta.publisher}${about ? `, about ${about}` : ''}`;
}
