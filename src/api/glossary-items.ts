import type { GlossaryItem } from './types.js';
import { glossaryAnchor } from '../core/site-urls.js';
import type { GlossaryEntry } from '../core/types.js';

/** Glossary entries as the API returns them, each with its anchor on the glossary page. */
export function glossaryItems(entries: readonly GlossaryEntry[]): GlossaryItem[] {
  return entries.map((entry) => ({ ...entry, url: glossaryAnchor(entry.id) }));
}
