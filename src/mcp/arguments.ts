/**
 * Reads tool arguments with the REST API's validators, so that a bad argument is refused with the very
 * wording of the matching problem+json detail. Arguments arrive as JSON, like the /rag body: numbers must be
 * JSON integers ("5" is refused), and text is trimmed.
 */
import type * as z from 'zod';
import { LIMITS } from '../api/types.js';
import { integerIn, queryText } from '../server/http/params.js';
import { HttpProblem } from '../server/http/problem.js';

export type Arguments = Record<string, unknown>;

/** A misspelt argument would otherwise be ignored silently and the call answered as if it were absent. */
export function rejectUnknown(args: Arguments, schema: z.ZodObject, tool: string): void {
  const allowed = Object.keys(schema.shape);
  for (const name of Object.keys(args)) {
    if (allowed.includes(name)) continue;
    const known = allowed.length === 0 ? `${tool} takes no arguments` : `the arguments of ${tool} are: ${allowed.join(', ')}`;
    throw new HttpProblem(400, `Unknown argument "${name}"; ${known}.`, name);
  }
}

export const requiredText = (args: Arguments, name: string): string => queryText(args[name], name);

/** An id: its absence is worded for what it identifies; a wrong type or blank as for any text. */
export function requiredId(args: Arguments, name: string, what: string): string {
  if (args[name] === undefined || args[name] === null) throw new HttpProblem(400, `"${name}" is required: ${what}.`, name);
  return queryText(args[name], name);
}

/** Absent, null or blank means no filter, as an empty query parameter does in the REST API. */
export function optionalText(args: Arguments, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  return queryText(value, name);
}

export const topArgument = (args: Arguments, name: string): number =>
  integerIn(args[name], name, LIMITS.topMin, LIMITS.topMax, LIMITS.topDefault);

export function maxCharsArgument(args: Arguments, name: string): number | undefined {
  const value = args[name];
  return value === undefined || value === null ? undefined : integerIn(value, name, LIMITS.maxCharsMin, LIMITS.maxCharsMax);
}
