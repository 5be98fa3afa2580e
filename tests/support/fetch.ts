import { expect, inject } from 'vitest';
import { matchRoute, pathSegments } from '../../src/server/http/routes.js';
import { OpenApiCheck } from './openapi.js';

export const baseUrl = (): string => inject('baseUrl');

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

let check: Promise<OpenApiCheck> | undefined;

/**
 * Fetches from the test server, checks the answer against the served OpenAPI document (a documented
 * operation's status, type and schema; anything else must be a Problem) and parses the body as JSON.
 */
export async function getJson<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const response = await fetch(new URL(path, baseUrl()), init);
  const method = init?.method ?? 'GET';
  const segments = pathSegments(new URL(path, baseUrl()).pathname);
  const route = (segments && matchRoute(segments)?.route.path) ?? new URL(path, baseUrl()).pathname;
  check ??= OpenApiCheck.load(baseUrl());
  const openapi = await check;
  const text = await response.clone().text();
  if (openapi.doc['paths'][route]?.[method.toLowerCase()] !== undefined) {
    expect(await openapi.response(response, method, route)).toEqual([]);
  } else {
    expect(openapi.schemaErrors({ $ref: '#/components/schemas/Problem' }, JSON.parse(text))).toEqual([]);
  }
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
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
