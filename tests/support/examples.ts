import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Example } from '../../src/api/example.js';
import { ENDPOINTS } from '../../src/api/endpoints/index.js';

export interface DeclaredCall {
  name: string;
  method: 'GET' | 'POST';
  /** The route's path template, e.g. `/api/occ/chunks/{id}`. */
  route: string;
  /** The path with its parameters filled in. */
  path: string;
  query?: string;
  body?: string;
  contentType?: string;
  status: number;
}

/**
 * Every example call the endpoint declarations made for a build (`<build>/api-examples.json`, written by the
 * build), as calls a test can send to the server: a new endpoint's examples join the HTTP tests without a list.
 */
export function declaredCalls(buildDir = path.resolve('build')): DeclaredCall[] {
  const examples = JSON.parse(readFileSync(path.join(buildDir, 'api-examples.json'), 'utf8')) as Record<string, Example[]>;
  return ENDPOINTS.flatMap((e) =>
    (examples[e.id] ?? []).map((x) => {
      const filled = e.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(x.params?.[name] ?? name));
      const query = x.query ? new URLSearchParams(x.query).toString() : undefined;
      const body = x.raw?.body ?? (x.body === undefined ? undefined : JSON.stringify(x.body));
      return {
        name: `declared example "${x.summary}"`,
        method: e.method,
        route: e.path,
        path: filled,
        ...(query ? { query } : {}),
        ...(body === undefined ? {} : { body, contentType: x.raw?.contentType ?? 'application/json' }),
        status: x.status,
      };
    }),
  );
}
