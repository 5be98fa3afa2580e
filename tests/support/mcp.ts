/**
 * For the MCP tests: the tools the server must offer, and a strict JSON Schema 2020-12 checker for the
 * schemas it publishes and the structured answers it gives.
 */
import { TOOL_ENDPOINTS } from '../../src/api/endpoints/index.js';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

// ajv-formats is CommonJS; its default export arrives wrapped under `default` in ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/** The tools tools/list must offer, in order: the endpoint declarations that carry one. */
export const TOOL_NAMES = TOOL_ENDPOINTS.map((e) => e.tool?.name ?? '');

export class SchemaCheck {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true });
  private readonly compiled = new Map<object, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
  }

  /** Errors of the schema itself against the 2020-12 meta-schema, as text; empty when valid. */
  schemaErrors(schema: object): string[] {
    this.ajv.validateSchema(schema);
    return (this.ajv.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  }

  /** Errors of `value` against `schema`, as text; empty when it conforms. */
  errors(schema: object, value: unknown): string[] {
    let validate = this.compiled.get(schema);
    if (validate === undefined) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  }
}

export const textOf = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** The structured answer of a successful call, checked against the tool's published output schema. */
export function structured(check: SchemaCheck, tool: Tool, result: CallToolResult): Record<string, any> {
  if (result.isError) throw new Error(`${tool.name} answered an error: ${textOf(result)}`);
  if (tool.outputSchema === undefined || result.structuredContent === undefined) throw new Error(`${tool.name} gave no structured content`);
  const errors = check.errors(tool.outputSchema, result.structuredContent);
  if (errors.length > 0) throw new Error(`${tool.name}: structuredContent breaks its outputSchema: ${errors.join('; ')}`);
  return result.structuredContent;
}
