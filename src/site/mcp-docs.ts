/**
 * What /docs/mcp shows: the ready configuration of common MCP clients for both ways of reaching OCC (the
 * HTTP endpoint of an instance, or a local build launched as a command), and each tool's arguments and
 * answer fields read back from the definitions tools/list publishes.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { typeLabel, type FieldRow } from './api-reference.js';

export interface ClientSetup {
  client: string;
  /** Where the configuration goes, in a few words. */
  where: string;
  http: string;
  stdio: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * `url` is the MCP endpoint of an instance; `script` the absolute path of a local build's dist/mcp.mjs.
 * Each client's format as its own documentation gives it (checked November 2026).
 */
export function clientSetups(url: string, script: string): ClientSetup[] {
  const command = { command: 'node', args: [script] };
  return [
    {
      client: 'Claude Code',
      where: 'a terminal command; add `--scope project` to share it through the project\'s .mcp.json',
      http: `claude mcp add --transport http occ ${url}`,
      stdio: `claude mcp add occ -- node ${script}`,
    },
    {
      client: 'Claude Desktop',
      where: 'a public HTTPS URL as a custom connector (Settings › Connectors); a command in claude_desktop_config.json (Settings › Developer › Edit Config)',
      http: url,
      stdio: json({ mcpServers: { occ: command } }),
    },
    {
      client: 'Cursor',
      where: '.cursor/mcp.json in a project, or ~/.cursor/mcp.json for every project',
      http: json({ mcpServers: { occ: { url } } }),
      stdio: json({ mcpServers: { occ: command } }),
    },
    {
      client: 'VS Code',
      where: '.vscode/mcp.json in a workspace, or the user profile through the command MCP: Add Server',
      http: json({ servers: { occ: { type: 'http', url } } }),
      stdio: json({ servers: { occ: { type: 'stdio', ...command } } }),
    },
    {
      client: 'MCP Inspector',
      where: 'a terminal: `--cli` prints the answer as JSON; without it, the Inspector opens its web interface',
      http: `npx @modelcontextprotocol/inspector --cli ${url} --transport http --method tools/list`,
      stdio: `npx @modelcontextprotocol/inspector --cli node ${script} --method tools/call --tool-name search --tool-arg q="human oversight"`,
    },
  ];
}

type Json = Record<string, unknown>;

/** The properties of a tool's JSON Schema as table rows, typed as the API reference types its fields. */
export function schemaRows(schema: Tool['inputSchema'] | Tool['outputSchema']): FieldRow[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries((schema?.properties ?? {}) as Record<string, Json>).map(([name, property]) => ({
    name,
    type: typeLabel(property),
    required: required.has(name),
    description: String(property['description'] ?? ''),
  }));
}
