/**
 * The provisions of a primary text, each with its address: an Article, a paragraph, a point, a recital, an Annex
 * or one of its points, as the chunker reads them. A provision's text is every line that its address covers, so
 * `art-5` holds the whole Article and `art-5-1-f` one point. The address is the same in every version and every
 * language of an instrument ("Article premier" is Art. 1), which is what lets versions be compared provision by
 * provision.
 */
import { splitSections } from '../chunking/sections.js';
import { formatPinpoint, pinpointAnchor, within, type Address } from '../legal/address.js';
import type { LawVersions } from './versions.js';

export interface Provision {
  /** Its address in pinpoint URLs: `art-5-1-f`, `recital-44`, `annex-iii`. */
  anchor: string;
  /** As cited: "Art. 5(1)(f)". */
  pinpoint: string;
  text: string;
  /** Set on a recital carried into a consolidation: the source whose text holds it. */
  from?: string;
}

export function provisionsOf(markdown: string, title: string): Provision[] {
  const lines: { address: Address | undefined; section: Address | undefined; text: string }[] = [];
  const addresses = new Map<string, Address>();
  for (const section of splitSections(markdown, title).sections) {
    if (section.address) addresses.set(pinpointAnchor(section.address), section.address);
    section.blocks.forEach((block, i) => {
      const address = section.marks[i]?.address;
      if (address) addresses.set(pinpointAnchor(address), address);
      for (const line of block) if (line.trim() !== '') lines.push({ address, section: section.address, text: line.trim() });
    });
  }
  const provisions: Provision[] = [];
  for (const [anchor, address] of addresses) {
    const text = lines
      .filter((l) => (l.section !== undefined && within(l.section, address)) || (l.address !== undefined && within(l.address, address)))
      .map((l) => l.text)
      .join('\n');
    if (text !== '') provisions.push({ anchor, pinpoint: formatPinpoint(address), text });
  }
  return provisions;
}

/**
 * Each version's provisions by address. Consolidated texts leave the recitals out: a version holding none takes
 * those of the version before it, marked with the source that holds them, so a recital is not read as deleted.
 */
export function provisionsByVersion(law: LawVersions, table: ProvisionTable): Map<string, Map<string, Provision>> {
  const byVersion = new Map(Object.entries(table).map(([source, list]) => [source, new Map(list.map((p) => [p.anchor, p]))]));
  for (const instrument of law.instruments()) {
    let previous: Map<string, Provision> | undefined;
    let previousSource = '';
    for (const version of law.versionsOf(instrument)) {
      const own = byVersion.get(version.source);
      if (own === undefined) continue;
      const recitals = (map: Map<string, Provision>) => [...map.values()].filter((p) => p.anchor.startsWith('recital-'));
      if (previous !== undefined && recitals(own).length === 0 && law.versionOf(previousSource)?.language === version.language) {
        for (const r of recitals(previous)) own.set(r.anchor, { ...r, from: r.from ?? previousSource });
      }
      previous = own;
      previousSource = version.source;
    }
  }
  return byVersion;
}

/** The provisions of every versioned primary text, by source id: what `build/provisions.json` holds. */
export type ProvisionTable = Record<string, Provision[]>;

/** Where the build keeps the provision table beside the corpus. */
export const provisionsFile = 'provisions.json';

export function provisionTable(sources: readonly { meta: { id: string; title: string; instrument?: string | undefined }; body: string }[]): ProvisionTable {
  const table: ProvisionTable = {};
  for (const source of sources) if (source.meta.instrument !== undefined) table[source.meta.id] = provisionsOf(source.body, source.meta.title);
  return table;
}
