/**
 * Every page, as a browser sees it: no console errors, no failed or third-party requests, one h1 in a
 * main landmark, no sideways scrolling at phone width, dark scheme honoured, keyboard usable, and readable
 * without JavaScript.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchPage } from './browser.js';

const base = inject('baseUrl');
let browser: Browser;
const sources = (await (await fetch(`${base}/api/occ/sources`)).json()) as { sources: { id: string; title: string; chunks: number }[] };
/** Every page of the site: each source too, since any one of them may hold a wide table or a long word. */
const pages: { name: string; path: string; status: number }[] = [
  { name: 'home', path: '/', status: 200 },
  { name: 'sources', path: '/sources', status: 200 },
  ...sources.sources.map((s) => ({ name: `source-${s.id}`, path: `/sources/${s.id}`, status: 200 })),
  { name: 'glossary', path: '/glossary', status: 200 },
  { name: 'wisdom', path: '/wisdom', status: 200 },
  { name: 'search', path: '/search', status: 200 },
  { name: 'search-results', path: '/search?q=risk+assessment', status: 200 },
  { name: 'search-rag', path: '/search?q=incident+reporting&mode=rag', status: 200 },
  { name: 'verify', path: '/verify', status: 200 },
  { name: 'api-docs', path: '/docs/api', status: 200 },
  { name: 'mcp-docs', path: '/docs/mcp', status: 200 },
  { name: 'not-found', path: '/no/such/page', status: 404 },
];
const firstSource = `/sources/${sources.sources[0]?.id}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('every page', () => {
  it.each(pages)('$path loads without console errors, failed requests or requests to any other origin', async ({ name, path, status }) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const problems = watchPage(page, status === 404 ? [{ url: path, status: 404 }] : []);
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== new URL(base).origin) foreign.push(request.url());
    });
    const response = await page.goto(path);
    if (name.startsWith('search-')) await page.locator('#search-results > li').first().waitFor();
    expect(response?.status()).toBe(status);
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    expect(await page.locator('h1').count(), 'one h1').toBe(1);
    expect(await page.locator('main#occ-main').count()).toBe(1);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    if (!name.startsWith('source-') || path === firstSource) await screenshot(page, `page-${name}`);
    await context.close();
  });

  it.each(pages)('$path fits a phone screen without sideways scrolling, in the dark scheme', async ({ name, path }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 740 }, colorScheme: 'dark', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(path);
    if (name.startsWith('search-')) await page.locator('#search-results > li').first().waitFor();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
    expect(widths.scroll, `${path} is wider than the phone`).toBeLessThanOrEqual(widths.view);
    if (!name.startsWith('source-') || path === firstSource) await screenshot(page, `phone-dark-${name}`, false);
    await context.close();
  });

  it('refuses resources from other origins by its content security policy', async () => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto('/');
    const violated = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective));
          const img = document.createElement('img');
          img.src = 'http://127.0.0.1:9/pixel.png';
          document.body.append(img);
          setTimeout(() => resolve('none'), 3000);
        }),
    );
    expect(violated).toBe('img-src');
    await context.close();
  });

  it('follows the light and dark color schemes', async () => {
    const colors: Record<string, { bg: string; fg: string }> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL: base, colorScheme });
      const page = await context.newPage();
      await page.goto('/');
      colors[colorScheme] = await page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return { bg: style.backgroundColor, fg: style.color };
      });
      await context.close();
    }
    const luminance = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, n) => sum + Number(n), 0);
    expect(luminance(colors['light']?.bg ?? '')).toBeGreaterThan(600);
    expect(luminance(colors['dark']?.bg ?? '')).toBeLessThan(150);
    expect(luminance(colors['dark']?.fg ?? '')).toBeGreaterThan(600);
  });

  it('is usable from the keyboard: a visible skip link first, a visible focus ring, and Enter follows links', async () => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return { text: el.textContent, left: r.left, top: r.top, outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(skip.text).toBe('Skip to content');
    expect(skip.left).toBeGreaterThanOrEqual(0);
    expect(skip.top).toBeGreaterThanOrEqual(0);
    expect(skip.outline).not.toBe('none');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('occ-main');
    await screenshot(page, 'keyboard-skip', false);

    // Tab through the header to the Glossary link and open it with Enter.
    await page.goto('/');
    let label = '';
    for (let i = 0; i < 10 && label !== 'Glossary'; i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(label).toBe('Glossary');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/glossary');
    // The filter box is reachable by keyboard and filters as one types.
    await page.getByLabel('Filter terms').focus();
    await page.keyboard.type('zzqqxxj');
    await expect.poll(() => page.locator('.term:visible').count()).toBe(0);
    // The sources registry filters the same way, on a row's title, publisher and license.
    const [first] = sources.sources;
    await page.goto('/sources');
    expect(await page.locator('.source-row:visible').count()).toBe(sources.sources.length);
    await page.getByLabel('Filter sources').fill(first?.title ?? '');
    await expect.poll(() => page.locator('.source-row:visible').count()).toBeLessThan(sources.sources.length);
    expect(await page.locator('.source-row:visible').first().innerText()).toContain(first?.title);
    await page.getByLabel('Filter sources').fill('zzqqxxj');
    await expect.poll(() => page.locator('.source-row:visible').count()).toBe(0);
    expect(await page.locator('#occ-sources-count').innerText()).toBe(`0 of ${sources.sources.length} sources match`);
    await context.close();
  });

  it('marks the citations of a pasted text on the verify page, each with its status in words and a link to its result', async () => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto('/verify');
    await page.getByLabel(/Text to check/).fill('Article 99(3) of the AI Act sets fines of up to EUR 35 million; see also Recital 44.');
    await page.getByRole('button', { name: 'Check' }).click();
    const mark = page.locator('[data-verify-text] mark').first();
    await mark.waitFor();
    // With the AI Act indexed the mark takes in its name ("Article 99(3) of the AI Act"); the shipped corpus holds explainers only.
    expect(await mark.innerText()).toMatch(/^Article 99\(3\)/);
    expect(await page.locator('[data-verify-text] mark').count()).toBe(2);
    const status = await mark.getAttribute('data-status');
    expect(await page.locator('[data-verify-text] sup a').first().innerText()).toBe(`[1: ${status}]`);
    expect(await page.locator('#verify-results > li').count()).toBe(2);
    expect(await page.locator('#verify-status').innerText()).toMatch(/^2 citations checked against the law as of \d{4}-\d{2}-\d{2}/);
    expect(problems).toEqual([]);
    await screenshot(page, 'verify-marked');
    await context.close();
  });

  it('is readable without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: base, javaScriptEnabled: false });
    const page = await context.newPage();
    const glossary = (await (await fetch(`${base}/api/occ/glossary`)).json()) as { total: number };
    await page.goto('/glossary');
    expect(await page.locator('.term:visible').count()).toBe(glossary.total);
    expect(await page.locator('[data-glossary-filter]').isVisible()).toBe(false);
    await page.goto('/sources');
    expect(await page.locator('.source-row:visible').count()).toBe(sources.sources.length);
    expect(await page.locator('[data-sources-filter]').isVisible()).toBe(false);
    await page.goto(firstSource);
    expect(await page.locator('.source-body').innerText()).not.toBe('');
    await page.goto('/search');
    expect(await page.locator('main').innerText()).toContain('needs JavaScript');
    await page.goto('/docs/api');
    expect(await page.locator('.endpoint').count()).toBeGreaterThanOrEqual(8);
    await context.close();
  });
});
