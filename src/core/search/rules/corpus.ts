import type lunr from 'lunr';
import type { ChunkStore } from '../../corpus/chunk-store.js';
import { pinpointSpan, type Address } from '../../legal/address.js';
import { articleHeadingTitle, statuteTitle } from '../../legal/headings.js';
import type { Postings } from '../postings.js';

export type Span = { from: Address; to: Address };

/**
 * What the ranking rules and the engine read of the corpus: the chunks, their postings and the query pipeline,
 * and each chunk's pinpoint span, parsed once for all of them.
 */
export class RuleCorpus {
  /** Per chunk number, where its pinpoint begins and ends in its instrument; undefined without one. */
  readonly spans: readonly (Span | undefined)[];

  constructor(
    readonly chunks: ChunkStore,
    readonly postings: Postings,
    readonly pipeline: lunr.Pipeline,
  ) {
    this.spans = Array.from({ length: chunks.length }, (_, n) => {
      const pinpoint = chunks.pinpointAt(n);
      return pinpoint === undefined ? undefined : pinpointSpan(pinpoint);
    });
  }

  /** The framework families of the corpus's items ("GOVERN", "MAP"), in the order first met. */
  families(): string[] {
    const families = new Set<string>();
    for (const span of this.spans) if (span?.from.kind === 'framework') families.add(familyOf(span.from.id));
    return [...families];
  }

  /** Where a structured chunk begins in its instrument ("Art. 5(1)(e)-(g)": Article 5, paragraph 1, point e), with its number. */
  startOf(ref: string): { n: number; from: Address } | undefined {
    const n = this.chunks.numberOf(ref);
    const pinpoint = n === undefined ? undefined : this.chunks.pinpointAt(n);
    const from = pinpoint === undefined ? undefined : pinpointSpan(pinpoint)?.from;
    return n === undefined || from === undefined ? undefined : { n, from };
  }

  /**
   * The title of the Article, or statute section, a chunk holds part of ("Quality management system",
   * "DEFINITIONS"); undefined for any other chunk.
   */
  articleTitle(ref: string): string | undefined {
    const start = this.startOf(ref);
    const kind = start?.from.kind;
    if (start === undefined || (kind !== 'article' && kind !== 'statute')) return undefined;
    const path = this.chunks.at(start.n)?.path ?? [];
    if (kind === 'statute') return path.map(statuteTitle).find((title) => title !== undefined);
    return path.map(articleHeadingTitle).find((title) => title !== undefined);
  }
}

/** A framework item's family: the capitals its identifier opens with ("MAP" of MAP 1.5, "GV" of GV.OC-01). */
export function familyOf(id: string): string {
  return /^[A-Z]{2,}/.exec(id)?.[0] ?? id;
}

/** The names a legal text defines: "‘provider’ means", "\"deployer\" means". */
const DEFINED_NAME = /[‘"“«]([^‘’"“”«»\n]{1,100})[’"”»]\s+means\b/g;
/** The names a French legal text defines: a point opening on the name in guillemets and a comma, "«déployeur», une personne …". */
const FRENCH_DEFINED_NAME = /«\s*([^«»\n]{1,100}?)\s*»\s*,/g;

export function definedNames(text: string): string[] {
  return [...text.matchAll(DEFINED_NAME), ...text.matchAll(FRENCH_DEFINED_NAME)].map((m) => m[1] ?? '');
}
