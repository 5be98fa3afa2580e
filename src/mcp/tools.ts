/**
 * The MCP tools: one per endpoint declaration that carries a `tool` (src/api/endpoints), in the declarations'
 * order. The arguments, their validation and wording, the answer and the handler computing it are the
 * declaration's; the tool adds a description written for a model and a text rendering of the answer.
 */
import type { z } from 'zod';
import type { AnyEndpoint, Endpoint } from '../api/endpoint.js';
import { TOOL_ENDPOINTS } from '../api/endpoints/index.js';
import type { Service } from '../api/service.js';

export interface Tool {
  name: string;
  title: string;
  description: string;
  /** The declaration the tool runs: input, response and handler. */
  endpoint: Endpoint<z.ZodObject, z.ZodObject>;
  /** Arguments taken when absent (ToolSpec.defaults). */
  defaults: Readonly<Record<string, unknown>>;
  render(answer: Record<string, unknown>): string;
}

/** Every tool, in the order tools/list gives them; descriptions state what the loaded service holds. */
export function tools(service: Service, endpoints: readonly AnyEndpoint[] = TOOL_ENDPOINTS): Tool[] {
  return endpoints.flatMap((endpoint) => {
    const spec = endpoint.tool;
    if (spec === undefined) return [];
    return [{ name: spec.name, title: spec.title, description: spec.description(service), endpoint, defaults: spec.defaults ?? {}, render: (answer) => spec.render(answer) }];
  });
}
