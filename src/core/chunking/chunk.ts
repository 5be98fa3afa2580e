import { createHash } from 'node:crypto';
import { sectionUrl } from '../site-urls.js';
import type { Chunk } from '../types.js';
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
  for (const section of sections) {
    const units = section.blocks.flatMap((lines) => lines.flatMap((line) => splitUnit(line, sizes.max)));
    for (const text of pack(units, sizes)) {
      chunks.push({
        id: stableId(sourceId, section.path, text, seenIds),
        source: sourceId,
        heading: section.heading,
        path: section.path,
        text,
        position: chunks.length,
        url: sectionUrl(sourceId, section.anchor),
      });
    }
  }
  return chunks;
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
