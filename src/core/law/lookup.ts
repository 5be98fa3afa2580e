/**
 * A provision of an instrument on a date, or why there is none: the instrument or language is not indexed, the
 * provision is not in the text on that date (with the dates it is), or it stands in no version at all (with the
 * nearest addresses that do).
 */
import { provisionHistory, type HistoryEntry } from './history.js';
import type { Provision } from './provisions.js';
import type { LawVersions, Version } from './versions.js';

export type Lookup =
  | { found: true; version: Version; provision: Provision; history: HistoryEntry[]; versions: Version[] }
  | { found: false; reason: 'instrument'; instruments: string[] }
  | { found: false; reason: 'language'; languages: string[] }
  | { found: false; reason: 'date'; history: HistoryEntry[]; versions: Version[] }
  | { found: false; reason: 'anchor'; nearest: string[] };

type ProvisionsBySource = ReadonlyMap<string, ReadonlyMap<string, Provision>>;

export interface ProvisionRequest {
  instrument: string;
  anchor: string;
  date: string;
  language?: string | undefined;
}

/** The language an instrument is read in: the one asked for, else English where it has English, else its first. */
export function textLanguage(versions: readonly Version[], asked?: string): string | undefined {
  const languages = [...new Set(versions.map((v) => v.language))].sort();
  return asked ?? (languages.includes('en') ? 'en' : languages[0]);
}

/**
 * The provision in the text in force on the date, when it stands there: the answer most callers need, without the
 * history (word diffs of every version) that lookUpProvision builds to say when it stands otherwise.
 */
export function provisionInForce(law: LawVersions, provisions: ProvisionsBySource, request: ProvisionRequest): { version: Version; provision: Provision } | undefined {
  const version = law.versionOn(request.instrument, request.date, textLanguage(law.versionsOf(request.instrument), request.language));
  const provision = version === undefined ? undefined : provisions.get(version.source)?.get(request.anchor);
  return version === undefined || provision === undefined ? undefined : { version, provision };
}

export function lookUpProvision(law: LawVersions, provisions: ProvisionsBySource, request: ProvisionRequest): Lookup {
  const all = law.versionsOf(request.instrument);
  if (all.length === 0) return { found: false, reason: 'instrument', instruments: law.instruments() };
  const language = textLanguage(all, request.language);
  const languages = [...new Set(all.map((v) => v.language))].sort();
  const versions = all.filter((v) => v.language === language);
  if (versions.length === 0) return { found: false, reason: 'language', languages };
  const history = provisionHistory(versions, (source) => provisions.get(source), request.anchor);
  if (history.length === 0) return { found: false, reason: 'anchor', nearest: nearestAnchors(versions.flatMap((v) => [...(provisions.get(v.source)?.keys() ?? [])]), request.anchor) };
  const version = versions.find((v) => law.inForce(v.source, request.date));
  const provision = version === undefined ? undefined : provisions.get(version.source)?.get(request.anchor);
  if (version === undefined || provision === undefined) return { found: false, reason: 'date', history, versions };
  return { found: true, version, provision, history, versions };
}

/** The addresses sharing the longest start with the one asked for ("art-5-1-z" → art-5-1-a, art-5-1-b, …), at most five. */
function nearestAnchors(anchors: readonly string[], wanted: string): string[] {
  const unique = [...new Set(anchors)];
  const parts = wanted.split('-');
  for (let n = parts.length - 1; n > 0; n--) {
    const stem = `${parts.slice(0, n).join('-')}-`;
    const near = unique.filter((a) => a.startsWith(stem) || a === stem.slice(0, -1));
    if (near.length > 0) return near.slice(0, 5);
  }
  return [];
}
