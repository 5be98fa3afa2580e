import { LIMITS } from '../../api/types.js';
import { HttpProblem } from './problem.js';

/** A parameter given more than once is refused rather than silently picking one. */
function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new HttpProblem(400, `Parameter "${name}" was given ${values.length} times; give it once.`, name);
  return values[0];
}

/** Query text: required, not blank, at most LIMITS.queryMaxChars characters. */
export function queryText(value: unknown, name: string): string {
  if (value === undefined || value === null) {
    throw new HttpProblem(400, `"${name}" is required: the text to search for, 1 to ${LIMITS.queryMaxChars} characters.`, name);
  }
  if (typeof value !== 'string') throw new HttpProblem(400, `"${name}" must be a string, got ${kind(value)}.`, name);
  const text = value.trim();
  if (text === '') throw new HttpProblem(400, `"${name}" must not be blank: give 1 to ${LIMITS.queryMaxChars} characters.`, name);
  if ([...text].length > LIMITS.queryMaxChars) {
    throw new HttpProblem(400, `"${name}" is ${[...text].length} characters long; at most ${LIMITS.queryMaxChars} are allowed.`, name);
  }
  return text;
}

/**
 * An integer in [min, max]. From a query string it must be written as digits; in a JSON body it must be a
 * JSON integer: "5" and 5.0 are refused there, so a client's type bug shows up at once.
 */
export function integerIn(value: unknown, name: string, min: number, max: number, fallback?: number, fromQuery = false): number {
  const range = `an integer from ${min} to ${max}`;
  if (value === undefined || value === null) {
    if (fallback !== undefined) return fallback;
    throw new HttpProblem(400, `"${name}" is required: ${range}.`, name);
  }
  const n = fromQuery && typeof value === 'string' && /^\s*[+]?\d{1,9}\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new HttpProblem(400, `"${name}" must be ${range}, got ${kind(value)}.`, name);
  }
  return n;
}

export function searchParams(url: URL) {
  const p = url.searchParams;
  return {
    q: () => queryText(single(p, 'q'), 'q'),
    optionalText: (name: string) => {
      const value = single(p, name);
      return value === undefined || value.trim() === '' ? undefined : queryText(value, name);
    },
    top: () => integerIn(single(p, 'top'), 'top', LIMITS.topMin, LIMITS.topMax, LIMITS.topDefault, true),
    slug: (name: string) => {
      const value = single(p, name)?.trim();
      return value === undefined || value === '' ? undefined : value;
    },
  };
}

/** Reads a JSON object body within LIMITS.bodyMaxBytes; text/plain is accepted so browsers skip the preflight. */
export async function jsonObjectBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && type !== 'application/json' && type !== 'text/plain') {
    throw new HttpProblem(415, `Content-Type "${type}" is not accepted; send the JSON body as application/json or text/plain.`);
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > LIMITS.bodyMaxBytes) throw tooLarge(declared);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > LIMITS.bodyMaxBytes) throw tooLarge(bytes.byteLength);
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

/** The 413 for a body over the limit; `size` when it is known, as it is not for a body refused mid-stream. */
export function tooLarge(size?: number): HttpProblem {
  const what = size === undefined ? `larger than ${LIMITS.bodyMaxBytes} bytes` : `${size} bytes`;
  return new HttpProblem(413, `The body is ${what}; at most ${LIMITS.bodyMaxBytes} bytes are accepted.`);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
