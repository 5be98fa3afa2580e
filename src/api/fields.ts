/**
 * Request fields as Zod schemas whose error messages name the parameter, quote the value and say what is
 * allowed. Validation takes the first issue's message as the problem's `detail` and its path as `parameter`.
 */
import { z } from 'zod';
import { SLUG } from '../core/corpus/fields.js';
import { LANGUAGES } from '../core/index/languages.js';
import { LIMITS } from './limits.js';

/** A value as an error message quotes it. */
export function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

const chars = (text: string) => [...text].length;

/** Query text: required, not blank, at most LIMITS.queryMaxChars characters (code points, as JSON Schema counts). */
export function text(name: string, what: string) {
  const max = LIMITS.queryMaxChars;
  return z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? `"${name}" is required: the text to search for, 1 to ${max} characters.`
          : `"${name}" must be a string, got ${kind(iss.input)}.`,
    })
    .trim()
    .min(1, { error: `"${name}" must not be blank: give 1 to ${max} characters.` })
    .refine((s) => chars(s) <= max, { error: (iss) => `"${name}" is ${chars(String(iss.input))} characters long; at most ${max} are allowed.` })
    .meta({ maxLength: max, description: `${what}; 1 to ${max} characters after trimming.` });
}

function integer(name: string, min: number, max: number) {
  const error = (iss: { input?: unknown }) => `"${name}" must be an integer from ${min} to ${max}, got ${kind(iss.input)}.`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}

/**
 * An integer in [min, max] from a JSON body: it must be a JSON integer ("5" and 5.5 are refused, so a client's
 * type bug shows up at once); absent means `fallback`.
 */
export const jsonInteger = (name: string, min: number, max: number, fallback: number) => integer(name, min, max).default(fallback);

/** The same from a query string, where it must be written as digits. */
export function queryInteger(name: string, min: number, max: number, fallback: number) {
  const digits = (v: unknown) => (typeof v === 'string' && /^\s*[+]?\d{1,9}\s*$/.test(v) ? Number(v) : v);
  return z.preprocess(digits, integer(name, min, max).default(fallback));
}

/** A nullable integer: null or absent means no value. */
export const nullableInteger = (name: string, min: number, max: number) => integer(name, min, max).nullable().optional();

/** An id or category: lowercase words joined by hyphens. Given but blank is refused: omit it instead. */
export function slugParam(name: string, example: string, omitted: string) {
  const form = `lowercase letters and digits joined by hyphens, such as "${example}"`;
  return z
    .string({ error: (iss) => (iss.input === undefined ? `"${name}" is required: ${form}.` : `"${name}" must be a string, got ${kind(iss.input)}.`) })
    .trim()
    .min(1, { error: `"${name}" must not be blank; omit it ${omitted}.` })
    .regex(SLUG, { error: (iss) => `"${name}" must be ${form}, got ${kind(iss.input)}.` });
}

/**
 * The language a query is analysed in and whose sources it searches (/search, /rag): one of LANGUAGES. Omitted,
 * the query's language is detected among the index's (docs/ranking/languages.md).
 */
export function langParam(name: string) {
  const allowed = LANGUAGES.map((l) => `"${l}"`).join(', ');
  const error = (iss: { input?: unknown }) => `"${name}" must be one of ${allowed}, got ${kind(iss.input)}.`;
  return z
    .enum(LANGUAGES, { error })
    .optional()
    .meta({
      description:
        `The language of the query (${allowed}): it is analysed with that language's stemmer and stop words, and only sources in that ` +
        'language (their `language`) are searched. Omitted: detected from the query (French function words, accented letters, elisions ' +
        'against English function words) among the languages the corpus holds; a corpus of one language is searched whole.',
    });
}

/** An on/off switch: "true" or "false" in a query string, a JSON boolean from MCP arguments; absent means off. */
export function flagParam(name: string) {
  const error = (iss: { input?: unknown }) => `"${name}" must be true or false, got ${kind(iss.input)}.`;
  const written = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);
  return z.preprocess(written, z.boolean({ error }).optional());
}

/** A chunk id from a URL path (or an MCP argument, which may be absent or not a string): `<source>:<hash>`. */
export function chunkIdParam(name: string, pattern: RegExp) {
  const form = 'a chunk id, "<source id>:<hash>" such as "eu-ai-act:1a2b3c4d5e6f"';
  const error = (iss: { input?: unknown }) => (iss.input === undefined ? `"${name}" is required: ${form}.` : `"${name}" must be ${form}, got ${kind(iss.input)}.`);
  return z.string({ error }).regex(pattern, { error });
}

/** A calendar date written YYYY-MM-DD that exists (2026-02-30 is refused). Given but blank is refused: omit it instead. */
export function dateParam(name: string, omitted: string) {
  const error = (iss: { input?: unknown }) => `"${name}" must be a date written YYYY-MM-DD, such as "2026-01-31", got ${kind(iss.input)}.`;
  return z
    .string({ error: (iss) => `"${name}" must be a string, got ${kind(iss.input)}.` })
    .trim()
    .min(1, { error: `"${name}" must not be blank; omit it ${omitted}.` })
    .pipe(z.iso.date({ error }));
}

/** How a list parameter is written in a query string: its separator, as OpenAPI's `style` names it. */
const SEPARATORS = new WeakMap<z.ZodType, ',' | '|'>();
export const separatorOf = (field: z.ZodType): ',' | '|' | undefined => SEPARATORS.get(field);

/**
 * Several values in one optional field: an array of them (a JSON body, MCP arguments), or one string of them
 * joined by `separator` (a query string, where a parameter is given once; a single value is a list of one). Each
 * value is checked by `item`, whose message names the field; repeats are dropped, at most `max` are allowed.
 */
export function listParam<T extends string>(name: string, item: z.ZodType<T>, options: { separator: ',' | '|'; max: number; what: string; description: string }) {
  const { separator, max, what, description } = options;
  const written = separator === ',' ? 'comma-separated' : `separated by "${separator}"`;
  const list = z
    .array(item, { error: (iss) => `"${name}" must be ${what} or an array of them (in a query string, ${written}), got ${kind(iss.input)}.` })
    .min(1, { error: `"${name}" must not be empty; omit it instead.` })
    .max(max, { error: (iss) => `"${name}" lists ${Array.isArray(iss.input) ? iss.input.length : 'too many'} values; at most ${max} are allowed.` });
  const split = (value: unknown) => {
    const values = typeof value === 'string' ? value.split(separator) : value;
    return Array.isArray(values) ? [...new Set(values)] : values;
  };
  const field = z.preprocess(split, list).optional().meta({ description });
  SEPARATORS.set(field, separator);
  return field;
}

/** An optional integer from a query string (or a JSON integer from MCP arguments); absent means no value. */
export function optionalQueryInteger(name: string, min: number, max: number) {
  const digits = (v: unknown) => (typeof v === 'string' && /^\s*[+]?\d{1,9}\s*$/.test(v) ? Number(v) : v);
  return z.preprocess(digits, integer(name, min, max).optional());
}

/**
 * `limit` and `offset` of a list that is whole unless a page is asked for (/glossary, /wisdom): REST clients that
 * never page keep the whole list; a tool may default `limit` (ToolSpec.defaults).
 */
export const pageFields = (what: string) => ({
  limit: optionalQueryInteger('limit', LIMITS.pageMin, LIMITS.pageMax).meta({
    description: `At most this many ${what}: ${LIMITS.pageMin} to ${LIMITS.pageMax}; absent for all of them (over MCP the tool's default is ${LIMITS.toolPageDefault}).`,
  }),
  offset: queryInteger('offset', 0, LIMITS.offsetMax, 0).meta({ description: `How many ${what} to skip: 0 to ${LIMITS.offsetMax}, default 0.` }),
});

/** One page of a list, with the fields every paged answer carries. */
export function paged<T>(all: readonly T[], limit: number | undefined, offset: number) {
  const entries = all.slice(offset, limit === undefined ? undefined : offset + limit);
  const next = offset + entries.length;
  return { total: all.length, limit: limit ?? null, offset, next_offset: next < all.length ? next : null, entries };
}
