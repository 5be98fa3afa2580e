/**
 * OCC's MCP server on the SDK's low-level `Server`: tools/list and tools/call over the tools of ./tools.ts.
 * Not the SDK's `McpServer.registerTool`, because that one validates arguments itself and words a refusal as
 * "Input validation error: …"; here the arguments go through the endpoint declaration's own validation
 * (src/server/http/input.ts), so a bad argument is refused with the REST API's wording, as a tool error
 * (isError) the model can read and correct, never as a protocol error.
 *
 * Expensive calls (get_context, search with top over 20, lookup_glossary with q) wait for a turn in the same admission as the REST
 * routes (src/server/http/admission.ts). When its queue is full the call is a tool error saying when to retry,
 * not an HTTP 503: the MCP spec reports a failed tool call inside the result, a client SDK would surface a 503
 * as a transport failure the model never sees, and stdio has no HTTP status at all.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool as ToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Context } from '../api/endpoint.js';
import { ENDPOINTS } from '../api/endpoints/index.js';
import type { Service } from '../api/service.js';
import { VERSION } from '../server/config.js';
import { Admission, expensiveWork, isExpensive } from '../server/http/admission.js';
import { parseInput, refuseUnknown } from '../server/http/input.js';
import { HttpProblem } from '../api/problem.js';
import { licensed } from '../server/http/respond.js';
import { inputSchema, outputSchema } from './tool-schemas.js';
import { tools, type Tool } from './tools.js';

const INSTRUCTIONS =
  'OCC is an open knowledge base on AI governance (laws, standards, frameworks, guidance) with a glossary and curated ' +
  'practical insights, all CC BY 4.0. To answer a question, call get_context and cite its passages as [n] with their URLs; ' +
  'use search to explore, lookup_glossary for definitions, get_chunk and get_source to follow ids. Credit the attribution line.';

/**
 * Each Server otherwise builds its own Ajv instance (used only to check elicitation answers, which OCC never
 * asks for); with a server per HTTP request, that alone costs about a millisecond each time.
 */
const validator = new AjvJsonSchemaValidator();

/** What a call needs besides the service: absolute URLs for the origin the client reached. */
export type CallContext = Pick<Context, 'siteUrl'>;

/** A tool's published definition: JSON Schemas (2020-12) of its input and output, and its hints. */
function definition(tool: Tool): ToolDefinition {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchema(tool.endpoint, tool.defaults) as ToolDefinition['inputSchema'],
    outputSchema: outputSchema(tool.endpoint) as ToolDefinition['outputSchema'],
    // Every tool reads a fixed corpus: no side effects, same answer for the same arguments, no outside world.
    annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

/** The tools with their definitions worked out once; `server` then makes a server per session or request. */
export class OccMcp {
  readonly definitions: ToolDefinition[];
  private readonly byName: ReadonlyMap<string, Tool>;

  /** `admission` is the process's one, shared with the REST routes unless a test gives its own. */
  constructor(
    private readonly service: Service,
    private readonly admission: Admission = expensiveWork(),
  ) {
    const list = tools(service);
    this.definitions = list.map(definition);
    this.byName = new Map(list.map((tool) => [tool.name, tool]));
  }

  server(context: CallContext): Server {
    const server = new Server(
      { name: 'occ', title: 'OCC: AI governance knowledge', version: VERSION },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.definitions }));
    server.setRequestHandler(CallToolRequestSchema, (request) => this.call(request.params.name, request.params.arguments ?? {}, context));
    return server;
  }

  /** Runs the tool's endpoint as the REST route does: the same validation, handler and license fields. */
  async call(name: string, args: Record<string, unknown>, context: CallContext): Promise<CallToolResult> {
    const tool = this.byName.get(name);
    // The spec's answer to an unknown tool is a protocol error: the client asked for something tools/list never offered.
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}"; the tools are: ${[...this.byName.keys()].join(', ')}.`);
    try {
      refuseUnknown(Object.keys(args), Object.keys(tool.endpoint.input.shape), 'argument', tool.name);
      const input = parseInput(tool.endpoint, { ...tool.defaults, ...args }) as z.output<z.ZodObject>;
      const work = async (): Promise<CallToolResult> => {
        const answer = licensed(await tool.endpoint.handler(input, { service: this.service, endpoints: ENDPOINTS, siteUrl: context.siteUrl }));
        return { content: [{ type: 'text', text: tool.render(answer) }], structuredContent: answer };
      };
      // Expensive work takes the same turns as over REST; a full queue is a tool error saying when to retry.
      return isExpensive(tool.endpoint, (name) => input[name]) ? await this.admission.run(work) : await work();
    } catch (error) {
      if (error instanceof HttpProblem) return { content: [{ type: 'text', text: error.detail }], isError: true };
      console.error(`[occ] MCP tool ${name} failed:`, error);
      throw new McpError(ErrorCode.InternalError, 'The server failed to answer this request; it has been logged.');
    }
  }
}
