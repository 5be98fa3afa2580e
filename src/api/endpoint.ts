/**
 * The shape of one endpoint's declaration. Everything else about an endpoint is derived from it: the route
 * table (src/server/http/routes.ts), request validation (src/server/http/input.ts), the types (z.infer), the
 * OpenAPI document (./openapi.ts), the docs examples (run by the build, scripts/api-examples.ts), admission
 * of expensive calls (src/server/http/admission.ts) and the MCP tools (src/mcp/tools.ts).
 */
import type { z } from 'zod';
import type { Service } from './service.js';
import type { Licensed } from './types.js';

/** What a handler may use besides its validated input. */
export interface Context {
  service: Service;
  /** Every declaration served, in the docs' order (the OpenAPI document describes them). */
  endpoints: readonly AnyEndpoint[];
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

/** The answer as a client receives it: the handler's body with the license fields. */
export type Answer<R> = R extends z.ZodObject ? z.output<R> : never;

/** How a model sees an endpoint as an MCP tool; the tool runs the declaration's input, handler and response. */
export interface ToolSpec<R> {
  name: string;
  title: string;
  /** Written for a model choosing a tool; it may state what the loaded corpus holds. */
  description(service: Service): string;
  /**
   * Arguments the tool takes when the model leaves them out, where the tool's default differs from the REST
   * one (a list whole over REST comes in pages over MCP); published as the argument's `default`.
   */
  defaults?: Readonly<Record<string, unknown>>;
  /** The answer as compact text for the model; `structuredContent` carries the data, once. */
  render(answer: Answer<R>): string;
}

/**
 * `expensive` calls wait for a turn in admission (src/server/http/admission.ts). `arg` reads the call's raw
 * arguments (a query string or an MCP tool's arguments), so both doors class the same work the same way.
 */
export type Cost = (arg: (name: string) => unknown) => 'cheap' | 'expensive';

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
  /** The 200 body; undefined for the free-form OpenAPI document and for a body that is not JSON (`produces`). */
  response: R;
  /** The 200 body's media type when it is not JSON (the iCalendar feed): the handler then returns the text. */
  produces?: 'text/calendar';
  /** Every client error it can answer, with when. */
  errors: Partial<Record<ErrorStatus, string>>;
  /** `short`: cacheable for a minute with an ETag; `none`: no-store. */
  cache: 'short' | 'none';
  /** Served from the prerendered build (a static file) rather than per request. */
  prerendered?: boolean;
  handler(input: z.output<I>, context: Context): Body<R> | Promise<Body<R>>;
  /** Example calls for the docs, chosen from what the loaded content has. */
  examples(service: Service): Call[];
  /** The MCP tool running this endpoint, for those a model should see. */
  tool?: ToolSpec<R>;
  /** How much a call costs; cheap when absent. */
  cost?: Cost;
}

/** A handler returns the body without the license fields every body carries; they are added on the way out. */
export type Body<R> = R extends z.ZodObject ? Omit<z.output<R>, keyof Licensed> : Record<string, unknown> | string;

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
