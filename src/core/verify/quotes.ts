/**
 * Quotations in an answer and whether a provision holds them: word for word, ignoring case, punctuation and the
 * typography of quotes and apostrophes, with "..." or "[…]" standing for words left out or changed. A quotation
 * not held gets the provision's closest passage and a word diff from it (the `diff` package).
 */
import { diffWords } from 'diff';
import type { DiffPart } from '../law/history.js';

export interface Quotation {
  /** The words between the quotation marks. */
  quoted: string;
  start: number;
  end: number;
}

/** Fewer words than this in quotation marks name a term ("high-risk", ‘integrity and confidentiality’), not a passage. */
export const MIN_QUOTED_WORDS = 4;

const QUOTED = /"([^"\n]{2,2000})"|“([^”\n]{2,2000})”|‘([^’\n]{2,2000}?)’(?![\p{L}])/gu;

export function quotations(text: string): Quotation[] {
  const found: Quotation[] = [];
  for (const m of text.matchAll(QUOTED)) {
    const quoted = m[1] ?? m[2] ?? m[3] ?? '';
    if (tokens(quoted).length < MIN_QUOTED_WORDS) continue;
    found.push({ quoted, start: m.index, end: m.index + m[0].length });
  }
  return found;
}

interface Token {
  word: string;
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  return Array.from(text.matchAll(/[\p{L}\p{N}%]+(?:['’][\p{L}]+)*/gu), (m) => ({ word: m[0].toLowerCase().replace(/’/g, "'"), start: m.index, end: m.index + m[0].length }));
}

/** Whether `needle` stands in `hay` as consecutive words from `from` on; the index after it, or -1. */
function indexAfter(hay: readonly string[], needle: readonly string[], from: number): number {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i + needle.length;
  }
  return -1;
}

export interface Misquote {
  /** The provision's passage closest to the quotation. */
  closest: string;
  /** From that passage to the quotation, word by word. */
  diff: DiffPart[];
}

/** Undefined when the provision holds the quotation; otherwise its closest passage and how the quotation differs. */
export function checkQuotation(quoted: string, provision: string): Misquote | undefined {
  const hay = tokens(provision);
  const words = hay.map((t) => t.word);
  const fragments = quoted.split(/\.{3}|…|\[[^\]]*\]/).map((f) => tokens(f).map((t) => t.word)).filter((f) => f.length > 0);
  let at = 0;
  for (const fragment of fragments) {
    at = indexAfter(words, fragment, at);
    if (at < 0) break;
  }
  if (at >= 0) return undefined;
  const wanted = fragments.flat();
  const window = Math.min(wanted.length, hay.length);
  if (window === 0) return { closest: '', diff: [{ op: 'insert', text: quoted }] };
  // The window of the quotation's length sharing most of its words, counted as it slides.
  const need = new Map<string, number>();
  for (const w of wanted) need.set(w, (need.get(w) ?? 0) + 1);
  const have = new Map<string, number>();
  let shared = 0;
  let best = { shared: -1, start: 0 };
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    have.set(w, (have.get(w) ?? 0) + 1);
    if ((have.get(w) ?? 0) <= (need.get(w) ?? 0)) shared++;
    if (i >= window) {
      const out = words[i - window] ?? '';
      if ((have.get(out) ?? 0) <= (need.get(out) ?? 0)) shared--;
      have.set(out, (have.get(out) ?? 0) - 1);
    }
    if (i >= window - 1 && shared > best.shared) best = { shared, start: i - window + 1 };
  }
  const closest = provision.slice(hay[best.start]?.start ?? 0, hay[best.start + window - 1]?.end ?? provision.length);
  return { closest, diff: diffWords(closest, quoted.trim(), { ignoreCase: true }).map((p) => ({ op: p.added ? 'insert' : p.removed ? 'delete' : 'equal', text: p.value })) };
}
