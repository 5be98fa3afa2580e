/**
 * CORS as a browser enforces it: a page on another origin (a tiny server started here, on another port)
 * calls the API with simple requests, with a preflighted JSON POST and with a text/plain POST. The browser
 * must let every one through, error answers included, and must block the control calls the rules do not allow.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchPage } from './browser.js';

const api = inject('baseUrl');
let browser: Browser;
let other: Server;
let otherOrigin: string;

interface Outcome {
  name: string;
  ok: boolean;
  status?: number;
  body?: Record<string, unknown>;
  error?: string;
}

beforeAll(async () => {
  other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>Another site</title><link rel="icon" href="data:,"></head><body><h1>Another origin</h1></body></html>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  expect(otherOrigin).not.toBe(new URL(api).origin);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => other?.close(resolve));
});

/** Runs fetch calls inside the page; a call the browser blocks rejects with a TypeError, recorded as not ok. */
/** What a call sends; plain data, since it crosses into the page. */
interface Init {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

function calls(page: Page, list: { name: string; url: string; init?: Init }[]): Promise<Outcome[]> {
  return page.evaluate(async (items) => {
    const out: Outcome[] = [];
    for (const { name, url, init } of items) {
      try {
        const response = await fetch(url, init === undefined ? {} : (init as RequestInit));
        out.push({ name, ok: true, status: response.status, body: (await response.json()) as Record<string, unknown> });
      } catch (error) {
        out.push({ name, ok: false, error: String(error) });
      }
    }
    return out;
  }, list);
}

const ragBody = JSON.stringify({ query: 'human oversight', top_k: 2 });

describe('CORS in the browser', () => {
  it('a page on another origin can call search, the glossary file and rag (preflighted and not)', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page, [{ url: '/api/occ/search', status: 400 }]);
    await page.goto(otherOrigin);
    expect(await page.evaluate(() => location.origin)).toBe(otherOrigin);
    const outcomes = await calls(page, [
      { name: 'GET search', url: `${api}/api/occ/search?q=human+oversight` },
      { name: 'GET glossary.json', url: `${api}/api/glossary.json` },
      { name: 'POST rag as application/json (preflight)', url: `${api}/api/occ/rag`, init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: ragBody } },
      { name: 'POST rag as text/plain (no preflight)', url: `${api}/api/occ/rag`, init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: ragBody } },
      { name: 'GET search with an error', url: `${api}/api/occ/search?top=2` },
    ]);
    await screenshot(page, 'cors-other-origin', false);
    expect(outcomes.map((o) => [o.name, o.ok, o.status, o.error])).toEqual([
      ['GET search', true, 200, undefined],
      ['GET glossary.json', true, 200, undefined],
      ['POST rag as application/json (preflight)', true, 200, undefined],
      ['POST rag as text/plain (no preflight)', true, 200, undefined],
      ['GET search with an error', true, 400, undefined],
    ]);
    expect((outcomes[0]?.body?.['results'] as unknown[]).length).toBeGreaterThan(0);
    expect((outcomes[1]?.body?.['entries'] as unknown[]).length).toBeGreaterThan(0);
    expect((outcomes[2]?.body?.['chunks'] as unknown[]).length).toBeGreaterThan(0);
    expect((outcomes[3]?.body?.['chunks'] as unknown[]).length).toBeGreaterThan(0);
    expect(outcomes[4]?.body?.['detail']).toMatch(/"q" is required/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the browser does block what the rules do not allow (so the test above can fail)', async () => {
    const page = await browser.newPage();
    await page.goto(otherOrigin);
    const outcomes = await calls(page, [
      // A page of the site, not the API: no CORS headers.
      { name: 'GET a site page', url: `${api}/glossary` },
      // A request header the preflight does not allow.
      { name: 'POST rag with a custom header', url: `${api}/api/occ/rag`, init: { method: 'POST', headers: { 'content-type': 'application/json', 'x-custom': '1' }, body: ragBody } },
    ]);
    expect(outcomes.map((o) => [o.name, o.ok])).toEqual([
      ['GET a site page', false],
      ['POST rag with a custom header', false],
    ]);
    for (const o of outcomes) expect(o.error).toMatch(/TypeError|Failed to fetch/);
    await page.close();
  });
});
