/**
 * Where a facts pinpoint stands in the indexed law: the provision of an instrument's version in force on a day
 * (English where the instrument has it), or why there is none.
 */
import type { Provision } from '../law/provisions.js';
import type { LawVersions, Version } from '../law/versions.js';
import { parsePinpoint, pinpointAnchor } from '../legal/address.js';

export type ProvisionsBySource = ReadonlyMap<string, ReadonlyMap<string, Provision>>;

export type InText =
  | { status: 'found'; version: Version; provision: Provision; anchor: string }
  /** No text of the instrument is indexed: the facts are served unchecked, with their evidence. */
  | { status: 'not-indexed' }
  /** The instrument is indexed but the provision is not in its text on that day. */
  | { status: 'missing'; version: Version | undefined; anchor: string };

export function anchorOf(pinpoint: string): string {
  const address = parsePinpoint(pinpoint);
  if (address === undefined) throw new Error(`not a pinpoint: ${pinpoint}`);
  return pinpointAnchor(address);
}

export function provisionOn(law: LawVersions, provisions: ProvisionsBySource, instrument: string, pinpoint: string, date: string): InText {
  const versions = law.versionsOf(instrument);
  if (versions.length === 0) return { status: 'not-indexed' };
  const anchor = anchorOf(pinpoint);
  // A direct look-up, not lookUpProvision: that one builds the provision's history, which answers here do not need.
  const language = versions.some((v) => v.language === 'en') ? 'en' : versions[0]?.language;
  const version = law.versionOn(instrument, date, language);
  const provision = version === undefined ? undefined : provisions.get(version.source)?.get(anchor);
  if (version !== undefined && provision !== undefined) return { status: 'found', version, provision, anchor };
  return { status: 'missing', version, anchor };
}
