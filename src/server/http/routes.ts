import { API_BASE } from '../../api/types.js';

/** Every URL of the API with the methods it answers; the server answers 404/405 for anything else. */
export const API_ROUTES: Readonly<Record<string, readonly string[]>> = {
  [`${API_BASE}/health`]: ['GET', 'HEAD'],
  [`${API_BASE}/search`]: ['GET', 'HEAD'],
  [`${API_BASE}/rag`]: ['POST'],
  [`${API_BASE}/glossary`]: ['GET', 'HEAD'],
  [`${API_BASE}/sources`]: ['GET', 'HEAD'],
  [`${API_BASE}/wisdom`]: ['GET', 'HEAD'],
  [`${API_BASE}/openapi.json`]: ['GET', 'HEAD'],
  '/api/glossary.json': ['GET', 'HEAD'],
};

/** The allowed methods as an `Allow` header value, OPTIONS included. */
export function allowHeader(methods: readonly string[]): string {
  return [...methods, 'OPTIONS'].join(', ');
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
