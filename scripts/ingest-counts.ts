/**
 * Structure counts for comparing an ingest of the real publications in ../shared/raw with the hand-made
 * conversions in ../shared/corpora: Articles, recitals, annexes and chapters of an EU act; categories and
 * subcategories of the NIST AI RMF. These read English headings on purpose: they check three known English
 * documents, while the ingest itself reads only markup and layout.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED = path.resolve(fileURLToPath(new URL('../../shared', import.meta.url)));

export interface RealFile {
  name: string;
  raw: string;
  /** The hand-made conversion to compare with. */
  reference: string;
  kind: 'eu-act' | 'nist-rmf' | 'nist-playbook';
  /** What the publication does not state about itself, given as the CLI's flags would be. */
  overrides: Record<string, string>;
}

export const REAL_FILES: RealFile[] = [
  {
    name: 'EU AI Act (OJ HTML)',
    raw: path.join(SHARED, 'raw/eu-ai-act-oj-l-2024-1689-en.html'),
    reference: path.join(SHARED, 'corpora/eu-ai-act/sources/eu-ai-act.md'),
    kind: 'eu-act',
    overrides: {},
  },
  {
    name: 'NIST AI 100-1 (PDF)',
    raw: path.join(SHARED, 'raw/nist-ai-100-1.pdf'),
    reference: path.join(SHARED, 'corpora/nist-ai-rmf/sources/nist-ai-rmf.md'),
    kind: 'nist-rmf',
    overrides: { license: 'Public domain (US Government work)' },
  },
  {
    name: 'NIST AI RMF Playbook (PDF)',
    raw: path.join(SHARED, 'raw/nist-ai-rmf-playbook.pdf'),
    reference: path.join(SHARED, 'corpora/nist-ai-rmf/sources/nist-ai-rmf.md'),
    kind: 'nist-playbook',
    overrides: {
      title: 'NIST AI RMF Playbook',
      publisher: 'National Institute of Standards and Technology (NIST)',
      url: 'https://www.nist.gov/itl/ai-risk-management-framework/nist-ai-rmf-playbook',
      license: 'Public domain (US Government work)',
    },
  },
];

export function sharedAvailable(): boolean {
  return REAL_FILES.every((file) => existsSync(file.raw) && existsSync(file.reference));
}

/** One named set of identifiers found in a markdown body. */
export type Counts = Record<string, string[]>;

export function euActCounts(markdown: string): Counts {
  const lines = markdown.split('\n');
  const firstArticle = lines.findIndex((line) => /^#{1,6} Article \d+/.test(line));
  const preamble = firstArticle < 0 ? lines : lines.slice(0, firstArticle);
  return {
    articles: match(lines, /^#{1,6} Article (\d+)\b/),
    recitals: match(preamble, /^\((\d+)\) /),
    annexes: match(lines, /^#{1,6} ANNEX ([IVXLC]+)\b/),
    chapters: match(lines, /^#{1,6} CHAPTER ([IVXLC]+)\b/),
  };
}

/** NIST subcategories as list items or headings (`- GOVERN 1.6: ...`, `## GOVERN 1.6`), categories as headings. */
export function nistCounts(markdown: string): Counts {
  const lines = markdown.split('\n');
  return {
    subcategories: match(lines, /^(?:- |#{1,6} )((?:GOVERN|MAP|MEASURE|MANAGE) \d+\.\d+)\b/),
    categories: match(lines, /^#{1,6} ((?:GOVERN|MAP|MEASURE|MANAGE) \d+):/),
  };
}

export function countsFor(kind: RealFile['kind'], markdown: string): Counts {
  if (kind === 'eu-act') return euActCounts(markdown);
  const counts = nistCounts(markdown);
  // The Playbook is organised by subcategory only; its categories are not headings of their own.
  if (kind === 'nist-playbook') delete counts['categories'];
  return counts;
}

function match(lines: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const line of lines) {
    const id = pattern.exec(line)?.[1];
    if (id !== undefined && !found.includes(id)) found.push(id);
  }
  return found;
}

export interface Comparison {
  what: string;
  found: number;
  expected: number;
  missing: string[];
  extra: string[];
}

export function compare(found: Counts, expected: Counts): Comparison[] {
  return Object.keys(found).map((what) => {
    const f = found[what] ?? [];
    const e = expected[what] ?? [];
    return { what, found: f.length, expected: e.length, missing: e.filter((id) => !f.includes(id)), extra: f.filter((id) => !e.includes(id)) };
  });
}
