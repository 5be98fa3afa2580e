/**
 * The law on any date over HTTP, on a build of a mini act as published (in force from 2024-03-01) and consolidated
 * on 2026-07-01 (tests/fixtures/versions): provisions and their history, search, RAG and chunks as of a date, and
 * every answer checked against the OpenAPI document, so the law endpoints' statuses are seen live here; and the
 * mini act's timeline and obligations (tests/fixtures/versions/timeline, obligations) over REST, iCalendar, Atom and MCP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkResponse, RagResponse, SearchResponse } from '../../src/api/types.js';
import { buildAndServe } from '../support/fixture-build.js';
import { OpenApiCheck, type Json } from '../support/openapi.js';
import type { RunningServer } from '../support/server.js';

let server: RunningServer;
let check: OpenApiCheck;

beforeAll(async () => {
  server = await buildAndServe('tests/fixtures/versions', 'versions');
  check = await OpenApiCheck.load(server.url);
}, 240_000);

afterAll(() => server?.stop());

async function call(target: string, route: string, status: number, init: RequestInit = {}): Promise<Json> {
  const response = await fetch(`${server.url}${target}`, init);
  expect(response.status, target).toBe(status);
  expect(await check.response(response.clone(), (init.method ?? 'GET') as 'GET' | 'POST', route), target).toEqual([]);
  return (await response.json()) as Json;
}

const PROVISION = '/api/occ/provisions/{instrument}/{anchor}';
const HISTORY = '/api/occ/provisions/{instrument}/{anchor}/history';

describe('a provision as it stands on a date', () => {
  it('gives the text in force today and on a past date, with its version, recitals and history', async () => {
    const today = await call('/api/occ/provisions/xx-reg-2024-7/art-3', PROVISION, 200);
    expect(today).toMatchObject({ pinpoint: 'Art. 3', source: 'mini-act-2026-07-01', version: { label: 'consolidated version of 2026-07-01', in_force_from: '2026-07-01', in_force_to: null } });
    expect(today['text']).toContain('EUR 2 000 000');
    expect(today['url']).toBe(`${server.url}/sources/mini-act-2026-07-01#art-3`);
    expect(today['history']).toEqual([
      expect.objectContaining({ source: 'mini-act', change: 'inserted', in_force_to: '2026-06-30', amended_by: [] }),
      expect.objectContaining({ source: 'mini-act-2026-07-01', change: 'amended', amended_by: [{ instrument: 'xx-reg-2026-3', source: 'amending-act', pinpoints: ['Art. 1(3)'] }] }),
    ]);
    const past = await call('/api/occ/provisions/xx-reg-2024-7/art-3?as_of=2025-06-01', PROVISION, 200);
    expect(past).toMatchObject({ source: 'mini-act', law_as_of: '2025-06-01' });
    expect(past['text']).toContain('EUR 1 000 000');
    const register = await call('/api/occ/provisions/xx-reg-2024-7/art-2', PROVISION, 200);
    expect(register['recitals'].map((r: Json) => r['pinpoint'])).toEqual(['Recital 1']);
  });

  it('says when a provision is in the text, names nearby addresses, and refuses a malformed one', async () => {
    const early = await call('/api/occ/provisions/xx-reg-2024-7/art-2a?as_of=2025-06-01', PROVISION, 404);
    expect(early).toMatchObject({ parameter: 'anchor' });
    expect(early['detail']).toMatch(/not in the text of xx-reg-2024-7 in force on 2025-06-01; it is in the text in force 2026-07-01 to today/);
    const deleted = await call('/api/occ/provisions/xx-reg-2024-7/annex-i-point-2', PROVISION, 404);
    expect(deleted['detail']).toMatch(/in force 2024-03-01 to 2026-06-30/);
    const never = await call('/api/occ/provisions/xx-reg-2024-7/art-9', PROVISION, 404);
    expect(never['detail']).toMatch(/in no version of xx-reg-2024-7; nearby: art-1/);
    const unknown = await call('/api/occ/provisions/eu-reg-2016-679/art-5', PROVISION, 404);
    expect(unknown).toMatchObject({ parameter: 'instrument' });
    expect(unknown['detail']).toContain('xx-reg-2024-7');
    expect(await call('/api/occ/provisions/xx-reg-2024-7/Article%205', PROVISION, 400)).toMatchObject({ parameter: 'anchor' });
    expect(await call('/api/occ/provisions/xx-reg-2024-7/art-3?as_of=2025-02-30', PROVISION, 400)).toMatchObject({ parameter: 'as_of' });
    expect(await call('/api/occ/provisions/xx-reg-2024-7/art-3?lang=fr', PROVISION, 404)).toMatchObject({ parameter: 'lang' });
  });

  it('gives each version of a provision with a word diff, and a deleted one as deleted', async () => {
    const history = await call('/api/occ/provisions/xx-reg-2024-7/art-3/history', HISTORY, 200);
    const amended = history['history'][1];
    expect(amended).toMatchObject({ change: 'amended', pinpoint: 'Art. 3' });
    expect(amended['diff'].filter((d: Json) => d['op'] !== 'equal').map((d: Json) => `${d['op']} ${d['text'].trim()}`)).toEqual(['delete 1', 'insert 2']);
    const deleted = await call('/api/occ/provisions/xx-reg-2024-7/annex-i-point-2/history', HISTORY, 200);
    expect(deleted['history'].map((h: Json) => [h['change'], h['text']])).toEqual([['inserted', "2. The model's version."], ['deleted', null]]);
    expect(await call('/api/occ/provisions/xx-reg-2024-7/art-99/history', HISTORY, 404)).toMatchObject({ parameter: 'anchor' });
  });
});

describe('search, RAG and chunks as of a date', () => {
  it('answer from the version in force on the day, stating it, never two versions of one provision', async () => {
    const past = (await call('/api/occ/search?q=fines%20register%20model&top=10&as_of=2025-06-01', '/api/occ/search', 200)) as unknown as SearchResponse;
    expect(past.law_as_of).toBe('2025-06-01');
    const sources = new Set(past.results.map((r) => r.source));
    expect(sources.has('mini-act')).toBe(true);
    expect(sources.has('mini-act-2026-07-01')).toBe(false);
    expect(past.results.find((r) => r.source === 'mini-act')?.version).toEqual({ label: 'Fixture Journal L 7, 10.2.2024', in_force_from: '2024-03-01', in_force_to: '2026-06-30' });
    const now = (await call('/api/occ/search?q=fines%20register%20model&top=10', '/api/occ/search', 200)) as unknown as SearchResponse;
    expect(new Set(now.results.map((r) => r.source)).has('mini-act')).toBe(false);

    const rag = (await call('/api/occ/rag', '/api/occ/rag', 200, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'How high is the fine for not registering a model?', as_of: '2025-06-01' }),
    })) as unknown as RagResponse;
    expect(rag.chunks.every((c) => c.source !== 'mini-act-2026-07-01')).toBe(true);
    expect(rag.chunks.find((c) => c.source === 'mini-act')?.citation.version?.in_force_to).toBe('2026-06-30');

    const refused = await call('/api/occ/search?q=fines&source=mini-act', '/api/occ/search', 400);
    expect(refused).toMatchObject({ parameter: 'as_of' });
    expect(refused['detail']).toMatch(/the text in force is mini-act-2026-07-01/);

    const old = past.results.find((r) => r.source === 'mini-act')!;
    const chunk = (await call(`/api/occ/chunks/${old.id}`, '/api/occ/chunks/{id}', 200)) as unknown as ChunkResponse;
    expect(chunk.version?.in_force_to).toBe('2026-06-30');
    expect(await call(`/api/occ/chunks/${old.id}?as_of=2026-11-28`, '/api/occ/chunks/{id}', 404)).toMatchObject({ parameter: 'as_of' });
  });

  it("takes an instrument's id as a source: the version in force on the day and the explainers about it", async () => {
    const search = (query: string) => call(`/api/occ/search?q=fine%20register%20small&top=20${query}`, '/api/occ/search', 200) as unknown as Promise<SearchResponse>;
    const sourcesOf = (answer: SearchResponse) => [...new Set(answer.results.map((r) => r.source))].sort();
    const everything = await search('');
    expect(sourcesOf(everything)).toContain('other-guide');
    const now = await search('&source=xx-reg-2024-7');
    expect(now.source).toEqual(['xx-reg-2024-7']);
    expect(sourcesOf(now)).toEqual(['mini-act-2026-07-01', 'mini-act-guide']);
    expect(sourcesOf(await search('&source=xx-reg-2024-7&as_of=2025-06-01'))).toEqual(['mini-act', 'mini-act-guide']);
    // Beside a source named by its own id, and a repeat of what the instrument covers.
    expect(sourcesOf(await search('&source=xx-reg-2024-7,other-guide,mini-act-guide'))).toEqual(['mini-act-2026-07-01', 'mini-act-guide', 'other-guide']);
    const rag = (await call('/api/occ/rag', '/api/occ/rag', 200, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Can small providers register in a simpler way?', source: 'xx-reg-2024-7', top_k: 10 }),
    })) as unknown as RagResponse;
    expect(new Set(rag.chunks.map((c) => c.source))).toEqual(new Set(['mini-act-2026-07-01', 'mini-act-guide']));
    // Before the instrument's first day only explainers would answer: refused, as a version out of force is.
    const early = await call('/api/occ/search?q=fines&source=xx-reg-2024-7&as_of=2024-01-01', '/api/occ/search', 400);
    expect(early).toMatchObject({ parameter: 'as_of', detail: 'as_of 2024-01-01 is before xx-reg-2024-7 is in force (from 2024-03-01).' });
    const unknown = await call('/api/occ/search?q=fines&source=xx-reg-2099-1', '/api/occ/search', 400);
    expect(unknown).toMatchObject({ parameter: 'source' });
    expect(unknown['detail']).toMatch(/^Unknown source "xx-reg-2099-1"; .*instrument/);
  });

  it('lists the amendments to the law in /changes and the Atom feed, dated the day the version is in force', async () => {
    const changes = await call('/api/occ/changes?since=2026-07-01', '/api/occ/changes', 200);
    const law = changes['changes'].filter((c: Json) => c['kind'] === 'law');
    expect(law.map((c: Json) => c['note'])).toContain('Art. 2a inserted by xx-reg-2026-3 Art. 1(2), in force from 2026-07-01.');
    expect(law[0]).toMatchObject({ date: '2026-07-01', event: { date: '2026-07-01' }, url: expect.stringContaining('/sources/mini-act-2026-07-01#') });
    const feed = await (await fetch(`${server.url}/changes.xml`)).text();
    expect(feed).toContain('Art. 2a inserted by xx-reg-2026-3 Art. 1(2)');
  });

  it("shows on a version's page when it is in force and what it amended, each with its history", async () => {
    const html = await (await fetch(`${server.url}/sources/mini-act-2026-07-01`)).text();
    expect(html).toMatch(/consolidated version of 2026-07-01: in force from <time datetime="2026-07-01">2026-07-01<\/time> \(the text in force\), as amended by xx-reg-2026-3/);
    expect(html).toContain('Art. 2a inserted by xx-reg-2026-3 Art. 1(2), in force from 2026-07-01.');
    expect(html).toContain('href="/api/occ/provisions/xx-reg-2024-7/art-2a/history"');
    const old = await (await fetch(`${server.url}/sources/mini-act`)).text();
    expect(old).toMatch(/in force from <time datetime="2024-03-01">2024-03-01<\/time> to <time datetime="2026-06-30">2026-06-30<\/time>/);
  });

  it('reads the versions from the registry', async () => {
    const sources = await call('/api/occ/sources', '/api/occ/sources', 200);
    expect(sources['sources'].find((s: Json) => s['id'] === 'mini-act-2026-07-01')).toMatchObject({ instrument: 'xx-reg-2024-7', in_force_from: '2026-07-01', amended_by: ['xx-reg-2026-3'] });
  });
});

describe('citations checked against the law on a date', () => {
  const VERIFY = '/api/occ/verify';
  const verify = (body: unknown, status: number) => call(VERIFY, VERIFY, status, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const statuses = (answer: Json) => answer['citations'].map((c: Json) => [c['citation'], c['status']]);

  it('gives each citation its status, span, provision and what the law says instead', async () => {
    const text =
      'Under Article 3 of the Mini Act fines reach EUR 1 million. Article 2a Mini Act helps small providers. Annex I, point 2 Mini Act asks for the version. ' +
      'Article 9 Mini Act sets a levy. Article 2(1) Mini Act says "Providers shall register each model after placing it on the market". Article 5 TFEU is elsewhere.';
    const answer = await verify({ text }, 200);
    expect(statuses(answer)).toEqual([
      ['Article 3 of the Mini Act', 'wrong-content'],
      ['Article 2a Mini Act', 'ok'],
      ['Annex I, point 2 Mini Act', 'no-longer-in-text'],
      ['Article 9 Mini Act', 'no-such-provision'],
      ['Article 2(1) Mini Act', 'misquote'],
      ['Article 5', 'unresolved'],
    ]);
    const [fine, , gone, never, quote] = answer['citations'];
    expect(text.slice(fine['span']['start'], fine['span']['end'])).toBe('Article 3 of the Mini Act');
    expect(fine).toMatchObject({ instrument: 'xx-reg-2024-7', instrument_from: 'citation', pinpoint: 'Art. 3', anchor: 'art-3', stated: { written: 'EUR 1 million', kind: 'amount', says: ['EUR 2 000 000'] } });
    expect(fine['provision']).toMatchObject({ source: 'mini-act-2026-07-01', version: { in_force_from: '2026-07-01' }, url: `${server.url}/sources/mini-act-2026-07-01#art-3` });
    expect(gone['provision']).toMatchObject({ source: 'mini-act', version: { in_force_to: '2026-06-30' } });
    expect(never['nearest']).toEqual(['Art. 1', 'Art. 2', 'Art. 2(1)', 'Art. 2(2)', 'Art. 2(2)(a)']);
    expect(quote['quotation']['closest']).toBe('Providers shall register every model before placing it on the market');
    expect(answer['counts']).toMatchObject({ ok: 1, 'wrong-content': 1, 'no-longer-in-text': 1, 'no-such-provision': 1, misquote: 1, unresolved: 1, 'not-yet-in-text': 0 });
  });

  it('checks as of a past date, and reads the instrument from the caller', async () => {
    const answer = await verify({ text: 'Article 2a helps small providers; Article 3 caps fines at EUR 1 000 000.', as_of: '2025-06-01', instrument: 'xx-reg-2024-7' }, 200);
    expect(statuses(answer)).toEqual([
      ['Article 2a', 'not-yet-in-text'],
      ['Article 3', 'ok'],
    ]);
    expect(answer['citations'][0]).toMatchObject({ instrument_from: 'parameter', provision: { version: { in_force_from: '2026-07-01' } } });
  });

  it('refuses bad input with a problem naming the field and what is allowed', async () => {
    expect(await verify({}, 400)).toMatchObject({ parameter: 'text' });
    expect(await verify({ text: '   ' }, 400)).toMatchObject({ parameter: 'text' });
    expect(await verify({ text: 5 }, 400)).toMatchObject({ parameter: 'text' });
    expect(await verify({ text: 'Article 3', as_of: '2026-02-30' }, 400)).toMatchObject({ parameter: 'as_of' });
    const unknown = await verify({ text: 'Article 3', instrument: 'eu-reg-2016-679' }, 400);
    expect(unknown).toMatchObject({ parameter: 'instrument' });
    expect(unknown['detail']).toContain('xx-reg-2024-7');
    expect(await verify({ text: 'Article 3', top: 3 }, 400)).toMatchObject({ parameter: 'top' });
  });

  it('takes a text of 20,000 characters and answers a longer one 413 naming the limit', async () => {
    const line = 'Article 3 Mini Act caps fines at EUR 2 000 000. ';
    const full = line.repeat(Math.floor(20_000 / line.length)).padEnd(20_000, ' x');
    expect(full).toHaveLength(20_000);
    expect((await verify({ text: full }, 200))['counts']['ok']).toBeGreaterThan(300);
    const over = await verify({ text: `${full}y` }, 413);
    expect(over).toMatchObject({ status: 413, parameter: 'text' });
    expect(over['detail']).toMatch(/20001 characters long; at most 20000/);
    const huge = await fetch(`${server.url}${VERIFY}`, { method: 'POST', body: JSON.stringify({ text: 'x'.repeat(200_000) }) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as Json)['detail']).toMatch(/at most 131072 bytes/);
  });
});

describe('the timeline and obligations of the mini act', () => {
  const TIMELINE = '/api/occ/timeline';
  const OBLIGATIONS = '/api/occ/obligations';

  it('gives the date the text in force on as_of states, set by its provision, with the date it replaced', async () => {
    const before = await call(`${TIMELINE}?instrument=xx-reg-2024-7&as_of=2026-06-15`, TIMELINE, 200);
    const duty = (answer: Json) => answer['events'].find((e: Json) => e['id'] === 'registration-duty');
    expect(duty(before)).toMatchObject({ applies_from: '2026-09-01', history: [], checked: true, set_by: { pinpoint: 'Art. 4', source: 'mini-act', amended_by: null } });
    expect(duty(before)['set_by']['url']).toBe(`${server.url}/sources/mini-act#art-4`);
    const after = await call(`${TIMELINE}?instrument=xx-reg-2024-7&as_of=2026-11-28`, TIMELINE, 200);
    expect(duty(after)).toMatchObject({
      applies_from: '2027-03-01',
      set_by: { pinpoint: 'Art. 4', url: `${server.url}/sources/mini-act-2026-07-01#art-4`, version: { label: 'consolidated version of 2026-07-01' }, amended_by: { instrument: 'xx-reg-2026-3', pinpoint: 'Art. 1' } },
      history: [{ applies_from: '2026-09-01', set_by: { source: 'mini-act', text_from: '2024-03-01' } }],
      url: `${server.url}/timeline#xx-reg-2024-7-registration-duty`,
    });
    expect(after['events'].map((e: Json) => e['applies_from'])).toEqual([...after['events'].map((e: Json) => e['applies_from'])].sort());
    const filtered = await call(`${TIMELINE}?provision=Art.%203&role=provider&from=2026-01-01&to=2026-12-31`, TIMELINE, 200);
    expect(filtered['events'].map((e: Json) => [e['id'], e['set_by']['states']])).toEqual([['penalties', '24 months after the entry into force']]);
  });

  it('refuses an unknown instrument, role, system, parameter or a bad date, naming the parameter and the allowed values', async () => {
    expect(await call(`${TIMELINE}?instrument=eu-reg-2024-1689`, TIMELINE, 400)).toMatchObject({ parameter: 'instrument', detail: expect.stringContaining('xx-reg-2024-7') });
    expect(await call(`${TIMELINE}?role=importer`, TIMELINE, 400)).toMatchObject({ parameter: 'role', detail: expect.stringContaining('provider, small-provider') });
    expect(await call(`${TIMELINE}?as_of=2026-13-01`, TIMELINE, 400)).toMatchObject({ parameter: 'as_of' });
    expect(await call(`${TIMELINE}?until=2027-01-01`, TIMELINE, 400)).toMatchObject({ parameter: 'until' });
    expect(await call(`${OBLIGATIONS}?instrument=xx-reg-2024-7&role=provider&system=gpai`, OBLIGATIONS, 400)).toMatchObject({ parameter: 'system', detail: expect.stringContaining('internal, public') });
    expect(await call(`${OBLIGATIONS}?instrument=xx-reg-2024-7&role=provider&on=2027-02-29`, OBLIGATIONS, 400)).toMatchObject({ parameter: 'on' });
    expect(await call(`${OBLIGATIONS}?role=provider`, OBLIGATIONS, 400)).toMatchObject({ parameter: 'instrument' });
  });

  it('lists what binds a role on a day under the text in force then, and what is still to come', async () => {
    const ids = (list: Json[]) => list.map((o) => `${o['pinpoint']}@${o['applies_from']}`);
    const june = await call(`${OBLIGATIONS}?instrument=xx-reg-2024-7&role=provider&system=public&on=2026-06-15`, OBLIGATIONS, 200);
    expect(june).toMatchObject({ total: 0, obligations: [], role_defined_by: 'Art. 2(1)' });
    expect(ids(june['upcoming'])).toEqual(['Annex I, point 1@2026-09-01', 'Art. 2(2)@2026-09-01', 'Art. 2(1)@2026-09-01']);
    // The amending act put the date back: on 2026-10-01 the duties are upcoming again, under the new text.
    const october = await call(`${OBLIGATIONS}?instrument=xx-reg-2024-7&role=provider&system=public&on=2026-10-01`, OBLIGATIONS, 200);
    expect(ids(october['upcoming'])).toEqual(['Annex I, point 1@2027-03-01', 'Art. 2(2)@2027-03-01', 'Art. 2(1)@2027-03-01']);
    expect(october['upcoming'][2]).toMatchObject({ summary: 'Register each model before it goes on the market.', url: `${server.url}/sources/mini-act-2026-07-01#art-2-1`, event: 'registration-duty', checked: true });
    const internal = await call(`${OBLIGATIONS}?instrument=xx-reg-2024-7&role=provider&system=internal&on=2026-10-01`, OBLIGATIONS, 200);
    expect(ids(internal['obligations'])).toEqual(['Annex I, point 1@2025-03-01']);
  });

  it('serves the dates as an iCalendar feed a parser reads, one all-day event per date with its provision and link', async () => {
    const response = await fetch(`${server.url}/api/occ/timeline.ics?instrument=xx-reg-2024-7&role=provider`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await check.response(response.clone(), 'GET', '/api/occ/timeline.ics')).toEqual([]);
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const duty = events.find((e) => e.uid === 'xx-reg-2024-7-registration-duty@127.0.0.1');
    expect(duty?.startDate.isDate).toBe(true);
    expect(duty?.startDate.toString()).toBe('2027-03-01');
    expect(duty?.sequence).toBe(1);
    expect(duty?.description).toContain('set by Art. 4 as amended by xx-reg-2026-3');
    expect(duty?.description).toContain(`${server.url}/sources/mini-act-2026-07-01#art-4`);
    expect(events.map((e) => e.uid).sort()).toEqual(['xx-reg-2024-7-entry-into-force', 'xx-reg-2024-7-general-application', 'xx-reg-2024-7-penalties', 'xx-reg-2024-7-registration-duty'].map((id) => `${id}@127.0.0.1`));
    expect(await call('/api/occ/timeline.ics?instrument=xx-reg-2099-1', '/api/occ/timeline.ics', 400)).toMatchObject({ parameter: 'instrument' });
  });

  it('puts each date added or moved in /changes and the Atom feed, and on the Timeline page', async () => {
    const changes = await call('/api/occ/changes?since=2026-07-01', '/api/occ/changes', 200);
    expect(changes['changes'].filter((c: Json) => c['kind'] === 'timeline')).toEqual([
      expect.objectContaining({ id: 'xx-reg-2024-7-registration-duty', date: '2026-07-01', note: 'Moved from 2026-09-01 to 2027-03-01, set by Art. 4 as amended by xx-reg-2026-3 (Art. 1).' }),
    ]);
    expect(await (await fetch(`${server.url}/changes.xml`)).text()).toContain('Moved from 2026-09-01 to 2027-03-01');
    const page = await (await fetch(`${server.url}/timeline`)).text();
    expect(page).toContain('id="xx-reg-2024-7-registration-duty"');
    expect(page).toMatch(/<time datetime="2027-03-01">2027-03-01<\/time>: Providers must register their models/);
  });

  it('answers get_deadlines and get_obligations over MCP as over REST', async () => {
    const mcp = new Client({ name: 'occ-tests', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL('/api/occ/mcp', server.url)));
    try {
      const deadlines = await mcp.callTool({ name: 'get_deadlines', arguments: { instrument: 'xx-reg-2024-7', provision: 'Art. 2', as_of: '2026-11-28' } });
      expect(deadlines.isError).toBeFalsy();
      expect((deadlines.content as { text: string }[])[0]?.text).toContain('2027-03-01 (was 2026-09-01): Providers must register their models');
      const rest = await call(`${TIMELINE}?instrument=xx-reg-2024-7&provision=Art.%202&as_of=2026-11-28`, TIMELINE, 200);
      expect(deadlines.structuredContent).toEqual(rest);
      const obligations = await mcp.callTool({ name: 'get_obligations', arguments: { instrument: 'xx-reg-2024-7', role: 'provider', system: 'internal', on: '2026-10-01' } });
      expect((obligations.content as { text: string }[])[0]?.text).toContain('Annex I, point 1: Record the model\'s name. (from 2025-03-01, internal)');
      const refused = await mcp.callTool({ name: 'get_obligations', arguments: { instrument: 'xx-reg-2024-7', role: 'astronaut' } });
      expect(refused.isError).toBe(true);
      // The registry's text names each version's instrument, the id the source filter takes for all of them.
      const listed = ((await mcp.callTool({ name: 'list_sources', arguments: {} })).content as { text: string }[])[0]?.text ?? '';
      expect(listed).toMatch(/^- mini-act-2026-07-01: .*; instrument xx-reg-2024-7, in force from 2026-07-01; license /m);
      expect(listed).toMatch(/^- mini-act-guide: [^\n]*\(OCC explainer, OCC contributors; license /m);
      const scoped = await mcp.callTool({ name: 'search', arguments: { q: 'small providers register', source: 'xx-reg-2024-7' } });
      expect(new Set((scoped.structuredContent as { results: { source: string }[] }).results.map((r) => r.source))).toEqual(new Set(['mini-act-2026-07-01', 'mini-act-guide']));
    } finally {
      await mcp.close();
    }
  });
});
