import type { AnyEndpoint } from '../../api/endpoint.js';
import { bodyLimit, fieldsIn, inputLocation } from '../../api/endpoint.js';
import { kind } from '../../api/fields.js';
import { HttpProblem } from '../../api/problem.js';

/**
 * Gathers an endpoint's input from the path parameters, the query string or the JSON body, and validates it
 * with the declaration's schema. The first issue becomes a 400 naming the field, in the schema's own words.
 * A name the endpoint does not take is refused too: a misspelt `tpo=3` or `{"topk": 3}` would otherwise be
 * answered as if it were absent.
 */
export async function readInput(endpoint: AnyEndpoint, request: Request, url: URL, params: Record<string, string>): Promise<unknown> {
  const raw: Record<string, unknown> = {};
  checkEncoding(url.search);
  const fields = Object.keys(endpoint.input.shape as object);
  const whose = `${endpoint.method} ${endpoint.path}`;
  if (endpoint.method === 'POST') {
    const given = [...url.searchParams.keys()][0];
    if (given !== undefined) throw new HttpProblem(400, `${whose} reads its fields from the JSON body, not the query string; got the parameter "${given}".`, given);
  } else {
    refuseUnknown(url.searchParams.keys(), fieldsIn(endpoint, 'query'), 'parameter', whose);
  }
  for (const field of fields) {
    const from = inputLocation(endpoint, field);
    if (from === 'path') raw[field] = params[field];
    if (from === 'query') {
      const values = url.searchParams.getAll(field);
      if (values.length > 1) throw new HttpProblem(400, `Parameter "${field}" was given ${values.length} times; give it once.`, field);
      raw[field] = values[0];
    }
  }
  if (endpoint.method === 'POST') {
    const body = await jsonObjectBody(request, bodyLimit([endpoint]));
    refuseUnknown(Object.keys(body), fieldsIn(endpoint, 'body'), 'field', whose);
    Object.assign(raw, body);
  }
  return parseInput(endpoint, raw);
}

/**
 * Refuses the first of `names` that is not `allowed`, naming what is: the schema would drop it silently. The MCP
 * tools refuse an unknown argument the same way.
 */
export function refuseUnknown(names: Iterable<string>, allowed: readonly string[], what: string, whose: string): void {
  for (const name of names) {
    if (allowed.includes(name)) continue;
    const known = allowed.length === 0 ? `${whose} takes no ${what}s` : `the ${what}s of ${whose} are: ${allowed.join(', ')}`;
    throw new HttpProblem(400, `Unknown ${what} "${name}"; ${known}.`, name);
  }
}

/**
 * Validates gathered fields with the declaration's schema: the first issue becomes a 400 naming the field, in
 * the schema's own words. The MCP tools call it with their arguments, so both answer bad input alike.
 */
export function parseInput(endpoint: AnyEndpoint, raw: Record<string, unknown>): unknown {
  const parsed = endpoint.input.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  throw new HttpProblem(400, issue?.message ?? 'The request is invalid.', typeof field === 'string' ? field : undefined);
}

/**
 * URLSearchParams silently turns malformed percent-encoding and overlong UTF-8 into U+FFFD; a query that did not
 * say what the client meant is refused instead, naming the parameter.
 */
function checkEncoding(search: string): void {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replaceAll('+', ' '));
    } catch {
      return undefined;
    }
  };
  for (const pair of search.slice(1).split('&')) {
    const at = pair.indexOf('=');
    const name = at < 0 ? pair : pair.slice(0, at);
    if (decode(name) !== undefined && decode(at < 0 ? '' : pair.slice(at + 1)) !== undefined) continue;
    const shown = decode(name) ?? name;
    throw new HttpProblem(400, `Parameter "${shown}" is not valid percent-encoded UTF-8; encode the text as UTF-8, then percent-encode it.`, shown);
  }
}

/** Reads a JSON object body within `limit` bytes; text/plain is accepted so browsers skip the preflight. */
async function jsonObjectBody(request: Request, limit: number): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && type !== 'application/json' && type !== 'text/plain') {
    throw new HttpProblem(415, `Content-Type "${type}" is not accepted; send the JSON body as application/json or text/plain.`);
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit, declared);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > limit) throw tooLarge(limit, bytes.byteLength);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpProblem(400, 'The body is not valid UTF-8 JSON; send an object such as {"query": "high-risk AI", "top_k": 5}.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpProblem(400, `The body must be a JSON object such as {"query": "high-risk AI"}, got ${kind(body)}.`);
  }
  return body as Record<string, unknown>;
}

/** The 413 for a body over `limit`; `size` when it is known, as it is not for a body refused mid-stream. */
export function tooLarge(limit: number, size?: number): HttpProblem {
  const what = size === undefined ? `larger than ${limit} bytes` : `${size} bytes`;
  return new HttpProblem(413, `The body is ${what}; at most ${limit} bytes are accepted.`);
}
