import { HttpProblem } from '../../api/problem.js';

/**
 * The methods HTTP itself defines (RFC 9110 section 9, and PATCH): a route that does not take one answers 405.
 * Any other method, one Node parses (PROPFIND, QUERY, …) or one it refuses (FOO), is one this server does not
 * implement at all: 501 (RFC 9110 15.6.2).
 */
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']);
/** A method as RFC 9110 5.6.2 spells a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const notImplemented = (method: string) =>
  new HttpProblem(501, `The method ${method} is not implemented by this server; the API answers GET, HEAD, POST and OPTIONS.`);

export const versionNotSupported = (version: string) =>
  new HttpProblem(505, `HTTP/${version} is not supported; send the request as HTTP/1.1 (or HTTP/1.0).`);

/** The 501 or 505 a parsed request gets before any routing, or undefined when both method and version are served. */
export function unsupportedRequest(method: string, major: number, minor: number): HttpProblem | undefined {
  // Node parses a few versions it does not speak (a textual HTTP/2.0, HTTP/0.9) and answers them as HTTP/1.1.
  if (major !== 1) return versionNotSupported(`${major}.${minor}`);
  if (!HTTP_METHODS.has(method)) return notImplemented(method);
  return undefined;
}

/**
 * What Node's parser refused as an invalid method or version, read from the request line it kept: a method that
 * is a well-formed token is 501, a well-formed version other than 1.0/1.1 is 505; undefined for a malformed one.
 */
export function unsupportedRequestLine(rawPacket: Buffer | undefined, code: string | undefined): HttpProblem | undefined {
  const line = rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '';
  const [method = '', , version = ''] = line.split(' ');
  if (code === 'HPE_INVALID_METHOD' && TOKEN.test(method)) return notImplemented(method);
  const numbered = /^HTTP\/(\d)\.(\d)$/.exec(version);
  if (code === 'HPE_INVALID_VERSION' && numbered && TOKEN.test(method)) return versionNotSupported(`${numbered[1]}.${numbered[2]}`);
  return undefined;
}
