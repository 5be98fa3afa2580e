/**
 * Where a facts pinpoint stands in the indexed law: the provision of an instrument's version in force on a day
 * (English where the instrument has it), or why there is none.
 */
import { lookUpProvision } from '../law/lookup.js';
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
  if (law.versionsOf(instrument).length === 0) return { status: 'not-indexed' };
  const anchor = anchorOf(pinpoint);
  const found = lookUpProvision(law, provisions, { instrument, anchor, date });
  if (found.found) return { status: 'found', version: found.version, provision: found.provision, anchor };
  const languages = law.versionsOf(instrument).map((v) => v.language);
  return { status: 'missing', version: law.versionOn(instrument, date, languages.includes('en') ? 'en' : languages[0]), anchor };
}
