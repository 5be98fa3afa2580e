import type { Chunk, ChunkReference } from '../types.js';
import { formatPinpoint, parsePinpoint, pinpointSpan, spanMeets, type Address } from './legal.js';

/** "Article 27", "Article 5(1)(f)", "Articles 16" (the first of a list), "Annex III". */
export const MENTION = /\b(?:Articles?\s+(\d+[a-z]?)((?:\(\w{1,4}\))*)|Annex\s+([IVXLC]+)\b)/g;
/** A mention followed by another instrument's name belongs to that instrument: "Article 9 of Regulation (EU) 2016/679". */
const ELSEWHERE = /^\s*(?:,\s*)?(?:of|in|under)\s+(?:Regulation|Directive|Decision|the\s+Treaty|the\s+Charter|that\s+(?:Regulation|Directive|Decision)|Council|Commission|Implementing|Delegated|the\s+Convention|TFEU|TEU)|^\s*(?:TFEU|TEU|GDPR)\b/;
/** An instrument's name just before the mention: "GDPR Article 22". */
const NAMED_BEFORE = /\b(?:GDPR|TFEU|TEU|DSA|DMA)\s*$/;
/** Articles that amend other acts quote those acts' Articles. */
export const AMENDING = /^Article \d+\w*: Amendments? to /i;

/**
 * Resolves the provisions a chunk of a structured source mentions to the chunks of the same source that hold
 * them, and lists them on the chunk as `references`. A mention that names another instrument, or that sits in an
 * Article amending another act, or that the source does not hold, stays text: nothing is guessed. Our
 * explainers are not resolved: which act their bare "Article 5" means is not written in a form read here.
 */
export function resolveReferences(chunks: Chunk[]): void {
  const bySource = new Map<string, { chunk: Chunk; span: { from: Address; to: Address } }[]>();
  for (const chunk of chunks) {
    const span = chunk.pinpoint === undefined ? undefined : pinpointSpan(chunk.pinpoint);
    if (span === undefined || span.from.kind === 'section' || span.from.kind === 'framework') continue;
    bySource.set(chunk.source, [...(bySource.get(chunk.source) ?? []), { chunk, span }]);
  }
  for (const chunk of chunks) {
    const own = bySource.get(chunk.source);
    if (own === undefined || chunk.path.some((heading) => AMENDING.test(heading))) continue;
    const references = new Map<string, ChunkReference>();
    for (const match of chunk.text.matchAll(MENTION)) {
      const wanted = mentioned(chunk.text, match);
      if (wanted === undefined) continue;
      const target = own.find(({ span }) => spanMeets(span, wanted));
      const pinpoint = formatPinpoint(wanted);
      if (target !== undefined && target.chunk.id !== chunk.id && !references.has(pinpoint)) references.set(pinpoint, { pinpoint, chunk: target.chunk.id });
    }
    if (references.size > 0) chunk.references = [...references.values()];
  }
}

/** The provision a mention names in its own instrument; undefined when the text ties it to another one. */
export function mentioned(text: string, match: RegExpExecArray | RegExpMatchArray): Address | undefined {
  const at = match.index ?? 0;
  const after = text.slice(at + match[0].length, at + match[0].length + 60);
  if (ELSEWHERE.test(after) || NAMED_BEFORE.test(text.slice(0, at))) return undefined;
  return parsePinpoint(match[3] === undefined ? `Art. ${match[1] ?? ''}${match[2] ?? ''}` : `Annex ${match[3]}`);
}
