/** The domain types every stage of the pipeline passes along. Response shapes live in src/api/types.ts. */

/** One substantive change to an entry: when, and what changed, in one line. */
export interface ChangeNote {
  /** YYYY-MM-DD: when our text changed. */
  date: string;
  note: string;
  /** The change in the world this line follows (an act adopted, amended, repealed, a date moved), when there is one. */
  event?: WorldEvent;
}

/** A dated change in the world, told apart from the date our text followed it. */
export interface WorldEvent {
  /** YYYY-MM-DD: when it happened (adopted, in force, moved). */
  date: string;
  /** What happened, in one line. */
  what: string;
}

/** How current an entry is: the date up to which its text was checked, and its dated substantive changes. */
export interface Currency {
  /** YYYY-MM-DD: the text was checked to be current up to this date. Content validation requires it. */
  as_of: string;
  /** Newest first. */
  changelog?: ChangeNote[];
}

/** Who wrote a source's text: an official publisher (`primary`), or OCC contributors explaining others' texts. */
export type SourceKind = 'primary' | 'explainer';

/** An original document an explainer is about, with its own publisher and official address. */
export interface Original {
  title: string;
  publisher: string;
  url: string;
  published?: string;
  /** The date the original itself was consulted; absent when it was not. */
  retrieved?: string;
  /** Which state of the original the explainer describes. */
  version?: string;
  /** Names the instrument is cited by: what a bare "Article 5" in the explainer means (references.ts). */
  names?: string[];
}

export interface SourceMeta extends Currency {
  id: string;
  title: string;
  kind: SourceKind;
  /** The original's publisher; for an explainer, OCC contributors. */
  publisher: string;
  /** The official address of a primary text; for an explainer, its page on this site (root-relative). */
  url: string;
  /** SPDX id where one exists, else the name of the terms; an explainer's is CC-BY-4.0. */
  license: string;
  published?: string;
  /** The date the original was actually consulted; absent when it was not. */
  retrieved?: string;
  version?: string;
  /** BCP 47 tag. */
  language: string;
  description?: string;
  tags: string[];
  /** The source is an instrument's own text, cited under these names ("AI Act", "Regulation (EU) 2024/1689"). */
  cited_as?: string[];
  /** What an explainer is about: the originals, each with its own publisher and URL. */
  about?: Original[];
  /** The instrument a primary text is a version of (its id, e.g. `eu-reg-2024-1689`): law/versions.ts. */
  instrument?: string;
  /** YYYY-MM-DD: the day this version's text is in force from. */
  in_force_from?: string;
  /** The instruments whose amendments made this version (ids, e.g. `eu-reg-2026-1744`). */
  amended_by?: string[];
}

/** A source as read from disk: its metadata, where it came from, and its markdown body. */
export interface SourceDoc {
  meta: SourceMeta;
  file: string;
  body: string;
}

export interface GlossaryEntry extends Currency {
  id: string;
  term: string;
  aliases: string[];
  related: string[];
  sources: string[];
  /** The definition as plain text (markdown stripped). */
  definition: string;
}

export interface WisdomEntry extends Currency {
  id: string;
  title: string;
  category: string;
  tags: string[];
  sources: string[];
  /** The insight as plain text (markdown stripped). */
  text: string;
}

export interface Chunk {
  /** Stable: the same source, section path and text give the same id on every build. */
  id: string;
  source: string;
  /** Nearest heading above the chunk; the source title for text before the first heading. */
  heading: string;
  /** Headings from the outermost down to `heading` itself; empty before the first heading. */
  path: string[];
  text: string;
  /** Order of the chunk within its source, from 0. */
  position: number;
  /** Root-relative URL of the chunk's section on the docs site; of its first legal element when it has one. */
  url: string;
  /** Legal citation of what the chunk covers ("Art. 5(1)(f)", "Arts. 5(1)(e)-(g)", "Recital 44", "GOVERN 1.6"). */
  pinpoint?: string;
  /** Provisions the chunk mentions ("Article 27", "AI Act Art. 5", "Annex III"), resolved to the indexed chunks holding them. */
  references?: ChunkReference[];
}

export interface ChunkReference {
  pinpoint: string;
  /** Id of the first chunk holding the referenced provision; it starts with that chunk's source id. */
  chunk: string;
}
