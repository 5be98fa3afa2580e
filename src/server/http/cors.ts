/**
 * The API is public and read-only, with no cookies: any origin may read it. Sent on every /api response,
 * errors and static JSON included, so a browser never hides an error from the calling page.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'content-length, etag, x-occ-version',
};

/** Preflight answer for a route allowing `allow`; the max-age spares browsers a preflight per request. */
export function preflightHeaders(allow: string): Record<string, string> {
  return {
    ...CORS_HEADERS,
    'access-control-allow-methods': allow,
    'access-control-allow-headers': 'content-type',
    'access-control-max-age': '86400',
    allow,
  };
}
