import matter from 'gray-matter';
import { ContentError, type ContentProblem } from '../errors.js';
import { markdownToText } from '../markdown.js';
import type { GlossaryEntry, SourceDoc, SourceMeta, WisdomEntry } from '../types.js';
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
  'cited_as', 'about', 'as_of', 'changelog',
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
  const published = fields.date('published');
  const meta = {
    id,
    title: fields.text('title', true),
    publisher: fields.text('publisher', true),
    url: fields.url('url'),
    license: fields.text('license', true),
    published,
    retrieved: fields.date('retrieved'),
    version: fields.text('version'),
    language: fields.language('language'),
    description: fields.text('description'),
    tags: fields.slugList('tags'),
    ...instrumentNames(fields),
    ...fields.currency(undefined, published),
  };
  const { id: i, title, publisher, url, license } = meta;
  if (!i || !title || !publisher || !url || !license) return undefined;
  return { meta: withoutUndefined({ ...meta, id: i, title, publisher, url, license }) as SourceMeta, file: fields.file, body };
}

/**
 * `cited_as`: the names the source's own text is cited by, when it is an instrument's text; `about`: the names of
 * the one instrument an explainer discusses. A source is one or the other, so the two exclude each other.
 */
function instrumentNames(fields: FieldReader): { cited_as?: string[]; about?: string[] } {
  const names: { cited_as?: string[]; about?: string[] } = {};
  for (const field of ['cited_as', 'about'] as const) {
    const list = fields.textList(field);
    const seen = new Set<string>();
    for (const name of list) {
      const key = name.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) fields.problem(field, `lists "${name}" twice`);
      seen.add(key);
      if (!/[A-Za-z]/.test(name)) fields.problem(field, `"${name}" is not a name (e.g. "AI Act", "Regulation (EU) 2024/1689")`);
    }
    if (list.length > 0) names[field] = list;
  }
  if (names.cited_as && names.about) {
    fields.problem('about', 'cannot be given with cited_as: a source is either an instrument\'s text (cited_as) or about one (about)');
  }
  return names;
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
