/** /docs/mcp documents every tool the server offers and gives configuration that parses. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const unescape = (html: string) =>
  html.replace(/<[^>]+>/g, '').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

describe('/docs/mcp', () => {
  it('documents each tool tools/list offers, with its description', async () => {
    const client = new Client({ name: 'occ-tests', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/api/occ/mcp', base)));
    const { tools } = await client.listTools();
    await client.close();
    const html = await (await fetch(`${base}/docs/mcp`)).text();
    const text = unescape(html);
    for (const tool of tools) {
      expect(html, tool.name).toContain(`id="tool-${tool.name}"`);
      expect(text, tool.name).toContain(tool.description?.replaceAll('`', ''));
    }
  });

  it('gives client configuration for the URL and the command, every JSON block of which parses', async () => {
    const html = await (await fetch(`${base}/docs/mcp`)).text();
    const blocks = [...html.matchAll(/<pre><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) => unescape(m[1] ?? ''));
    for (const client of ['Claude Code', 'Claude Desktop', 'Cursor', 'VS Code', 'MCP Inspector']) expect(html).toContain(`>${client}</h3>`);
    const json = blocks.filter((b) => b.startsWith('{'));
    expect(json.length).toBeGreaterThanOrEqual(5);
    for (const block of json) expect(() => JSON.parse(block), block).not.toThrow();
    expect(blocks.filter((b) => b.includes('/api/occ/mcp'))).toHaveLength(5);
    expect(blocks.filter((b) => b.includes('/dist/mcp.mjs'))).toHaveLength(5);
  });
});
