/**
 * A person's walk through the site in a real browser: home, a source, the glossary filter, a search, a
 * result landing on its section. Every page is screenshotted into test-output/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATIONS } from '../../src/api/endpoints/index.js';
import { otherSpelling } from '../../src/core/search/spelling.js';
import { launchBrowser, screenshot, watchPage } from './browser.js';

const base = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function open(allow: { url: string; status: number }[] = []): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchPage(page, allow);
  return { page, problems };
}

interface Health {
  sources: number;
  chunks: number;
  glossary: number;
  wisdom: number;
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

describe('walking the site', () => {
  it('the home page shows the live counts and leads to a source with a table of contents', async () => {
    const health = (await (await fetch(`${base}/api/occ/health`)).json()) as Health;
    const { page, problems } = await open();
    await page.goto('/');
    await expect(page.locator('h1').textContent()).resolves.toMatch(/OCC/);
    const stats = (await page.locator('.stats').innerText()).replace(/\s+/g, ' ');
    expect(stats).toContain(`${health.sources} sources`);
    expect(stats).toContain(`${health.chunks} searchable chunks`);
    expect(stats).toContain(`${health.glossary} glossary terms`);
    expect(stats).toContain(`${health.wisdom} insights`);
    // A curl call per endpoint in the quick start.
    const commands = await page.locator('pre code').allTextContents();
    for (const op of OPERATIONS) {
      // A path parameter ({id}) appears as a real id in the command.
      const path = new RegExp(op.path.replaceAll('.', '\\.').replace(/\{\w+\}/g, "[^/?'\\s]+"));
      expect(commands.some((c) => c.startsWith('curl') && path.test(c)), op.path).toBe(true);
    }
    await screenshot(page, 'home');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sources' }).click();
    await page.waitForURL('**/sources');
    expect(await page.locator('tbody tr').count()).toBe(health.sources);
    await screenshot(page, 'sources');

    const first = page.locator('tbody tr th a').first();
    const title = (await first.textContent())?.trim() ?? '';
    await first.click();
    await page.waitForURL('**/sources/*');
    expect((await page.locator('h1').textContent())?.trim()).toBe(title);
    const tocLink = page.locator('.toc a').nth(1);
    const href = (await tocLink.getAttribute('href')) ?? '';
    expect(href).toMatch(/^#./);
    await tocLink.click();
    await page.waitForFunction((hash) => location.hash === hash, href);
    const heading = page.locator(`[id="${decodeURIComponent(href.slice(1))}"]`);
    expect(await heading.isVisible()).toBe(true);
    // In view: at the top of the window, or lower when the page is too short to scroll that far.
    const place = await heading.evaluate((el) => ({ top: el.getBoundingClientRect().top, bottom: el.getBoundingClientRect().bottom, height: innerHeight }));
    expect(place.top).toBeGreaterThanOrEqual(0);
    expect(place.bottom).toBeLessThanOrEqual(place.height);
    await screenshot(page, 'source', false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the glossary filter narrows the list as one types, and clearing it brings every term back', async () => {
    const glossary = (await (await fetch(`${base}/api/occ/glossary`)).json()) as {
      entries: { id: string; term: string; aliases: string[]; definition: string }[];
    };
    const target = glossary.entries.at(-1);
    expect(target).toBeDefined();
    const { page, problems } = await open();
    await page.goto('/glossary');
    const visible = () => page.locator('.term:visible').count();
    expect(await visible()).toBe(glossary.entries.length);
    const filter = page.getByLabel('Filter terms');
    await filter.pressSequentially(target?.term ?? '', { delay: 10 });
    // Exactly the entries whose term, aliases or definition hold every typed word (accents folded), in either
    // British or American spelling, stay.
    const wordsOf = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
    const filterText = (e: (typeof glossary.entries)[number]) => {
      const own = wordsOf([e.term, ...e.aliases, e.definition].join(' '));
      return [...own, ...own.flatMap((w) => otherSpelling(w) ?? [])].join(' ');
    };
    const words = wordsOf(target?.term ?? '');
    const expected = glossary.entries.filter((e) => words.every((w) => filterText(e).includes(w)));
    expect(expected.length).toBeLessThan(glossary.entries.length);
    await expect.poll(visible).toBe(expected.length);
    expect(await page.locator(`[id="${target?.id}"]`).isVisible()).toBe(true);
    await screenshot(page, 'glossary-filtered');
    // A term typed in the other variety's spelling ("anonymization" for "Anonymisation") is found.
    const respelled = glossary.entries.find((e) => wordsOf(e.term).some((w) => otherSpelling(w) !== undefined));
    if (respelled !== undefined) {
      await filter.fill(wordsOf(respelled.term).map((w) => otherSpelling(w) ?? w).join(' '));
      expect(await page.locator(`[id="${respelled.id}"]`).isVisible()).toBe(true);
    }
    await filter.fill('zzqqxxj');
    await expect.poll(visible).toBe(0);
    expect(await page.locator('#occ-glossary-count').textContent()).toContain(`0 of ${glossary.entries.length}`);
    await filter.fill('');
    await expect.poll(visible).toBe(glossary.entries.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a search shows marked snippets, keeps its query in the URL, and a result lands on its section', async () => {
    const { page, problems } = await open();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await page.waitForURL('**/search');
    await page.getByRole('searchbox').fill('human oversight');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=human\+oversight$/);
    const results = page.locator('#search-results > li');
    await results.first().waitFor();
    expect(await results.count()).toBeGreaterThan(0);
    const marks = await results.first().locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) expect(fold(m)).toMatch(/human|oversight/);
    expect(await results.first().locator('.where').textContent()).toMatch(/, as of \d{4}-\d{2}-\d{2}\) ›/);
    await screenshot(page, 'search');

    // The shared URL gives the same results on a fresh load.
    const firstHref = await results.first().locator('a').getAttribute('href');
    await page.reload();
    await results.first().waitFor();
    expect(await results.first().locator('a').getAttribute('href')).toBe(firstHref);

    const link = results.first().locator('a');
    const sectionName = (await link.textContent())?.trim() ?? '';
    await link.click();
    const target = new URL(firstHref ?? '', base);
    await page.waitForURL((url) => url.pathname === target.pathname && url.hash === target.hash);
    const anchor = page.locator(`[id="${decodeURIComponent(target.hash.slice(1))}"]`);
    expect(await anchor.count()).toBe(1);
    const box = await anchor.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: innerHeight, text: el.textContent ?? '' };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    // A heading anchor carries the section's name; the intro anchor is an empty marker before the text.
    if (box.text !== '') expect(box.text.trim()).toBe(sectionName);
    await screenshot(page, 'search-result-landing', false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a quoted phrase no text holds shows the results for its words and says so', async () => {
    const { page, problems } = await open();
    await page.goto(`/search?${new URLSearchParams({ q: '"oversight human zebra"' })}`);
    await page.locator('#search-results > li').first().waitFor();
    await expect.poll(() => page.locator('#search-status').textContent()).toMatch(
      /match “"oversight human zebra"”; the best \d+ are shown\. No text holds "oversight human zebra" as written; these are the results for the words without the quote marks\.$/,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the RAG toggle shows numbered cited passages and the assembled context', async () => {
    const { page, problems } = await open();
    await page.goto('/search');
    await page.getByRole('searchbox').fill('risk management');
    await page.getByLabel('Assemble cited RAG context instead').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/mode=rag/);
    const first = page.locator('#search-results > li').first();
    await first.waitFor();
    expect(await first.locator('h2').textContent()).toMatch(/^\[1\] /);
    expect(await page.locator('#rag-context').isVisible()).toBe(true);
    expect(await page.locator('#rag-context code').textContent()).toMatch(/^\[1\] /);
    await screenshot(page, 'search-rag');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an API error is shown as a readable message', async () => {
    const { page, problems } = await open([{ url: '/api/occ/search', status: 400 }]);
    await page.goto(`/search?q=${'a'.repeat(1001)}`);
    const error = page.locator('#search-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/Search failed: "q" is 1001 characters long; at most 1000 are allowed\./);
    expect(await page.locator('#search-results > li').count()).toBe(0);
    await screenshot(page, 'search-error');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('API text is never parsed as HTML in results', async () => {
    // A query full of markup is echoed back by the API in the status line; it must stay text. The attribute is
    // unquoted because quotes would make a phrase that no chunk holds, and the test needs results.
    const { page, problems } = await open();
    await page.goto(`/search?q=${encodeURIComponent('<img src=x onerror=window.__pwned=1> risk')}`);
    await page.locator('#search-results > li').first().waitFor();
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#search-status').textContent()).toContain('<img');
    expect(problems).toEqual([]);
    await page.close();
  });
});
