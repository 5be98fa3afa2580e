import { createHash } from 'node:crypto';
import { sectionUrl } from '../site-urls.js';
import type { Chunk } from '../types.js';
import { addressKey, formatPinpoint, formatRange, type Address } from '../legal/address.js';
import type { Section } from './sections.js';

/** Chunk size bounds in words. Sections shorter than `min` stay one (short) chunk: chunks never cross sections. */
export interface ChunkSizes {
  /** A chunk is closed once it reaches the section's even share of words and at least this many. Default 120. */
  min: number;
  /** No chunk exceeds this many words. Default 350. */
  max: number;
}

export const DEFAULT_CHUNK_SIZES: ChunkSizes = { min: 120, max: 350 };

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/**
 * Cuts each section into chunks of roughly even size within the bounds: at block (paragraph, list item,
 * table row) boundaries first, inside an over-long block at sentence boundaries, and inside an over-long
 * sentence at word boundaries.
 */
export function chunkSections(sourceId: string, sections: readonly Section[], sizes = DEFAULT_CHUNK_SIZES): Chunk[] {
  const chunks: Chunk[] = [];
  const seenIds = new Map<string, number>();
  const push = (section: Section, text: string, pinpoint: string | undefined, anchor: string) => {
    const chunk: Chunk = {
      id: stableId(sourceId, section.path, text, seenIds),
      source: sourceId,
      heading: section.heading,
      path: section.path,
      text,
      position: chunks.length,
      url: sectionUrl(sourceId, anchor),
    };
    if (pinpoint !== undefined) chunk.pinpoint = pinpoint;
    chunks.push(chunk);
  };
  for (const section of sections) {
    const sectionPinpoint = section.address === undefined ? undefined : formatPinpoint(section.address);
    if (section.marks.some((mark) => mark.address !== undefined)) {
      for (const piece of legalPieces(section, sizes)) {
        const first = piece.units.find((u) => u.address !== undefined)?.address;
        const last = piece.units.findLast((u) => u.address !== undefined)?.address;
        const pinpoint = first === undefined || last === undefined ? sectionPinpoint : formatRange(first, last);
        const anchor = piece.units.find((u) => u.anchor !== undefined)?.anchor ?? section.anchor;
        const lines = [...piece.lead, ...piece.units.flatMap((u) => u.lines)];
        for (const text of pack(lines.flatMap((line) => splitUnit(line, sizes.max)), sizes)) push(section, text, pinpoint, anchor);
      }
      continue;
    }
    const units = section.blocks.flatMap((lines) => lines.flatMap((line) => splitUnit(line, sizes.max)));
    for (const text of pack(units, sizes)) push(section, text, sectionPinpoint, section.anchor);
  }
  return chunks;
}

/** A legal element's own lines: a paragraph, a point, a recital, a framework item, with what continues it. */
interface LegalUnit {
  address: Address | undefined;
  key: string[];
  lines: string[];
  anchor: string | undefined;
}

/** Lines that open a piece's elements, repeated so a point never leaves its lead-in ("shall be prohibited:"). */
interface LegalPiece {
  lead: string[];
  units: LegalUnit[];
}

const SEP = '\u001f';

/**
 * Cuts a section with legal structure along it: an element that fits in `max` words stays whole; a larger one
 * is split into its children (paragraphs, then points, then sub-points), each carrying the text that leads into
 * them; then small neighbours within one Article (or Annex) are packed up to `min` words.
 */
function legalPieces(section: Section, sizes: ChunkSizes): LegalPiece[] {
  const units: LegalUnit[] = [];
  section.blocks.forEach((lines, i) => {
    const mark = section.marks[i];
    const address = mark?.address;
    const key = address === undefined ? [] : addressKey(address);
    const previous = units.at(-1);
    if (previous !== undefined && !mark?.opens && previous.key.join(SEP) === key.join(SEP)) previous.lines.push(...lines);
    else units.push({ address, key, lines: [...lines], anchor: mark?.anchor });
  });
  const pieces = split(units, 1, [], sizes.max);
  const merged: LegalPiece[] = [];
  for (const piece of pieces) {
    const previous = merged.at(-1);
    const sameElement = (a: LegalUnit | undefined, b: LegalUnit | undefined) =>
      a !== undefined && b !== undefined && a.key.length > 2 && a.key.slice(0, 2).join(SEP) === b.key.slice(0, 2).join(SEP);
    if (
      previous !== undefined &&
      previous.lead.join('\n') === piece.lead.join('\n') &&
      sameElement(previous.units[0], piece.units[0]) &&
      words(previous) + words(piece) - wordCount(piece.lead.join(' ')) <= sizes.min
    ) {
      previous.units.push(...piece.units);
    } else merged.push({ lead: piece.lead, units: [...piece.units] });
  }
  return merged;
}

function words(piece: LegalPiece): number {
  return wordCount([...piece.lead, ...piece.units.flatMap((u) => u.lines)].join(' '));
}

function split(units: readonly LegalUnit[], depth: number, lead: string[], max: number): LegalPiece[] {
  const groups: LegalUnit[][] = [];
  for (const unit of units) {
    const last = groups.at(-1);
    const prefix = (u: LegalUnit) => u.key.slice(0, depth + 1).join(SEP);
    if (last?.[0] !== undefined && prefix(last[0]) === prefix(unit)) last.push(unit);
    else groups.push([unit]);
  }
  const pieces: LegalPiece[] = [];
  for (const group of groups) {
    const firstChild = group.findIndex((u) => u.key.length > depth + 1);
    if (firstChild === -1 || words({ lead, units: group }) <= max) {
      pieces.push({ lead, units: group });
      continue;
    }
    const head = group.slice(0, firstChild);
    pieces.push(...split(group.slice(firstChild), depth + 1, [...lead, ...head.flatMap((u) => u.lines)], max));
  }
  return pieces;
}

/** Greedy packing towards an even share, so a section of 400 words gives two of 200, not 350 and 50. */
function pack(units: readonly string[], sizes: ChunkSizes): string[] {
  const total = units.reduce((sum, unit) => sum + wordCount(unit), 0);
  if (total === 0) return [];
  const target = Math.max(sizes.min, total / Math.ceil(total / sizes.max));
  const chunks: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const unit of units) {
    const n = wordCount(unit);
    if (current.length > 0 && (words + n > sizes.max || words >= target)) {
      chunks.push(current.join('\n'));
      current = [];
      words = 0;
    }
    current.push(unit);
    words += n;
  }
  if (current.length > 0) chunks.push(current.join('\n'));
  return chunks;
}

/**
 * Splits one line longer than `max` words into sentences; a sentence still too long (legal enumerations run
 * on for pages) at clause punctuation; and a clause still too long into even runs of words.
 */
function splitUnit(line: string, max: number): string[] {
  if (wordCount(line) <= max) return [line];
  const pieces: string[] = [];
  for (const { segment } of sentenceSegmenter.segment(line)) {
    for (const clause of wordCount(segment) > max ? segment.split(/(?<=[;:,])\s+/) : [segment]) {
      const words = clause.trim().split(/\s+/).filter((w) => w !== '');
      const parts = Math.ceil(words.length / max);
      const size = Math.ceil(words.length / parts);
      for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(' '));
    }
  }
  // Sentences are re-joined into runs of up to `max` words so one long paragraph does not become many tiny units.
  const runs: string[] = [];
  let run = '';
  for (const piece of pieces) {
    if (run !== '' && wordCount(run) + wordCount(piece) > max) {
      runs.push(run);
      run = piece;
    } else run = run === '' ? piece : `${run} ${piece}`;
  }
  if (run !== '') runs.push(run);
  return runs;
}

/** Content-addressed, so an edit elsewhere in the source leaves this chunk's id alone. */
function stableId(sourceId: string, path: readonly string[], text: string, seen: Map<string, number>): string {
  const digest = createHash('sha256').update(`${path.join('\u001f')}\u001e${text}`).digest('hex').slice(0, 12);
  const base = `${sourceId}:${digest}`;
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}
