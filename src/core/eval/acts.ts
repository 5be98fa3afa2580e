/**
 * The acts `npm run eval` measures from their official publications (../shared/raw), each ingested alone and asked
 * its own question file (tests/fixtures/queries). Data only, but for reading which splits a file holds; an entry
 * whose publication or question file is absent is skipped, so a set written on another branch joins the table when
 * it lands.
 */
export interface ActSet {
  /** The act's label in the eval's table. */
  name: string;
  /** The official publication, a file in ../shared/raw. */
  publication: string;
  /** Its questions, a file in tests/fixtures/queries. */
  questions: string;
  /** The source id the questions name, given to ingest. */
  id: string;
  /** BCP 47 tag given to ingest, and its analysis language given to search as `lang`; absent: as the document says. */
  language?: string;
  /** The splits written blind; the file's other splits were read while they were written. */
  blind: readonly string[];
  /** An act ranking rules were written on (the AI Act): left out of the pooled line of acts no rule was written for. */
  ruled?: boolean;
}

export const ACT_SETS: readonly ActSet[] = [
  { name: 'GDPR', publication: 'gdpr-2016-679-en.html', questions: 'gdpr.jsonl', id: 'eu-reg-2016-679', blind: ['gdpr2'] },
  { name: 'GDPR (fr)', publication: 'gdpr-2016-679-fr.html', questions: 'gdpr-fr.jsonl', id: 'eu-reg-2016-679-fr', language: 'fr', blind: ['gdpr-fr-blind'] },
  { name: 'AI Act (fr)', publication: 'eu-ai-act-oj-l-2024-1689-fr.html', questions: 'legal-fr.jsonl', id: 'eu-reg-2024-1689', language: 'fr', blind: ['fr2'], ruled: true },
  { name: 'CRA', publication: 'cra-2024-2847-en.html', questions: 'cra.jsonl', id: 'eu-reg-2024-2847', blind: ['cra-blind'] },
  { name: 'DSA', publication: 'dsa-2022-2065-en.html', questions: 'dsa.jsonl', id: 'eu-reg-2022-2065', blind: ['dsa-blind'] },
  { name: 'Data Act', publication: 'data-act-2023-2854-en.html', questions: 'data-act.jsonl', id: 'eu-reg-2023-2854', blind: ['data-act-blind'] },
  { name: 'NIS 2', publication: 'nis2-2022-2555-en.html', questions: 'nis2.jsonl', id: 'eu-dir-2022-2555', blind: ['nis2-blind'] },
];

export interface ActSplit {
  split: string;
  blind: boolean;
}

/**
 * The splits of an act's questions that ask about it, in the order the file first uses them (a question file may
 * also hold questions on other sources, as legal-fr.jsonl does on the GDPR: those are not the act's).
 */
export function actSplits(act: ActSet, questions: readonly { split?: string; relevant: readonly { source: string }[] }[]): ActSplit[] {
  const splits = new Set<string>();
  for (const q of questions) if (q.split !== undefined && q.relevant.some((r) => r.source === act.id)) splits.add(q.split);
  return [...splits].map((split) => ({ split, blind: act.blind.includes(split) }));
}
