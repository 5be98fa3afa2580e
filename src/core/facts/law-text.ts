/**
 * Where a facts pinpoint stands in the indexed law: the provision of an instrument's version in force on a day
 * (English where the instrument has it), or why there is none.
 */
import { provisionInForce, textLanguage } from '../law/lookup.js';
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
  const found = provisionInForce(law, provisions, { instrument, anchor, date });
  if (found !== undefined) return { status: 'found', ...found, anchor };
  return { status: 'missing', version: law.versionOn(instrument, date, textLanguage(versions)), anchor };
}
