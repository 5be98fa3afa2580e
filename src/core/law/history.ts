/**
 * A provision's history: one entry per version of its instrument in which it stands or from which it was
 * deleted, with what changed against the version before (word by word, with the `diff` package).
 */
import { diffWords } from 'diff';
import type { Provision } from './provisions.js';
import type { Version } from './versions.js';

export type ProvisionChange = 'inserted' | 'amended' | 'deleted' | 'unchanged';

export interface DiffPart {
  op: 'equal' | 'insert' | 'delete';
  text: string;
}

export interface HistoryEntry {
  version: Version;
  /** `inserted` for the version it first stands in (the act as published, or the amendment that added it). */
  change: ProvisionChange;
  /** Its text in this version; null once deleted. */
  text: string | null;
  /** Word-level changes against the previous version's text; null when there is nothing to compare. */
  diff: DiffPart[] | null;
}

/** The history of the provision at `anchor` over `versions` (oldest first); `provisionsIn` gives a version's provisions. */
export function provisionHistory(versions: readonly Version[], provisionsIn: (source: string) => ReadonlyMap<string, Provision> | undefined, anchor: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  let previous: Provision | undefined;
  for (const version of versions) {
    const current = provisionsIn(version.source)?.get(anchor);
    if (current === undefined && previous === undefined) continue;
    if (current === undefined && previous !== undefined) {
      entries.push({ version, change: 'deleted', text: null, diff: [{ op: 'delete', text: previous.text }] });
    } else if (current !== undefined && previous === undefined) {
      entries.push({ version, change: 'inserted', text: current.text, diff: null });
    } else if (current !== undefined && previous !== undefined) {
      const same = sameText(current.text, previous.text);
      entries.push({ version, change: same ? 'unchanged' : 'amended', text: current.text, diff: same ? null : wordDiff(previous.text, current.text) });
    }
    previous = current;
  }
  return entries;
}

/** Whether two texts of a provision say the same: typographic differences between two publications are no amendment. */
export function sameText(a: string, b: string): boolean {
  const normalise = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
  return normalise(a) === normalise(b);
}

function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => ({ op: part.added ? 'insert' : part.removed ? 'delete' : 'equal', text: part.value }));
}
