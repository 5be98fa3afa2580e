import { inject } from 'vitest';

export const baseUrl = (): string => inject('baseUrl');

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** Fetches from the test server and parses the body as JSON whatever the status. */
export async function getJson<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const response = await fetch(new URL(path, baseUrl()), init);
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${init?.method ?? 'GET'} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

export function postRag(body: unknown, contentType = 'application/json', extra: Record<string, string> = {}) {
  return getJson('/api/occ/rag', {
    method: 'POST',
    headers: { 'content-type': contentType, ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
