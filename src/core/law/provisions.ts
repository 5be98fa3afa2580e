/**
 * The provisions of a primary text, each with its address: an Article, a paragraph, a point, a recital, an Annex
 * or one of its points, as the chunker reads them. A provision's text is every line that its address covers, so
 * `art-5` holds the whole Article and `art-5-1-f` one point. The address is the same in every version and every
 * language of an instrument ("Article premier" is Art. 1), which is what lets versions be compared provision by
 * provision.
 */
import { splitSections } from '../chunking/sections.js';
import { formatPinpoint, pinpointAnchor, within, type Address } from '../legal/address.js';

export interface Provision {
  /** Its address in pinpoint URLs: `art-5-1-f`, `recital-44`, `anx-iii`. */
  anchor: string;
  /** As cited: "Art. 5(1)(f)". */
  pinpoint: string;
  text: string;
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

/** The provisions of every versioned primary text, by source id: what `build/provisions.json` holds. */
export type ProvisionTable = Record<string, Provision[]>;

/** Where the build keeps the provision table beside the corpus. */
export const provisionsFile = 'provisions.json';

export function provisionTable(sources: readonly { meta: { id: string; title: string; instrument?: string | undefined }; body: string }[]): ProvisionTable {
  const table: ProvisionTable = {};
  for (const source of sources) if (source.meta.instrument !== undefined) table[source.meta.id] = provisionsOf(source.body, source.meta.title);
  return table;
}
