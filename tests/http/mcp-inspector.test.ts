/**
 * An independent client: the MCP Inspector in CLI mode lists OCC's tools and calls search, over Streamable
 * HTTP against the built server and over stdio against dist/mcp.mjs. It validates structured content against
 * the published output schemas itself, with a different JSON Schema setup than ours.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { TOOL_NAMES } from '../support/mcp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const inspectorBuild = path.join(root, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build');
const server = { http: [`${inject('baseUrl')}/api/occ/mcp`], stdio: [process.execPath, path.join(root, 'dist', 'mcp.mjs')] };

/** Runs `mcp-inspector --cli` and parses the JSON it prints. */
async function inspector(target: string[], ...args: string[]): Promise<Record<string, any>> {
  // v1 probes for its package.json relative to the working directory (modelcontextprotocol/inspector#1334),
  // so it runs from its own build directory.
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(inspectorBuild, 'cli.js'), '--cli', ...target, ...args], {
    cwd: inspectorBuild,
    timeout: 55_000,
  });
  return JSON.parse(stdout) as Record<string, any>;
}

// Each run starts two or three Node processes (launcher, CLI, and the stdio server): slow on a busy machine.
describe.each(Object.entries(server))('the MCP Inspector CLI over %s', { timeout: 60_000 }, (_transport, target) => {
  it('lists the tools', async () => {
    const listed = await inspector(target, '--method', 'tools/list');
    expect(listed['tools'].map((t: { name: string }) => t.name)).toEqual(TOOL_NAMES);
  });

  it('calls search and gets results', async () => {
    const called = await inspector(target, '--method', 'tools/call', '--tool-name', 'search', '--tool-arg', 'q=conformity assessment', 'top=2');
    expect(called['isError']).toBeFalsy();
    expect(called['structuredContent']).toMatchObject({ query: 'conformity assessment', top: 2 });
    expect(called['structuredContent']['results']).toHaveLength(2);
    expect(called['content'][0]['text']).toContain(called['structuredContent']['results'][0]['id']);
  });
});
