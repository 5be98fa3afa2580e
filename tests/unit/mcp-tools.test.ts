/**
 * The MCP tools over a small fixture corpus whose entries carry as_of and changelogs, loaded the way the
 * server loads a build: the answers are the REST handlers' bodies, keep those fields and match the published
 * output schemas, the text shows them, bad arguments are tool errors in the REST wording, and a failure that
 * is not the caller's fault never leaks its message.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readContentFiles } from '../../src/core/corpus/load-fs.js';
import { writeBuild } from '../../src/core/pipeline.js';
import { OccMcp } from '../../src/mcp/server.js';
import { Admission } from '../../src/server/http/admission.js';
import { attribution } from '../../src/server/config.js';
import type { Service } from '../../src/api/service.js';
import { holdings } from '../../src/api/tool-text.js';
import { SchemaCheck, textOf } from '../support/mcp.js';

const changelog = 'changelog:\n  - {date: 2026-10-30, note: Dates checked again.}\n';
const files = readContentFiles([fileURLToPath(new URL('../fixtures/content', import.meta.url))]).map((f) => ({
  ...f,
  text: f.text.replace(/^---\n/, `---\n${changelog}`),
}));

const context = { siteUrl: (p: string) => new URL(p, 'https://occ.example.org').href };
const check = new SchemaCheck();
let service: Service;
let mcp: OccMcp;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'occ-mcp-'));
  await writeBuild(files, dir);
  // The service is loaded when its module is first imported, from OCC_BUILD_DIR, as in the server.
  vi.stubEnv('OCC_BUILD_DIR', dir);
  service = (await import('../../src/server/engine.js')).loadedService();
  vi.unstubAllEnvs();
  mcp = new OccMcp(service);
});

async function answer(name: string, args: Record<string, unknown>) {
  const result = await mcp.call(name, args, context);
  const definition = mcp.definitions.find((d) => d.name === name)!;
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(check.errors(definition.outputSchema!, result.structuredContent)).toEqual([]);
  return { body: result.structuredContent as Record<string, any>, text: textOf(result) };
}

describe('MCP tools over entries with as_of and a changelog', () => {
  it('keep both in every answer that carries the entry, and show the date in the text', async () => {
    const change = [{ date: '2026-10-30', note: 'Dates checked again.' }];
    const sources = await answer('list_sources', {});
    expect(sources.body['sources'][0]).toMatchObject({ as_of: '2026-11-01', changelog: change });
    expect(sources.text).toContain('(checked 2026-11-01)');

    const source = await answer('get_source', { id: 'alpha-act' });
    expect(source.body['source']).toMatchObject({ as_of: '2026-11-01', changelog: change });
    const chunk = await answer('get_chunk', { id: source.body['sections'][0]['chunks'][0] });
    expect(chunk.body).toMatchObject({ source: 'alpha-act', source_license: 'CC-BY-4.0' });
    expect(chunk.body['url']).toMatch(/^https:\/\/occ\.example\.org\/sources\/alpha-act#/);

    expect((await answer('lookup_glossary', { q: 'HITL' })).body['entries'][0]).toMatchObject({ id: 'human-oversight', as_of: '2026-11-01', changelog: change });
    expect((await answer('list_wisdom', {})).body['entries'][0]).toMatchObject({ as_of: '2026-11-01', changelog: change });
    expect((await answer('get_context', { query: 'human oversight' })).body['sources'][0]).toMatchObject({ as_of: '2026-11-01' });
    expect((await answer('search', { q: 'oversight' })).text).toContain(`License CC-BY-4.0; credit: ${attribution()}`);
  });

  it('answer with the body the endpoint handler gives, license fields added', async () => {
    const { body } = await answer('search', { q: 'oversight', top: 2 });
    const { ENDPOINTS } = await import('../../src/api/endpoints/index.js');
    const { search } = await import('../../src/api/endpoints/search.js');
    const rest = await search.handler({ q: 'oversight', top: 2, queries: undefined, source: undefined }, { service, endpoints: ENDPOINTS, ...context });
    expect(body).toEqual({ ...rest, license: 'CC-BY-4.0', attribution: attribution() });
  });
});

describe('MCP answers carry the data once: compact text beside the structured answer', () => {
  it('search: ids, titles, URLs and snippets in the text, the full texts only in the structured answer', async () => {
    const { body, text } = await answer('search', { q: 'oversight', top: 3 });
    expect(body['results'].length).toBeGreaterThan(0);
    for (const r of body['results']) {
      expect(text).toContain(r['id']);
      expect(text).toContain(r['url']);
      expect(text).toContain(r['title']);
    }
    // No JSON, and no full text the snippet leaves out.
    expect(text).not.toContain('{"');
    const long = body['results'].find((r: { text: string; snippet: string }) => r.text.replace(/\s+/g, ' ').length > r.snippet.length + 20);
    if (long !== undefined) expect(text).not.toContain(long['text'].replace(/\s+/g, ' '));
    expect(text).toMatch(/get_chunk/);
    expect(mcp.definitions.find((d) => d.name === 'search')?.description).toMatch(/full texts are in the structured answer/);
  });

  it('get_context: the text is the numbered context a model answers from, once, with the sources and their kind', async () => {
    const { body, text } = await answer('get_context', { query: 'human oversight of high-risk systems', top_k: 3 });
    expect(body['chunks'].length).toBeGreaterThan(0);
    for (const c of body['chunks']) {
      expect(text).toContain(`[${c['n']}] ${c['citation']['title']}`);
      expect(text).toContain(c['citation']['url']);
    }
    expect(text.startsWith(body['context'])).toBe(true);
    expect(text.split(body['context']).length).toBe(2);
    expect(text).toMatch(/Sources cited:\n- .*\(alpha-act; official text by /);
  });

  it('search and get_context: several sources, other phrasings and a phrase nothing holds', async () => {
    const both = await answer('search', { q: 'oversight', source: ['alpha-act', 'beta-framework'], queries: ['human review'] });
    expect(both.body).toMatchObject({ source: ['alpha-act', 'beta-framework'], queries: ['human review'], phrase_notice: null });
    expect(both.text).toContain('(also: "human review") in sources alpha-act, beta-framework.');
    expect((await answer('search', { q: 'oversight', source: 'alpha-act' })).body['source']).toEqual(['alpha-act']);
    const quoted = await answer('search', { q: '"oversight human"' });
    expect(quoted.body['total']).toBeGreaterThan(0);
    expect(quoted.body['phrase_notice']).toEqual({ phrases: ['oversight human'], matched: 0, words_alone_total: quoted.body['total'] });
    expect(quoted.text).toMatch(/No chunk holds the quoted phrase "oversight human" as written; what follows is what the same words find without the quote marks \(\d+ chunks?\)\.\n\n\[1\] /);
    const context = await answer('get_context', { query: '"oversight human"', queries: ['"human oversight zebra"'] });
    expect(context.body['phrase_notice']).toMatchObject({ phrases: ['oversight human', 'human oversight zebra'], matched: 0 });
    expect(context.text).toMatch(/^No chunk holds the quoted phrases "oversight human", "human oversight zebra" as written; what follows is what the same words find without the quote marks \(\d+ chunks?\)\.\n\n\[1\] /);
    const nothing = await answer('get_context', { query: '"zebra giraffe"' });
    expect(nothing.body['phrase_notice']).toEqual({ phrases: ['zebra giraffe'], matched: 0, words_alone_total: 0 });
    expect(nothing.text).toMatch(/^Nothing in the corpus matches "\"zebra giraffe\"".*\nNo chunk holds the quoted phrase "zebra giraffe" as written; the words alone match nothing either\./s);
  });
});

describe('MCP lists in pages', () => {
  it('lookup_glossary and list_wisdom default to a page, publish that default, and walk to the whole list', async () => {
    for (const [name, schema] of [['lookup_glossary', 'GlossaryResponse'], ['list_wisdom', 'WisdomResponse']] as const) {
      const definition = mcp.definitions.find((d) => d.name === name)!;
      expect((definition.inputSchema.properties as Record<string, any>)['limit'], schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
      const first = await answer(name, {});
      expect(first.body).toMatchObject({ limit: 50, offset: 0 });
      const all = first.body['total'] as number;
      expect(all).toBeGreaterThan(1);
      const walked: string[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const page: { body: Record<string, any>; text: string } = await answer(name, { limit: 1, offset });
        expect(page.body['entries']).toHaveLength(1);
        expect(page.body['total']).toBe(all);
        walked.push(page.body['entries'][0]['id']);
        if (page.body['next_offset'] !== null) expect(page.text).toContain(`More: call again with offset ${page.body['next_offset']}.`);
        offset = page.body['next_offset'];
      }
      expect(walked).toEqual(first.body['entries'].map((e: { id: string }) => e.id));
      const past = await answer(name, { offset: all });
      expect(past.body).toMatchObject({ entries: [], next_offset: null, total: all });
    }
  });

  it('refuses a page size out of range in the REST wording', async () => {
    const result = await mcp.call('list_wisdom', { limit: 201 }, context);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('"limit" must be an integer from 1 to 200, got number 201.');
  });
});

describe('MCP tool failures', () => {
  it('answer a bad argument with a tool error in the words of the declaration', async () => {
    const refused = async (name: string, args: Record<string, unknown>) => {
      const result = await mcp.call(name, args, context);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      return textOf(result);
    };
    expect(await refused('search', { q: 'risk', top: 0 })).toBe('"top" must be an integer from 1 to 50, got number 0.');
    expect(await refused('get_chunk', {})).toBe('"id" is required: a chunk id, "<source id>:<hash>" such as "eu-ai-act:1a2b3c4d5e6f".');
    expect(await refused('get_source', {})).toBe('"id" is required: lowercase letters and digits joined by hyphens, such as "eu-ai-act".');
    expect(await refused('list_wisdom', { category: 'nope' })).toMatch(/^Unknown category "nope"; the categories are: /);
    expect(await refused('list_sources', { top: 5 })).toBe('Unknown argument "top"; list_sources takes no arguments.');
    expect(await refused('search', { q: 'risk', source: ['alpha-act', 'nope'] })).toBe('Unknown source "nope"; GET /api/occ/sources lists the source ids, and each text\'s `instrument` id covers all its versions and explainers.');
    expect(await refused('search', { q: 'risk', source: [] })).toBe('"source" must not be empty; omit it instead.');
    expect(await refused('search', { q: 'risk', source: 5 })).toBe('"source" must be a source id or an array of them (in a query string, comma-separated), got number 5.');
    expect(await refused('get_context', { query: 'risk', source: Array.from({ length: 21 }, (_, i) => `s${i}`) })).toBe('"source" lists 21 values; at most 20 are allowed.');
    expect(await refused('get_context', { query: 'risk', queries: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe('"queries" lists 6 values; at most 5 are allowed.');
    expect(await refused('get_context', { query: 'risk', queries: ['  '] })).toBe('"queries" must not be blank: give 1 to 1000 characters.');
  });

  it('answer an unknown tool with a protocol error listing the tools', async () => {
    await expect(mcp.call('nope', {}, context)).rejects.toThrow(McpError);
    await expect(mcp.call('nope', {}, context)).rejects.toThrow(/the tools are: search, get_context, get_chunk, get_provision, provision_history, verify_citations, get_deadlines, get_obligations, list_sources, get_source, lookup_glossary, list_wisdom\./);
  });

  it('answer an internal failure with a JSON-RPC internal error that keeps the cause out of the message', async () => {
    const broken = new OccMcp({ ...service, engine: { search: () => { throw new Error('disk on fire'); } } as never });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const thrown = await broken.call('search', { q: 'risk' }, context).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(McpError);
    expect(thrown).toMatchObject({ code: ErrorCode.InternalError });
    expect((thrown as Error).message).not.toContain('disk on fire');
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});

describe('MCP tools and the admission of expensive work', () => {
  it('make get_context and a large search wait for a turn, refusing them as tool errors when the queue is full', async () => {
    const admission = new Admission(1, 1);
    const gated = new OccMcp(service, admission);
    const release = await admission.acquire();
    const waiting = gated.call('get_context', { query: 'human oversight' }, context);
    let settled = false;
    void waiting.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(settled).toBe(false);

    const busy = /^The server is busy with expensive requests .*; retry after 1 s\.$/;
    for (const [name, args] of [['get_context', { query: 'risk' }], ['search', { q: 'risk', top: 21 }], ['lookup_glossary', { q: 'a' }]] as const) {
      const refused = await gated.call(name, args, context);
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused), name).toMatch(busy);
    }
    // Cheap calls never queue.
    expect((await gated.call('search', { q: 'risk', top: 20 }, context)).isError).toBeFalsy();
    expect((await gated.call('lookup_glossary', {}, context)).isError).toBeFalsy();

    release();
    const result = await waiting;
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain('[1]');
  });

  it('check arguments before queueing, so a bad call is answered at once even when the queue is full', async () => {
    const admission = new Admission(1, 0);
    const result = await new OccMcp(service, admission).call('get_context', { query: '' }, context);
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toMatch(/busy/);
  });
});

describe('MCP tool descriptions promise what the instance holds', () => {
  const corpusOf = (kinds: ('primary' | 'explainer')[]) =>
    ({ corpus: { sources: kinds.map((kind, i) => ({ meta: { title: `T${i}`, kind } })), chunks: { length: 12 } } }) as unknown as Pick<Service, 'corpus'>;

  it('promise pinpoints only when an official text is indexed, and say explainers are ours', () => {
    const withLaw = holdings(corpusOf(['primary', 'explainer', 'explainer']));
    expect(withLaw).toMatch(/^1 official text \(T0\), whose chunks carry pinpoints/);
    expect(withLaw).toContain('2 explainers written by OCC contributors');
    const explainersOnly = holdings(corpusOf(['explainer']));
    expect(explainersOnly).not.toMatch(/pinpoint/);
    expect(explainersOnly).toContain('no official text is indexed, so no result is the law itself');
  });

  it('describe the loaded service in the search and get_context tools', () => {
    const search = mcp.definitions.find((d) => d.name === 'search');
    expect(search?.description).toContain(holdings(service));
    expect(mcp.definitions.find((d) => d.name === 'get_context')?.description).toContain(holdings(service));
  });
});
