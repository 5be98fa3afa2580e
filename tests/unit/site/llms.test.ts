import { describe, expect, it } from 'vitest';
import { llmsTxt } from '../../../src/site/llms.js';

describe('llmsTxt', () => {
  it('follows llmstxt.org: one H1, a blockquote summary with the counts, H2 sections of links', () => {
    const text = llmsTxt({
      sources: [{ meta: { id: 'alpha', title: 'Alpha', kind: 'primary', publisher: 'P', url: 'https://example.org', license: 'CC-BY-4.0', language: 'en', tags: [], as_of: '2026-01-01' }, chunks: 2, words: 10, toc: [] }],
      chunks: [],
      glossary: [],
      wisdom: [],
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe('# OCC');
    expect(lines[2]).toMatch(/^> OCC is .* 1 source documents \(0 chunks\)/);
    expect(text).toContain('\n## API\n');
    expect(text).toContain('- [API reference (markdown)](/docs/api.md)');
    expect(text).toMatch(/\n- \[MCP server\]\(\/docs\/mcp\): .*\/api\/occ\/mcp/);
    expect(text).toContain('- [Alpha](/sources/alpha): P');
  });
});
