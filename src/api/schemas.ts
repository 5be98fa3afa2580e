/**
 * Every response body of the API as a Zod 4 schema, written once: the TypeScript types (z.infer, in
 * ./types.ts), the OpenAPI components (z.toJSONSchema, in ./openapi.ts) and the MCP tools' output schemas
 * all come from here. Named schemas are registered in SCHEMAS so that the document refers to them by name.
 */
import { z } from 'zod';
import { SLUG } from '../core/corpus/fields.js';
import { ENTRY_KINDS } from '../core/changes.js';
import { LANGUAGES } from '../core/index/languages.js';
import { LICENSE, LIMITS } from './limits.js';

/** Named schemas, as they appear under `components.schemas` of the OpenAPI document. */
export const SCHEMAS = z.registry<{ id: string; description?: string }>();
export const named = <T extends z.ZodType>(id: string, schema: T, description?: string): T => {
  SCHEMAS.add(schema, description === undefined ? { id } : { id, description });
  return schema;
};

// ---------------------------------------------------------------------------------------------------------
// Building blocks

/** Source, glossary, wisdom ids and categories, with the pattern content validation applies. */
export const slug = () => z.string().regex(SLUG);
/** `<source>:<hash>`, as the chunker makes them. */
export const CHUNK_ID = new RegExp(`^${SLUG.source.slice(1, -1)}:[0-9a-z]+$`);
const count = () => z.int().min(0);
const date = () => z.iso.date();
const strings = () => z.array(z.string());
const slugs = () => z.array(slug());

const currency = {
  as_of: date().meta({ description: 'The date up to which the text was checked to be current.' }),
  changelog: z
    .array(
      z
        .object({
          date: date().meta({ description: 'When our text changed.' }),
          note: z.string().min(1),
          event: z
            .object({
              date: date().meta({ description: 'When it happened in the world.' }),
              what: z.string().min(1).meta({ description: 'What happened: an act adopted, amended or repealed, a date moved.' }),
            })
            .strict()
            .optional()
            .meta({ description: 'The change in the world this line follows, when there is one.' }),
        })
        .strict(),
    )
    .optional()
    .meta({ description: 'Dated substantive changes, newest first.' }),
};

export const licensed = {
  license: z.literal(LICENSE).meta({ description: 'The license of the body: CC BY 4.0.' }),
  attribution: z.string().meta({ description: 'How to credit OCC when reusing the body, naming the operator and its website.' }),
};

// ---------------------------------------------------------------------------------------------------------
// Domain objects

/** A result's version: which state of the law its text is, and when it is in force. */
export const VersionRef = z
  .object({
    label: z.string().meta({ description: 'Which state of the text: "consolidated version of 2026-07-27", the OJ reference.' }),
    in_force_from: z.iso.date(),
    in_force_to: z.iso.date().nullable().meta({ description: 'The last day it is in force; null while it is the text in force.' }),
  })
  .strict();


const sourceKind = () =>
  z.enum(['primary', 'explainer']).meta({
    description: '`primary`: an official text, under its publisher\'s terms; `explainer`: written by OCC contributors (CC BY 4.0) about the originals in `about`.',
  });

export const Original = named(
  'Original',
  z
    .object({
      title: z.string().min(1),
      publisher: z.string().min(1).meta({ description: "The original's own publisher." }),
      url: z.url().meta({ description: "The original's official address." }),
      published: date().optional(),
      retrieved: date().optional().meta({ description: 'When the original itself was consulted.' }),
      version: z.string().optional().meta({ description: 'Which state of the original the explainer describes.' }),
      names: strings().optional().meta({ description: 'Names the instrument is cited by; a bare "Article 5" in the explainer means it.' }),
    })
    .strict(),
  'An original document an explainer is about, with its own publisher and official URL.',
);

export const SourceMeta = named(
  'SourceMeta',
  z
    .object({
      id: slug(),
      title: z.string().min(1),
      kind: sourceKind(),
      publisher: z.string().min(1).meta({ description: 'Who wrote the text: the official publisher, or OCC contributors for an explainer.' }),
      url: z.url().meta({ description: "A primary text's official address; an explainer's page on this site." }),
      license: z.string().meta({ description: "SPDX id where one exists, else the terms' name; CC-BY-4.0 for an explainer." }),
      published: date().optional(),
      retrieved: date().optional(),
      version: z.string().optional(),
      language: z.string().meta({ description: 'BCP 47 tag.' }),
      description: z.string().optional(),
      tags: slugs(),
      cited_as: strings()
        .optional()
        .meta({ description: "The source is this instrument's own text, cited under these names; references naming one resolve to it." }),
      about: z
        .array(Original)
        .optional()
        .meta({ description: "An explainer's originals: what it explains, each with its own publisher and URL." }),
      instrument: z.string().optional().meta({ description: 'For a version of an official text: the instrument it is a version of (see /provisions).' }),
      in_force_from: date().optional().meta({ description: 'For a version: the day its text is in force from.' }),
      amended_by: strings().optional().meta({ description: 'For a consolidated version: the instruments whose amendments made it.' }),
      ...currency,
    })
    .strict(),
  'A source document: its metadata and provenance.',
);

const chunkFields = {
  id: z.string().regex(CHUNK_ID).meta({ description: 'Stable across builds: `<source>:<hash>`; GET /api/occ/chunks/{id} returns it.' }),
  source: slug(),
  heading: z.string().meta({ description: 'Nearest heading above the chunk; the source title for text before the first heading.' }),
  path: strings().meta({ description: 'Headings from the outermost down to `heading`; empty before the first heading.' }),
  text: z.string(),
  position: count().meta({ description: 'Order of the chunk within its source, from 0.' }),
  pinpoint: z
    .string()
    .optional()
    .meta({ description: 'Legal citation of what the chunk covers, e.g. "Art. 5(1)(f)", "Recital 44", "GOVERN 1.6", "§ 3(b)(1)"; absent for text without legal structure.' }),
  references: z
    .array(
      z
        .object({ pinpoint: z.string(), chunk: z.string().regex(CHUNK_ID).meta({ description: 'Id of the referenced chunk.' }) })
        .strict(),
    )
    .optional()
    .meta({
      description:
        'Provisions the chunk mentions, of its own instrument or of another indexed one it names ("AI Act Art. 5"), resolved to the chunk that holds each; a mention that cannot be tied to one indexed instrument is left out.',
    }),
};
const absoluteUrl = (what: string) => z.url().meta({ description: what });

export const Chunk = named(
  'Chunk',
  z.object({ ...chunkFields, url: z.string().meta({ format: 'uri-reference', description: "URL of the chunk's section on the docs site." }) }).strict(),
);

const glossaryFields = {
  id: slug(),
  term: z.string().min(1),
  aliases: strings(),
  related: slugs().meta({ description: 'Ids of related glossary entries.' }),
  sources: slugs().meta({ description: 'Ids of sources that define or use the term.' }),
  definition: z.string().meta({ description: 'The definition as plain text.' }),
  ...currency,
};
export const GlossaryEntry = named('GlossaryEntry', z.object(glossaryFields).strict());

export const WisdomEntry = named(
  'WisdomEntry',
  z
    .object({
      id: slug(),
      title: z.string().min(1),
      category: slug(),
      tags: slugs(),
      sources: slugs().meta({ description: 'Ids of the sources the insight rests on.' }),
      text: z.string().meta({ description: 'The insight as plain text.' }),
      ...currency,
    })
    .strict(),
);

export const CategoryCount = named('CategoryCount', z.object({ category: slug(), count: z.int().min(1) }).strict());

// ---------------------------------------------------------------------------------------------------------
// Responses

export const HealthResponse = named(
  'HealthResponse',
  z
    .object({
      status: z.literal('ok'),
      version: z.string().meta({ description: 'Semver of the running service.' }),
      chunks: z.int(),
      sources: z.int(),
      glossary: z.int(),
      wisdom: z.int(),
      index: z.object({ content_hash: z.string(), built_at: z.iso.datetime() }).strict(),
      currency: z
        .object({
          oldest: date().nullable().meta({ description: 'The oldest `as_of` of any source, glossary term or insight; null for an empty corpus.' }),
          newest: date().nullable().meta({ description: 'The newest `as_of`.' }),
          stale: count().meta({ description: 'How many entries were last checked more than `max_age_months` ago.' }),
          max_age_months: z.int().min(1).meta({ description: 'The age after which an entry counts as stale (OCC_STALE_MONTHS, default 12).' }),
        })
        .strict()
        .meta({ description: 'How current the corpus is, from the `as_of` every entry carries.' }),
      uptime: count().meta({ description: 'Seconds since the server started.' }),
      workers: z.int().min(1).meta({ description: 'Worker processes serving on this instance (OCC_WORKERS; one per core by default).' }),
      ...licensed,
    })
    .strict(),
);

const offset = () => z.int().min(0);

/** The fields of an answer that is one page of a list (whole unless a `limit` was asked for). */
const pageOf = (what: string) => ({
  total: count().meta({ description: `How many ${what} match, over all pages.` }),
  limit: z.int().min(LIMITS.pageMin).max(LIMITS.pageMax).nullable().meta({ description: 'The page size asked for, or null for the whole list.' }),
  offset: count().meta({ description: `How many ${what} were skipped.` }),
  next_offset: count().nullable().meta({ description: 'The `offset` of the next page, or null when this page ends the list.' }),
});
/** The term sources `explain` names (src/core/search/explain.ts). */
const TERM_SOURCES = ['typed', 'scene', 'name', 'spelling', 'glossary', 'synonym', 'derived'] as const;

export const Explanation = named(
  'Explanation',
  z
    .object({
      bm25: z.number().meta({ description: "BM25 of the query's words and their expansions, before any ranking rule." }),
      fields: z.record(z.string(), z.number()).meta({
        description:
          'That score by the index fields holding each term (text, heading, provision, title, compounds, exact). The index keeps one weight per term and chunk, summed over its fields, so a term found in several counts under their names joined by "+".',
      }),
      terms: z
        .array(
          z
            .object({
              term: z.string().meta({ description: 'The index term (a stem; an exact word form ends in "=").' }),
              source: z.enum(TERM_SOURCES).meta({
                description:
                  'Where it came from: typed; typed but only in the scene around the question; the name of a law; the other spelling of a typed word (British or American); the glossary\'s other names; a synonym; a derived form Porter stems apart.',
              }),
              weight: z.number().meta({ description: 'Its query weight: 1 for a typed word, lower for an expansion (the knob of its source).' }),
              score: z.number().meta({ description: "What it added to `bm25`." }),
              fields: z.array(z.string()).optional().meta({ description: 'The fields of the chunk that hold it.' }),
            })
            .strict(),
        )
        .meta({ description: 'The terms that matched this chunk.' }),
      citation: z.number().nullable().meta({ description: 'Added because explainers among the best candidates cite this provision; null when none do.' }),
      rules: z
        .array(
          z
            .object({
              rule: z.string().meta({ description: 'The ranking rule (docs/ranking.md lists the profile).' }),
              factor: z.number().meta({ description: 'The factor it multiplied the score by.' }),
              knobs: z.record(z.string(), z.number()).meta({ description: "The rule's knobs and their values (a switch as 1 or 0)." }),
            })
            .strict(),
        )
        .meta({ description: 'The rules whose factor for this chunk is not 1, in the order they applied: (bm25 + citation) × their factors is the score.' }),
      placed: z.enum(['cited', 'application']).nullable().meta({
        description:
          'Put first whatever its score, just above the best of the rest: "cited" for a provision the query cites, "application" for the Article on entry into force of a question asking when the law applies; null otherwise.',
      }),
      score: z.number().meta({ description: 'The final score, before rounding (with `queries`, of the phrasing that ranked the chunk best, not the fused score).' }),
    })
    .strict(),
  'Why a search result scored what it did (`explain=true`).',
);

export const SearchResult = named(
  'SearchResult',
  z
    .object({
      ...chunkFields,
      url: absoluteUrl("Absolute URL of the chunk's section on the docs site."),
      title: z.string().meta({ description: 'Title of the source.' }),
      source_kind: sourceKind(),
      version: VersionRef.nullable().meta({ description: 'For an official text, the version its text is and when it is in force; null for an explainer.' }),
      as_of: date().meta({ description: "The source's `as_of`: the date up to which its text was checked to be current." }),
      score: z.number().meta({
        description: 'BM25 score, rounded to 4 decimals; with other phrasings (`queries`), the fused reciprocal-rank score, to 6. Higher is better.',
      }),
      snippet: z.string().meta({ description: 'The best window of the text around the matched words.' }),
      highlights: z
        .array(z.tuple([offset(), offset()]))
        .meta({ description: '[start, end) offsets (UTF-16 code units) of the matched words in `snippet`.' }),
      explain: Explanation.optional().meta({ description: 'Only with `explain=true`: why it scored what it did.' }),
    })
    .strict(),
  'A chunk with an absolute `url`, the source title, its score and a snippet.',
);

const sourceFilter = () =>
  z
    .array(slug())
    .nullable()
    .meta({ description: 'The source or instrument ids the answer was restricted to, as given (repeats dropped); null for every source. An array even for one id.' });
const analysedIn = () =>
  z.enum(LANGUAGES).meta({ description: 'The language the query was analysed in and whose sources were searched: `lang` as given, or detected from the query.' });
const phrasings = () =>
  strings().meta({ description: 'The other phrasings searched beside the query and fused with it (repeats of it dropped); empty when none were given.' });

export const PhraseNotice = named(
  'PhraseNotice',
  z
    .object({
      phrases: strings().min(1).meta({ description: 'The quoted phrases of the query (and of its other phrasings), as typed.' }),
      matched: z.literal(0).meta({ description: 'No chunk holds them as phrases (in the sources searched).' }),
      words_alone_total: count().meta({ description: 'How many chunks the same words match without the quote marks: the results (or passages) are the best of those.' }),
    })
    .strict(),
  'The query quoted phrases that no chunk holds, so the answer is what their words find without the quote marks.',
);
const phraseNotice = () =>
  PhraseNotice.nullable().meta({ description: 'Set only when no chunk holds the quoted phrases of the query: the answer is then what the same words find without the quote marks. Null otherwise.' });

export const SearchResponse = named(
  'SearchResponse',
  z
    .object({
      query: z.string().meta({ description: 'The query as searched, trimmed.' }),
      queries: phrasings(),
      top: z.int().min(LIMITS.topMin).max(LIMITS.topMax).meta({ description: 'How many results were asked for.' }),
      law_as_of: date().meta({ description: 'The day the official texts answer for: the `as_of` asked, or today.' }),
      source: sourceFilter(),
      lang: analysedIn(),
      total: count().meta({
        description:
          'How many chunks match, of which `results` are the best `top`. With other phrasings, the most any one of them matches (at least the distinct chunks of the rankings fused).',
      }),
      phrase_notice: phraseNotice(),
      results: z.array(SearchResult).meta({ description: 'The best matches, best first.' }),
      ...licensed,
    })
    .strict(),
);

export const RagChunk = named(
  'RagChunk',
  z
    .object({
      n: z.int().min(1).meta({ description: "The passage's number in `context`, from 1." }),
      ids: z.array(z.string().regex(CHUNK_ID)).min(1).meta({ description: 'Chunk ids merged into the passage.' }),
      source: slug(),
      text: z.string(),
      score: z.number(),
      citation: z
        .object({
          title: z.string(),
          kind: sourceKind(),
          version: VersionRef.nullable().meta({ description: 'For an official text, the version the passage is from; null for an explainer.' }),
          heading: z.string(),
          path: strings(),
          pinpoint: z.string().optional().meta({ description: 'Legal citation of the passage\'s first chunk ("Art. 5(1)(f)"), when it has one.' }),
          url: z.url(),
          license: z.string(),
          as_of: date().meta({ description: "The source's `as_of`, also given in the passage's line of `context`." }),
        })
        .strict(),
    })
    .strict(),
);

export const RagResponse = named(
  'RagResponse',
  z
    .object({
      query: z.string().meta({ description: 'The question as asked, trimmed.' }),
      queries: phrasings(),
      top_k: z.int().min(LIMITS.topMin).max(LIMITS.topMax).meta({ description: 'How many chunks were retrieved.' }),
      law_as_of: date().meta({ description: 'The day the official texts answer for: the `as_of` asked, or today.' }),
      max_chars: z.int().nullable().meta({ description: 'The cap on `context`, or null.' }),
      source: sourceFilter(),
      lang: analysedIn(),
      phrase_notice: phraseNotice(),
      chunks: z.array(RagChunk).meta({ description: 'The numbered passages, in the order of `context`.' }),
      context: z.string().meta({ description: 'The passages numbered [1]..[n] with their citations, ready to paste into a prompt.' }),
      sources: z.array(SourceMeta).meta({ description: 'The distinct sources cited, in order of first citation.' }),
      ...licensed,
    })
    .strict(),
);

export const GlossaryItem = named(
  'GlossaryItem',
  z
    .object({ ...glossaryFields, url: z.string().meta({ format: 'uri-reference', description: "The term's anchor on the glossary page." }) })
    .strict(),
);

export const GlossaryResponse = named(
  'GlossaryResponse',
  z
    .object({
      query: z.string().nullable().meta({ description: 'The filter text, or null for every entry.' }),
      ...pageOf('entries'),
      entries: z.array(GlossaryItem).meta({ description: 'Best match first when filtered, else A to Z.' }),
      ...licensed,
    })
    .strict(),
);

export const SourceItem = named(
  'SourceItem',
  SourceMeta.extend({
    chunks: count().meta({ description: "Number of chunks of this source; they add up to /health's `chunks`." }),
    page: z.string().meta({ format: 'uri-reference', description: "The source's page on the docs site." }),
  }).strict(),
);

export const SourcesResponse = named(
  'SourcesResponse',
  z
    .object({
      total: count().meta({ description: 'Number of sources.' }),
      sources: z.array(SourceItem).meta({ description: 'Every source, by id.' }),
      ...licensed,
    })
    .strict(),
);

export const WisdomResponse = named(
  'WisdomResponse',
  z
    .object({
      category: z.string().nullable().meta({ description: 'The category filter, or null.' }),
      ...pageOf('entries'),
      entries: z.array(WisdomEntry).meta({ description: 'By category, then id.' }),
      categories: z.array(CategoryCount).meta({ description: 'Every category with its number of entries, whatever the filter.' }),
      ...licensed,
    })
    .strict(),
);

// ---------------------------------------------------------------------------------------------------------
// One resource by id

const neighbour = (which: string) =>
  z.string().regex(CHUNK_ID).nullable().meta({ description: `Id of the ${which} chunk of the same source, or null.` });

export const Change = named(
  'Change',
  z
    .object({
      kind: z.enum(ENTRY_KINDS).meta({ description: 'What changed: a source, a glossary term, an insight, a provision of an indexed official text (`law`: an amendment, dated the day the new version is in force), or a date of the timeline (`timeline`: an event dated or moved, dated the day the text stating it is in force; its id is the instrument and event ids joined).' }),
      id: slug().meta({ description: 'Its id, for /sources/{id}, /glossary/{id} or /wisdom/{id}.' }),
      title: z.string().meta({ description: 'Its title or term.' }),
      date: date().meta({ description: 'When the change was made.' }),
      note: z.string().min(1).meta({ description: 'The changelog line.' }),
      event: z
        .object({ date: date(), what: z.string().min(1) })
        .strict()
        .nullable()
        .meta({ description: 'The change in the world the line follows (what happened and when), or null when the line corrects our text alone.' }),
      url: absoluteUrl('The entry on the docs site.'),
      as_of: date().meta({ description: "The entry's current `as_of`." }),
    })
    .strict(),
);

export const ChangesResponse = named(
  'ChangesResponse',
  z
    .object({
      since: date().nullable().meta({ description: 'The `since` asked for, or null for the whole history.' }),
      kind: z.array(z.enum(ENTRY_KINDS)).nullable().meta({ description: 'The kinds asked for, or null for every kind.' }),
      total: count().meta({ description: 'How many changes are dated on or after `since`, of the kinds asked for.' }),
      limit: z.int().min(1).meta({ description: 'The page size asked for.' }),
      offset: count().meta({ description: 'How many changes were skipped.' }),
      next: z.string().nullable().meta({ description: 'Path and query of the next page, or null on the last one.' }),
      changes: z.array(Change).meta({ description: 'Newest first; ties by kind, then id.' }),
      ...licensed,
    })
    .strict(),
);

export const ChunkResponse = named(
  'ChunkResponse',
  SearchResult.omit({ score: true, snippet: true, highlights: true, explain: true })
    .extend({
      source_license: z.string().meta({ description: "The license of the source's text, as in the registry." }),
      previous: neighbour('previous'),
      next: neighbour('next'),
      ...licensed,
    })
    .strict(),
  'One chunk with its source title and license and the ids of its neighbours.',
);

export const SourceSection = named(
  'SourceSection',
  z
    .object({
      heading: z.string().meta({ description: 'The section heading; the source title for text before the first heading.' }),
      path: strings().meta({ description: 'Headings from the outermost down to this one; empty before the first heading.' }),
      url: absoluteUrl("Absolute URL of the section's anchor on the docs site."),
      chunks: z.array(z.string().regex(CHUNK_ID)).meta({ description: 'Ids of the chunks of this section, in order.' }),
    })
    .strict(),
);

export const SourceResponse = named(
  'SourceResponse',
  z
    .object({
      source: SourceItem,
      sections: z.array(SourceSection).meta({ description: 'The table of contents: every section, in document order.' }),
      ...licensed,
    })
    .strict(),
  "A source's registry entry and its table of contents.",
);

export const GlossaryEntryResponse = named('GlossaryEntryResponse', GlossaryItem.extend(licensed).strict());
export const WisdomEntryResponse = named('WisdomEntryResponse', WisdomEntry.extend(licensed).strict());

export const Problem = named(
  'Problem',
  z
    .object({
      type: z.url().meta({ description: 'A URI identifying the kind of problem (the HTTP status in RFC 9110).' }),
      title: z.string().meta({ description: 'Short summary of the status, e.g. "Bad Request".' }),
      status: z.int().min(400).max(599),
      detail: z.string().meta({ description: 'What is wrong and how to fix it, for a person to read.' }),
      parameter: z.string().optional().meta({ description: 'The request parameter or body field at fault, when there is one.' }),
      ...licensed,
    })
    .strict(),
  'RFC 9457 problem details, sent as application/problem+json with the status code.',
);
