/**
 * The MCP server over stdio (dist/mcp.mjs, what `npm run mcp` starts), driven by the SDK's stdio client the
 * way a desktop client launches it: from another directory, with the build found beside the bundle.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SchemaCheck, structured, textOf, TOOL_NAMES } from '../support/mcp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = path.join(root, 'dist', 'mcp.mjs');
const site = 'https://occ.example.org';
const check = new SchemaCheck();

let client: Client;
let tools: Tool[];

beforeAll(async () => {
  client = new Client({ name: 'occ-tests', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bundle],
    cwd: tmpdir(),
    env: { PATH: process.env['PATH'] ?? '', OCC_SITE_URL: site },
    stderr: 'pipe',
  });
  await client.connect(transport);
  tools = (await client.listTools()).tools;
}, 30_000);
afterAll(() => client.close());

describe('the MCP server over stdio', { timeout: 30_000 }, () => {
  it('offers the same tools, with the same schemas, as the HTTP endpoint', async () => {
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const http = new Client({ name: 'occ-tests', version: '1.0.0' });
    await http.connect(new StreamableHTTPClientTransport(new URL('/api/occ/mcp', inject('baseUrl'))));
    try {
      expect((await http.listTools()).tools).toEqual(tools);
    } finally {
      await http.close();
    }
  });

  it('answers tools with structured content matching their output schemas, linking to OCC_SITE_URL', async () => {
    const search = tools.find((t) => t.name === 'search')!;
    const result = (await client.callTool({ name: 'search', arguments: { q: 'incident reporting', top: 2 } })) as CallToolResult;
    const body = structured(check, search, result);
    expect(body['results']).toHaveLength(2);
    expect(body['results'][0]['url']).toMatch(new RegExp(`^${site}/sources/`));
    expect(textOf(result)).toContain(body['results'][0]['id']);

    const getContext = tools.find((t) => t.name === 'get_context')!;
    const rag = structured(check, getContext, (await client.callTool({ name: 'get_context', arguments: { query: 'model cards' } })) as CallToolResult);
    expect(rag['context']).toMatch(/^\[1\] /);
  });

  it('refuses bad arguments as tool errors, not protocol errors', async () => {
    const result = (await client.callTool({ name: 'get_context', arguments: { query: '' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('"query" must not be blank: give 1 to 1000 characters.');
  });
});

describe('stdout of the stdio server', { timeout: 30_000 }, () => {
  it('carries JSON-RPC messages only', async () => {
    const child = spawn(process.execPath, [bundle], { cwd: tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'lookup_glossary', arguments: { q: 'provider' } } });
    send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'search', arguments: { top: 0 } } });
    const lines: string[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      lines.push(line);
      if (lines.length === 4) break;
    }
    child.stdin.end();
    child.kill();
    await once(child, 'exit');
    // JSON-RPC answers may come in any order: tool calls run concurrently.
    const messages = lines.map((line) => JSON.parse(line) as { jsonrpc: string; id: number; result?: unknown }).sort((a, b) => a.id - b.id);
    expect(messages.map((m) => [m.jsonrpc, m.id, m.result !== undefined])).toEqual([1, 2, 3, 4].map((id) => ['2.0', id, true]));
  });
});
