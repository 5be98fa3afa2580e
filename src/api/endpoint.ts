/**
 * The shape of one endpoint's declaration. Everything else about an endpoint is derived from it: the route
 * table (src/server/http/routes.ts), request validation (src/server/http/input.ts), the types (z.infer), the
 * OpenAPI document (./openapi.ts), the docs examples (src/site/api-examples.ts) and the MCP tools.
 */
import type { z } from 'zod';
import type { Licensed } from './types.js';
import type { Service } from '../server/engine.js';

/** What a handler may use besides its validated input. */
export interface Context {
  service: Service;
  /** Absolute URL of a site path, for the origin the client reached. */
  siteUrl(path: string): string;
}

/** One documented call, sent through the real handler by the build; a wrong status fails the build. */
export interface Call {
  summary: string;
  status: number;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A raw body (to show an error); defaults to the JSON of `body`. */
  raw?: string;
  contentType?: string;
}

export type ErrorStatus = 400 | 404 | 413 | 415;

export interface Endpoint<I extends z.ZodObject = z.ZodObject, R extends z.ZodObject | undefined = z.ZodObject | undefined> {
  /** Operation id, also the MCP tool's stem. */
  id: string;
  method: 'GET' | 'POST';
  /** Path template; `{name}` is a path parameter, whose schema is the field `name` of `input`. */
  path: string;
  summary: string;
  description: string;
  /** Path, query (GET) or body (POST) fields, as one Zod object. */
  input: I;
  /** The 200 body; undefined only for the free-form OpenAPI document. */
  response: R;
  /** Every client error it can answer, with when. */
  errors: Partial<Record<ErrorStatus, string>>;
  /** `short`: cacheable for a minute with an ETag; `none`: no-store. */
  cache: 'short' | 'none';
  /** Served from the prerendered build (a static file) rather than per request. */
  prerendered?: boolean;
  handler(input: z.output<I>, context: Context): Body<R> | Promise<Body<R>>;
  /** Example calls for the docs, chosen from what the loaded content has. */
  examples(service: Service): Call[];
}

/** A handler returns the body without the license fields every body carries; they are added on the way out. */
export type Body<R> = R extends z.ZodObject ? Omit<z.output<R>, keyof Licensed> : Record<string, unknown>;

/** Declares an endpoint, keeping its input and response types for the handler. */
export const endpoint = <I extends z.ZodObject, R extends z.ZodObject | undefined>(e: Endpoint<I, R>): Endpoint<I, R> => e;

// The list holds endpoints of every input and response type; each was checked where it was declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any>;

/** Names of the `{parameters}` of a path template. */
export const pathParameters = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/** Where each input field comes from. */
export const inputLocation = (e: Pick<Endpoint, 'method' | 'path'>, field: string): 'path' | 'query' | 'body' =>
  pathParameters(e.path).includes(field) ? 'path' : e.method === 'POST' ? 'body' : 'query';

/** The input fields an endpoint reads from one place: what a request may name there. */
export const fieldsIn = (e: Pick<AnyEndpoint, 'method' | 'path' | 'input'>, location: 'path' | 'query' | 'body'): string[] =>
  Object.keys(e.input.shape as object).filter((field) => inputLocation(e, field) === location);
