import { parsePinpoint, within } from '../legal/address.js';
import type { Section } from '../chunking/sections.js';

/**
 * The splits of the legal question sets (tests/fixtures/queries/legal.jsonl), in the order they were written:
 * dev for tuning, then held-out sets; holdout3 to holdout14 were written blind (docs/ranking.md says which were read).
 */
export const LEGAL_SPLITS = ['dev', 'holdout', 'holdout2', 'holdout3', 'holdout4', 'holdout5', 'holdout6', 'holdout7', 'holdout8', 'holdout9', 'holdout10', 'holdout11', 'holdout12', 'holdout13', 'holdout14'] as const;

/** The splits written blind and read in aggregate while tuning; docs/ranking.md names the few questions a round read. */
export const BLIND_SPLITS: readonly string[] = ['holdout4', 'holdout5', 'holdout6', 'holdout7', 'holdout9', 'holdout12', 'holdout14'];

/** Length of the opening of a line that identifies it in any chunk, however the chunker cut around it. */
const NEEDLE = 80;

/**
 * The openings of the lines a pinpoint covers ("Art. 5(1)(f)": the line of point (f); "Art. 113": every line of
 * the Article), read from the source's own structure. Judging a chunk by the lines it holds, not by its own
 * pinpoint, scores any chunker alike: ours and the naive baseline. Undefined when the pinpoint names nothing.
 */
export function pinpointNeedles(sections: readonly Section[], pinpoint: string): string[] | undefined {
  const wanted = parsePinpoint(pinpoint);
  if (wanted === undefined) return undefined;
  const needles: string[] = [];
  for (const section of sections) {
    const wholeSection = section.address !== undefined && within(section.address, wanted);
    section.blocks.forEach((lines, i) => {
      const address = section.marks[i]?.address;
      if (wholeSection || (address !== undefined && within(address, wanted))) {
        for (const line of lines) if (line.trim() !== '') needles.push(line.trim().slice(0, NEEDLE));
      }
    });
  }
  return needles.length === 0 ? undefined : needles;
}

export function holdsAny(text: string, needles: readonly string[]): boolean {
  return needles.some((needle) => text.includes(needle));
}
