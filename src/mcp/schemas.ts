/**
 * Input and output schemas of every MCP tool, in one module: tools/list publishes them as JSON Schema
 * (`z.toJSONSchema`), the handlers are typed by them, and the tests check every structuredContent against the
 * published output schemas. Inputs use the REST API's parameter names and limits; outputs are the REST bodies,
 * so a client can move between the two without relearning fields.
 */
import * as z from 'zod';
import { LICENSE, LIMITS } from '../api/types.js';
import { SLUG } from '../core/corpus/fields.js';

// ---------------------------------------------------------------------------------------------------------
// Building blocks

const slug = z.string().regex(SLUG);
const date = z.iso.date();
const licensed = {
  license: z.literal(LICENSE).describe('The license of this answer: CC BY 4.0.'),
  attribution: z.string().describe('How to credit OCC when reusing this answer, naming the operator and its website.'),
};
const currency = {
  as_of: date.optional().describe('The date up to which the text was checked to be current.'),
  changelog: z
    .array(z.strictObject({ date, note: z.string().min(1) }))
    .optional()
    .describe('Dated substantive changes, newest first.'),
};
const text = (what: string) => z.string().min(1).max(LIMITS.queryMaxChars).describe(`${what}; 1 to ${LIMITS.queryMaxChars} characters, not blank.`);
const top = (what: string) => z.int().min(LIMITS.topMin).max(LIMITS.topMax).default(LIMITS.topDefault).describe(what);

// ---------------------------------------------------------------------------------------------------------
// Domain objects

export const sourceMeta = z.strictObject({
  id: slug,
  title: z.string().min(1),
  publisher: z.string().min(1),
  url: z.url().describe('Canonical provenance of the original document.'),
  license: z.string().describe('License of the original document: SPDX id where one exists, else the name of the terms.'),
  published: date.optional(),
  retrieved: date.optional().describe('The date the original was consulted.'),
  version: z.string().optional(),
  language: z.string().describe('BCP 47 tag.'),
  description: z.string().optional(),
  tags: z.array(slug),
  ...currency,
});

const chunkFields = {
  id: z.string().describe('Stable across builds: `<source>:<hash>`; get_chunk resolves it.'),
  source: slug.describe('Id of the source; get_source resolves it.'),
  heading: z.string().describe('Nearest heading above the chunk; the source title for text before the first heading.'),
  path: z.array(z.string()).describe('Headings from the outermost down to `heading`; empty before the first heading.'),
  text: z.string(),
  position: z.int().min(0).describe('Order of the chunk within its source, from 0.'),
  url: z.url().describe("Absolute URL of the chunk's section on the docs site: cite it."),
  title: z.string().describe('Title of the source.'),
};

export const sourceItem = sourceMeta.extend({
  chunks: z.int().min(0).describe('Number of chunks of this source.'),
  page: z.string().describe("Root-relative URL of the source's page on the docs site."),
});

const glossaryItem = z.strictObject({
  id: slug,
  term: z.string().min(1),
  aliases: z.array(z.string()),
  related: z.array(slug).describe('Ids of related glossary entries.'),
  sources: z.array(slug).describe('Ids of sources that define or use the term.'),
  definition: z.string().describe('The definition as plain text.'),
  ...currency,
  url: z.string().describe("Root-relative URL of the term's anchor on the glossary page."),
});

const wisdomEntry = z.strictObject({
  id: slug,
  title: z.string().min(1),
  category: slug,
  tags: z.array(slug),
  sources: z.array(slug).describe('Ids of the sources the insight rests on.'),
  text: z.string().describe('The insight as plain text.'),
  ...currency,
});

// ---------------------------------------------------------------------------------------------------------
// Tools: input and output

export const searchInput = z.strictObject({
  q: text('What to search for: words, a question, or "a quoted phrase" that must occur as written'),
  top: top(`How many results to return: ${LIMITS.topMin} to ${LIMITS.topMax}, default ${LIMITS.topDefault}.`),
  source: slug.optional().describe('Only chunks of this source id (list_sources gives the ids).'),
});

export const searchOutput = z.strictObject({
  query: z.string().describe('The query as searched, trimmed.'),
  top: z.int().describe('How many results were asked for.'),
  source: z.string().nullable().describe('The source filter, or null.'),
  total: z.int().min(0).describe('How many chunks match, of which `results` are the best `top`.'),
  results: z
    .array(
      z.strictObject({
        ...chunkFields,
        score: z.number().describe('BM25 score, rounded to 4 decimals; higher is better.'),
        snippet: z.string().describe('The best window of the text around the matched words.'),
        // A pair as a fixed-length array, not a tuple: a tuple becomes 2020-12 `prefixItems`, which draft-07
        // validators (the SDK client's own among them) ignore while still applying `items: false`.
        highlights: z
          .array(z.array(z.int().min(0)).length(2))
          .describe('[start, end) offsets (UTF-16 code units) of the matched words in `snippet`.'),
      }),
    )
    .describe('The best matches, best first.'),
  ...licensed,
});

export const getContextInput = z.strictObject({
  query: text('The question to gather context for'),
  top_k: top(`How many chunks to retrieve before adjacent ones are merged into passages: ${LIMITS.topMin} to ${LIMITS.topMax}, default ${LIMITS.topDefault}.`),
  max_chars: z
    .int()
    .min(LIMITS.maxCharsMin)
    .max(LIMITS.maxCharsMax)
    .nullable()
    .optional()
    .describe(`Cap on the length of \`context\`, ${LIMITS.maxCharsMin} to ${LIMITS.maxCharsMax}; null or absent for no cap.`),
});

export const getContextOutput = z.strictObject({
  query: z.string().describe('The question as asked, trimmed.'),
  top_k: z.int().describe('How many chunks were retrieved.'),
  max_chars: z.int().nullable().describe('The cap on `context`, or null.'),
  chunks: z
    .array(
      z.strictObject({
        n: z.int().min(1).describe("The passage's number in `context`, from 1."),
        ids: z.array(z.string()).min(1).describe('Chunk ids merged into the passage.'),
        source: slug,
        text: z.string(),
        score: z.number(),
        citation: z.strictObject({
          title: z.string(),
          heading: z.string(),
          path: z.array(z.string()),
          url: z.url(),
          license: z.string().describe('License of the original document.'),
        }),
      }),
    )
    .describe('The numbered passages, in the order of `context`.'),
  context: z.string().describe('The passages numbered [1]..[n] with their citations, ready to paste into a prompt.'),
  sources: z.array(sourceMeta).describe('The distinct sources cited, in order of first citation.'),
  ...licensed,
});

export const lookupGlossaryInput = z.strictObject({
  q: text('A term, an abbreviation or words of a definition').optional().describe('Filter: a term, abbreviation or words of a definition. Omit to get every term.'),
});

export const lookupGlossaryOutput = z.strictObject({
  query: z.string().nullable().describe('The filter as searched, or null for the whole glossary.'),
  total: z.int().min(0).describe('Number of entries returned.'),
  entries: z.array(glossaryItem).describe('Exact term or alias matches first, then prefix matches, then matches in the definition.'),
  ...licensed,
});

export const listSourcesInput = z.strictObject({});

export const listSourcesOutput = z.strictObject({
  total: z.int().min(0).describe('Number of sources.'),
  sources: z.array(sourceItem).describe('Every source, by id.'),
  ...licensed,
});

export const getSourceInput = z.strictObject({
  id: slug.describe('A source id, as in list_sources or the `source` field of a search result.'),
});

export const getSourceOutput = z.strictObject({
  source: sourceItem.describe("The source's registry entry, as list_sources gives it."),
  toc: z
    .array(
      z.strictObject({
        heading: z.string(),
        path: z.array(z.string()).describe('Headings from the outermost down to `heading`; empty for the text before the first heading.'),
        depth: z.int().min(0).max(6).describe('Heading level 1-6; 0 for the text before the first heading.'),
        url: z.url().describe("Absolute URL of the section on the docs site."),
        chunks: z.array(z.string()).describe('Ids of the chunks of this section in reading order (get_chunk resolves them).'),
      }),
    )
    .describe('Every section in reading order.'),
  ...licensed,
});

export const getChunkInput = z.strictObject({
  id: z.string().min(1).describe('A chunk id, `<source>:<hash>`, as search, get_context and get_source give them.'),
});

export const getChunkOutput = z.strictObject({
  chunk: z.strictObject(chunkFields).describe('The chunk, as search gives it without score and snippet.'),
  source: sourceMeta
    .pick({ id: true, title: true, publisher: true, url: true, license: true, as_of: true })
    .describe('The source the chunk belongs to: what a citation needs.'),
  previous: z.string().nullable().describe('Id of the chunk before this one in the same source, or null for the first.'),
  next: z.string().nullable().describe('Id of the chunk after this one in the same source, or null for the last.'),
  ...licensed,
});

export const listWisdomInput = z.strictObject({
  category: slug.optional().describe('Only insights of this category; every answer lists the categories.'),
});

export const listWisdomOutput = z.strictObject({
  category: z.string().nullable().describe('The category filter, or null.'),
  total: z.int().min(0).describe('Number of entries returned.'),
  entries: z.array(wisdomEntry).describe('By category, then id.'),
  categories: z
    .array(z.strictObject({ category: slug, count: z.int().min(1) }))
    .describe('Every category with its number of entries, whatever the filter.'),
  ...licensed,
});
