import { API_HEADERS } from './respond.js';

/** Preflight answer for a route allowing `allow`; the max-age spares browsers a preflight per request. */
export function preflightHeaders(allow: string): Record<string, string> {
  return {
    ...API_HEADERS,
    'access-control-allow-methods': allow,
    'access-control-allow-headers': 'content-type',
    'access-control-max-age': '86400',
    allow,
  };
}
