/**
 * How current the corpus is and what changed in it, from the `as_of` and `changelog` every entry carries.
 * Shared by /health, /changes, the Atom feed and the docs site's "What changed" page.
 */
import { glossaryAnchor, sourcePage, wisdomAnchor } from './site-urls.js';
import type { Currency, GlossaryEntry, SourceMeta, WisdomEntry, WorldEvent } from './types.js';

/** What changed: one of our entries, a provision of the indexed law (law/amendments.ts), or a date of the timeline (facts/changes.ts). */
export const ENTRY_KINDS = ['source', 'glossary', 'wisdom', 'law', 'timeline'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface Change {
  kind: EntryKind;
  id: string;
  title: string;
  /** YYYY-MM-DD of the change. */
  date: string;
  /** The changelog line. */
  note: string;
  /** The change in the world the line follows, with its own date, when there is one. */
  event: WorldEvent | null;
  /** Root-relative URL of the entry on the docs site. */
  url: string;
  /** The entry's own as_of. */
  as_of: string;
}

export interface DatedCorpus {
  sources: readonly { meta: SourceMeta }[];
  glossary: readonly GlossaryEntry[];
  wisdom: readonly WisdomEntry[];
}

interface Dated extends Currency {
  kind: EntryKind;
  id: string;
  title: string;
  url: string;
}

function entries(corpus: DatedCorpus): Dated[] {
  return [
    ...corpus.sources.map(({ meta }) => ({ ...meta, kind: 'source' as const, url: sourcePage(meta.id) })),
    ...corpus.glossary.map((g) => ({ ...g, kind: 'glossary' as const, title: g.term, url: glossaryAnchor(g.id) })),
    ...corpus.wisdom.map((w) => ({ ...w, kind: 'wisdom' as const, url: wisdomAnchor(w.id) })),
  ];
}

/** Every changelog line of every entry, newest first; ties by kind then id so pages are stable. */
export function allChanges(corpus: DatedCorpus): Change[] {
  const changes: Change[] = [];
  for (const e of entries(corpus)) {
    for (const { date, note, event } of e.changelog ?? []) {
      changes.push({ kind: e.kind, id: e.id, title: e.title, date, note, event: event ?? null, url: e.url, as_of: e.as_of });
    }
  }
  return changes.sort((a, b) => b.date.localeCompare(a.date) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
}

/** Change lines merged newest first, ties by kind then id, each list's own order kept (the sort is stable). */
export function newestFirst(changes: readonly Change[]): Change[] {
  return [...changes].sort((a, b) => b.date.localeCompare(a.date) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
}

/** Changes dated on or after `since` (YYYY-MM-DD). */
export function changesSince(changes: readonly Change[], since: string): Change[] {
  return changes.filter((c) => c.date >= since);
}

export interface CurrencyStats {
  /** Oldest and newest as_of over every entry; null for an empty corpus. */
  oldest: string | null;
  newest: string | null;
  /** Entries whose as_of is older than `maxAgeMonths` before `today`. */
  stale: number;
  max_age_months: number;
}

/** The date `months` calendar months before `today` (YYYY-MM-DD), clamped to the month's last day. */
export function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export function currencyStats(corpus: DatedCorpus, today: string, maxAgeMonths: number): CurrencyStats {
  const cutoff = monthsBefore(today, maxAgeMonths);
  let oldest: string | null = null;
  let newest: string | null = null;
  let stale = 0;
  // /health calls this on every request: read the dates alone, without building each entry's URL.
  const dates = [...corpus.sources.map((s) => s.meta.as_of), ...corpus.glossary.map((g) => g.as_of), ...corpus.wisdom.map((w) => w.as_of)];
  for (const as_of of dates) {
    if (oldest === null || as_of < oldest) oldest = as_of;
    if (newest === null || as_of > newest) newest = as_of;
    if (as_of < cutoff) stale++;
  }
  return { oldest, newest, stale, max_age_months: maxAgeMonths };
}
