import matter from 'gray-matter';
import { ContentError, type ContentProblem } from '../errors.js';
import { markdownToText } from '../markdown.js';
import { sourcePage } from '../site-urls.js';
import { EXPLAINER_LICENSE, EXPLAINER_PUBLISHER } from '../provenance.js';
import type { GlossaryEntry, Original, SourceDoc, SourceKind, SourceMeta, WisdomEntry } from '../types.js';
import { FieldReader, SLUG } from './fields.js';

export type Collection = 'sources' | 'glossary' | 'wisdom';

/** One markdown file as read from a content directory; `file` is the path shown in error messages. */
export interface ContentFile {
  collection: Collection;
  file: string;
  text: string;
}

export interface Corpus {
  sources: SourceDoc[];
  glossary: GlossaryEntry[];
  wisdom: WisdomEntry[];
}

const SOURCE_FIELDS = [
  'id', 'title', 'publisher', 'url', 'license', 'published', 'retrieved', 'version', 'language', 'description', 'tags',
  'cited_as', 'about', 'kind', 'instrument', 'in_force_from', 'amended_by', 'as_of', 'changelog',
] as const;
const GLOSSARY_FIELDS = ['term', 'aliases', 'related', 'sources', 'as_of', 'changelog'] as const;
const WISDOM_FIELDS = ['title', 'category', 'tags', 'sources', 'as_of', 'changelog'] as const;

/**
 * Parses and validates every content file, then checks the references between them. Throws one
 * ContentError listing every problem (file and field) when anything is wrong.
 */
export function buildCorpus(files: readonly ContentFile[]): Corpus {
  const problems: ContentProblem[] = [];
  const corpus: Corpus = { sources: [], glossary: [], wisdom: [] };
  const glossaryFiles = new Map<string, string>();
  const wisdomFiles = new Map<string, string>();
  const sourceFiles = new Map<string, string>();

  for (const file of [...files].sort((a, b) => a.file.localeCompare(b.file))) {
    const parsed = parseFrontmatter(file, problems);
    if (!parsed) continue;
    const fields = new FieldReader(parsed.data, file.file, problems);
    if (parsed.body.trim() === '') fields.problem('body', 'is empty; the markdown after the frontmatter is the content');
    const stem = fileStem(file.file);

    if (file.collection === 'sources') {
      const source = readSource(fields, parsed.body, stem);
      if (source && claimId(sourceFiles, source.meta.id, fields, 'id')) corpus.sources.push(source);
    } else {
      if (!SLUG.test(stem)) fields.problem('id', `file name "${stem}" is not a slug; it is the entry's id`);
      if (file.collection === 'glossary') {
        const entry = readGlossary(fields, parsed.body, stem);
        if (entry && claimId(glossaryFiles, stem, fields, 'id')) corpus.glossary.push(entry);
      } else {
        const entry = readWisdom(fields, parsed.body, stem);
        if (entry && claimId(wisdomFiles, stem, fields, 'id')) corpus.wisdom.push(entry);
      }
    }
  }

  for (const entry of corpus.glossary) {
    const file = glossaryFiles.get(entry.id) ?? entry.id;
    checkRefs(problems, file, 'related', entry.related, glossaryFiles, 'glossary entry');
    checkRefs(problems, file, 'sources', entry.sources, sourceFiles, 'source');
    if (entry.related.includes(entry.id)) problems.push({ file, field: 'related', message: 'lists the entry itself' });
  }
  for (const entry of corpus.wisdom) {
    checkRefs(problems, wisdomFiles.get(entry.id) ?? entry.id, 'sources', entry.sources, sourceFiles, 'source');
  }

  if (problems.length > 0) throw new ContentError(problems);
  corpus.sources.sort((a, b) => a.meta.id.localeCompare(b.meta.id));
  corpus.glossary.sort((a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }));
  corpus.wisdom.sort((a, b) => a.category.localeCompare(b.category) || a.id.localeCompare(b.id));
  return corpus;
}

function parseFrontmatter(file: ContentFile, problems: ContentProblem[]) {
  try {
    // gray-matter caches by input string; a fresh object avoids sharing parsed data between equal files.
    const { data, content } = matter(file.text, {});
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      problems.push({ file: file.file, field: 'frontmatter', message: 'must be a YAML mapping of fields' });
      return undefined;
    }
    if (Object.keys(data).length === 0) {
      problems.push({ file: file.file, field: 'frontmatter', message: 'is missing; start the file with a --- YAML block ---' });
      return undefined;
    }
    return { data: data as Record<string, unknown>, body: content };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    problems.push({ file: file.file, field: 'frontmatter', message: `is not valid YAML: ${reason}` });
    return undefined;
  }
}

function readSource(fields: FieldReader, body: string, stem: string): SourceDoc | undefined {
  fields.rejectUnknown(SOURCE_FIELDS);
  const id = fields.slug('id', true);
  if (id !== undefined && id !== stem) fields.problem('id', `"${id}" must equal the file name "${stem}"`);
  const kind = sourceKind(fields);
  const common = {
    id,
    title: fields.text('title', true),
    kind,
    language: fields.language('language'),
    description: fields.text('description'),
    tags: fields.slugList('tags'),
  };
  if (kind === 'explainer') {
    const about = originals(fields);
    const meta = { ...common, publisher: EXPLAINER_PUBLISHER, url: id === undefined ? undefined : sourcePage(id), license: EXPLAINER_LICENSE, about, ...fields.currency() };
    if (!meta.id || !meta.title || !meta.url || about.length === 0) return undefined;
    return { meta: withoutUndefined(meta) as SourceMeta, file: fields.file, body };
  }
  const published = fields.date('published');
  const meta = {
    ...common,
    publisher: fields.text('publisher', true),
    url: fields.url('url'),
    license: fields.text('license', true),
    published,
    retrieved: fields.date('retrieved'),
    version: fields.text('version'),
    ...citedAs(fields),
    ...versionFields(fields),
    ...fields.currency(undefined, published),
  };
  const { id: i, title, publisher, url, license } = meta;
  if (!i || !title || !publisher || !url || !license) return undefined;
  return { meta: withoutUndefined({ ...meta, id: i, title, publisher, url, license }) as SourceMeta, file: fields.file, body };
}

/** The fields that describe the original, which an explainer states per original in `about`, never of itself. */
const ORIGINAL_FIELDS = ['title', 'publisher', 'url', 'published', 'retrieved', 'version', 'names'] as const;

/** `kind`, or from the fields given: a source `about` something is an explainer; any other source is a primary text. */
function sourceKind(fields: FieldReader): SourceKind {
  const given = fields.text('kind');
  if (given === undefined) return fields.has('about') ? 'explainer' : 'primary';
  if (given === 'primary' || given === 'explainer') return given;
  fields.problem('kind', `"${given}" is not a kind of source; use primary (an official text) or explainer (written by OCC contributors)`);
  return fields.has('about') ? 'explainer' : 'primary';
}

/**
 * An explainer's `about`: the originals it explains, each with its own title, publisher and official URL (and
 * optionally its dates, the version described, and the names it is cited by). The explainer itself is ours
 * (OCC contributors, CC BY 4.0), so the fields of an original may not stand at the top, where they would read
 * as the explainer's. At most one original carries `names`: a bare "Article 5" can mean one instrument only.
 */
function originals(fields: FieldReader): Original[] {
  for (const field of ['publisher', 'url', 'license', 'published', 'retrieved', 'version', 'cited_as', 'instrument', 'in_force_from', 'amended_by']) {
    if (fields.has(field)) {
      fields.problem(field, `an explainer is written by ${EXPLAINER_PUBLISHER} under ${EXPLAINER_LICENSE}; give the original's ${field} in about (or set kind: primary for an official text)`);
    }
  }
  const readers = fields.objects('about', '{title, publisher, url, …}');
  if (readers.length === 0) fields.problem('about', 'an explainer lists the originals it explains: [{title, publisher, url}], at least one');
  const list: Original[] = [];
  for (const reader of readers) {
    reader.rejectUnknown(ORIGINAL_FIELDS);
    const original = {
      title: reader.text('title', true),
      publisher: reader.text('publisher', true),
      url: reader.url('url'),
      published: reader.date('published'),
      retrieved: reader.date('retrieved'),
      version: reader.text('version'),
      names: reader.has('names') ? instrumentNames(reader, 'names') : undefined,
    };
    if (original.title && original.publisher && original.url) list.push(withoutUndefined(original) as Original);
  }
  if (list.filter((o) => o.names !== undefined).length > 1) {
    fields.problem('about', 'names may be given for one original only: a bare "Article 5" in an explainer means one instrument');
  }
  return list;
}

/**
 * A primary text that is one version of an instrument: `instrument` (its id) and `in_force_from` go together, and
 * `amended_by` names the instruments whose amendments made it.
 */
function versionFields(fields: FieldReader): { instrument?: string; in_force_from?: string; amended_by?: string[] } {
  const instrument = fields.slug('instrument');
  const from = fields.date('in_force_from');
  const amendedBy = fields.slugList('amended_by');
  if ((instrument === undefined) !== (from === undefined) && !fields.problems.some((p) => p.file === fields.file && (p.field === 'instrument' || p.field === 'in_force_from'))) {
    fields.problem(instrument === undefined ? 'instrument' : 'in_force_from', 'instrument and in_force_from go together: the instrument this text is a version of, and the day it is in force from');
  }
  if (amendedBy.length > 0 && instrument === undefined) fields.problem('amended_by', 'names what amended a version of an instrument; give instrument and in_force_from too');
  return {
    ...(instrument === undefined || from === undefined ? {} : { instrument, in_force_from: from }),
    ...(amendedBy.length > 0 ? { amended_by: amendedBy } : {}),
  };
}

/** `cited_as`: the names a primary text is cited by. */
function citedAs(fields: FieldReader): { cited_as?: string[] } {
  const names = instrumentNames(fields, 'cited_as');
  return names.length > 0 ? { cited_as: names } : {};
}

/** A list of an instrument's names, each a name and each once. */
function instrumentNames(fields: FieldReader, field: string): string[] {
  const list = fields.textList(field);
  const seen = new Set<string>();
  for (const name of list) {
    const key = name.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) fields.problem(field, `lists "${name}" twice`);
    seen.add(key);
    if (!/[A-Za-z]/.test(name)) fields.problem(field, `"${name}" is not a name (e.g. "AI Act", "Regulation (EU) 2024/1689")`);
  }
  return list;
}

function readGlossary(fields: FieldReader, body: string, id: string): GlossaryEntry | undefined {
  fields.rejectUnknown(GLOSSARY_FIELDS);
  const term = fields.text('term', true);
  const entry = {
    id,
    term,
    aliases: fields.textList('aliases'),
    related: fields.slugList('related'),
    sources: fields.slugList('sources'),
    definition: markdownToText(body),
    ...fields.currency(),
  };
  return term === undefined ? undefined : withoutUndefined({ ...entry, term }) as GlossaryEntry;
}

function readWisdom(fields: FieldReader, body: string, id: string): WisdomEntry | undefined {
  fields.rejectUnknown(WISDOM_FIELDS);
  const title = fields.text('title', true);
  const category = fields.slug('category', true);
  const entry = {
    id, title, category, tags: fields.slugList('tags'), sources: fields.slugList('sources'), text: markdownToText(body), ...fields.currency(),
  };
  return title === undefined || category === undefined ? undefined : withoutUndefined({ ...entry, title, category }) as WisdomEntry;
}

function claimId(seen: Map<string, string>, id: string, fields: FieldReader, field: string): boolean {
  const first = seen.get(id);
  if (first !== undefined) {
    fields.problem(field, `duplicate id "${id}", already used by ${first}`);
    return false;
  }
  seen.set(id, fields.file);
  return true;
}

function checkRefs(
  problems: ContentProblem[],
  file: string,
  field: string,
  refs: readonly string[],
  known: ReadonlyMap<string, string>,
  kind: string,
): void {
  for (const ref of refs) {
    if (!known.has(ref)) problems.push({ file, field, message: `refers to unknown ${kind} "${ref}"` });
  }
}

function fileStem(file: string): string {
  return (file.split(/[\\/]/).pop() ?? file).replace(/\.md$/, '');
}

function withoutUndefined(value: object): object {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
