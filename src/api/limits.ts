/** Constants of the API, stated in errors, the docs and the OpenAPI document from this one place. */
export const LICENSE = 'CC-BY-4.0';
export const API_BASE = '/api/occ';

export const LIMITS = {
  queryMaxChars: 1000,
  topMin: 1,
  topMax: 50,
  topDefault: 5,
  maxCharsMin: 200,
  maxCharsMax: 100_000,
  bodyMaxBytes: 16 * 1024,
  /** The answer POST /verify checks, and the body that carries it (the text JSON-escaped, \uXXXX at worst, fits). */
  verifyTextMaxChars: 20_000,
  verifyBodyMaxBytes: 128 * 1024,
  changesMin: 1,
  changesMax: 200,
  changesDefault: 50,
  offsetMax: 1_000_000,
  /** Pages of /glossary and /wisdom (whole unless `limit` is given), and the MCP tools' default page. */
  pageMin: 1,
  pageMax: 200,
  toolPageDefault: 50,
} as const;
