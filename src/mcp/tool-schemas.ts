/**
 * The JSON Schemas a tool publishes, derived from its endpoint declaration: the arguments from the declaration's
 * `input`, field by field as the OpenAPI document states its parameters, and the answer from its `response`.
 */
import type { z } from 'zod';
import type { AnyEndpoint } from '../api/endpoint.js';
import { jsonSchema } from '../api/openapi.js';

type Json = Record<string, unknown>;

/**
 * Each field's schema as validated (a query-string integer shows as the integer it must be), required unless
 * absence is allowed, and nothing else: a misspelt argument is refused rather than ignored.
 */
export function inputSchema(endpoint: AnyEndpoint, defaults: Readonly<Record<string, unknown>> = {}): Json {
  const fields = Object.entries(endpoint.input.shape as Record<string, z.ZodType>);
  const required = fields.filter(([, field]) => !field.safeParse(undefined).success).map(([name]) => name);
  // A tool's own default (a page size where REST gives the whole list) is the one the schema states.
  const published = (name: string, field: z.ZodType) => ({ ...jsonSchema(field, 'output'), ...(name in defaults ? { default: defaults[name] } : {}) });
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map(([name, field]) => [name, published(name, field)])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

export function outputSchema(endpoint: AnyEndpoint): Json {
  if (endpoint.response === undefined) throw new Error(`${endpoint.id} has no response schema to publish`);
  return portable(jsonSchema(endpoint.response, 'output')) as Json;
}

/**
 * A fixed-length array of one item type (search's highlight pairs) as `items` with a length rather than 2020-12
 * `prefixItems`: MCP clients validate answers with draft-07 validators (the SDK's own among them), which ignore
 * `prefixItems` and still apply `items: false`, so they would refuse every answer with a highlight.
 */
function portable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(portable);
  if (typeof value !== 'object' || value === null) return value;
  const schema = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, portable(v)])) as Json;
  const prefix = schema['prefixItems'];
  if (!Array.isArray(prefix) || prefix.length === 0) return schema;
  const same = prefix.every((item) => JSON.stringify(item) === JSON.stringify(prefix[0]));
  if (!same || schema['items'] !== false) return schema;
  const { prefixItems: _prefixItems, ...rest } = schema;
  return { ...rest, items: prefix[0], minItems: prefix.length, maxItems: prefix.length };
}
