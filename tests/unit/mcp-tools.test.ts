/**
 * The MCP tools over a small fixture corpus whose entries carry as_of and changelogs: the answers keep those
 * fields and still match the published output schemas, the text shows them, and a failure that is not the
 * caller's fault never leaks its message.
 */
import { fileURLToPath } from 'node:url';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { readContentFiles } from '../../src/core/corpus/load-fs.js';
import { CorpusLookup } from '../../src/core/corpus/lookup.js';
import { GlossaryFinder } from '../../src/core/glossary.js';
import { compile } from '../../src/core/pipeline.js';
import { loadEngine } from '../../src/core/search/load.js';
import { sourcePage } from '../../src/core/site-urls.js';
import { wisdomCategories } from '../../src/core/wisdom.js';
import { OccMcp } from '../../src/mcp/server.js';
import { tools, type ToolState } from '../../src/mcp/tools.js';
import { SchemaCheck, textOf } from '../support/mcp.js';

const currency = 'as_of: 2026-11-01\nchangelog:\n  - {date: 2026-10-30, note: Dates checked again.}\n';
const files = readContentFiles([fileURLToPath(new URL('../fixtures/content', import.meta.url))]).map((f) => ({
  ...f,
  text: f.text.replace(/^---\n/, `---\n${currency}`),
}));
const { corpus, index } = compile(files);
const state: ToolState = {
  engine: loadEngine(corpus, index).engine,
  glossary: new GlossaryFinder(corpus.glossary),
  sourcesById: new Map(corpus.sources.map((s) => [s.meta.id, s.meta])),
  sourceItems: corpus.sources.map((s) => ({ ...s.meta, chunks: s.chunks, page: sourcePage(s.meta.id) })),
  categories: wisdomCategories(corpus.wisdom),
  corpus,
  lookup: new CorpusLookup(corpus),
};
const context = { absolute: (path: string) => new URL(path, 'https://occ.example.org').href, attribution: 'OCC, by tests, CC BY 4.0' };
const mcp = new OccMcp(tools(state));
const check = new SchemaCheck();

function answer(name: string, args: Record<string, unknown>) {
  const result = mcp.call(name, args, context);
  const definition = mcp.definitions.find((d) => d.name === name)!;
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(check.errors(definition.outputSchema!, result.structuredContent)).toEqual([]);
  return { body: result.structuredContent as Record<string, any>, text: textOf(result) };
}

describe('MCP tools over entries with as_of and a changelog', () => {
  it('keep both in every answer that carries the entry, and show the date in the text', () => {
    const change = [{ date: '2026-10-30', note: 'Dates checked again.' }];
    const sources = answer('list_sources', {});
    expect(sources.body['sources'][0]).toMatchObject({ as_of: '2026-11-01', changelog: change });
    expect(sources.text).toContain('(checked 2026-11-01)');

    const source = answer('get_source', { id: 'alpha-act' });
    expect(source.body['source']).toMatchObject({ as_of: '2026-11-01', changelog: change });
    const chunk = answer('get_chunk', { id: source.body['toc'][0]['chunks'][0] });
    expect(chunk.body['source']['as_of']).toBe('2026-11-01');
    expect(chunk.body['chunk']['url']).toMatch(/^https:\/\/occ\.example\.org\/sources\/alpha-act#/);

    expect(answer('lookup_glossary', { q: 'HITL' }).body['entries'][0]).toMatchObject({ id: 'human-oversight', as_of: '2026-11-01', changelog: change });
    expect(answer('list_wisdom', {}).body['entries'][0]).toMatchObject({ as_of: '2026-11-01', changelog: change });
    expect(answer('get_context', { query: 'human oversight' }).body['sources'][0]).toMatchObject({ as_of: '2026-11-01' });
    expect(answer('search', { q: 'oversight' }).text).toContain('License CC-BY-4.0; credit: OCC, by tests, CC BY 4.0');
  });
});

describe('MCP tool failures', () => {
  it('answer an unknown tool with a protocol error listing the tools', () => {
    expect(() => mcp.call('nope', {}, context)).toThrow(McpError);
    expect(() => mcp.call('nope', {}, context)).toThrow(/the tools are: search, get_context, lookup_glossary/);
  });

  it('answer an internal failure with a JSON-RPC internal error that keeps the cause out of the message', () => {
    const broken = new OccMcp(tools({ ...state, engine: { search: () => { throw new Error('disk on fire'); } } as never }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let thrown: unknown;
    try {
      broken.call('search', { q: 'risk' }, context);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(McpError);
    expect(thrown).toMatchObject({ code: ErrorCode.InternalError });
    expect((thrown as Error).message).not.toContain('disk on fire');
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
