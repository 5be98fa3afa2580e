import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium; the tests never download a browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const outDir = fileURLToPath(new URL('../../test-output', import.meta.url));

/** Saves a screenshot to test-output/<name>.png: the whole page (its first SHOT_HEIGHT pixels), or only what is in view. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.png`);
  if (!fullPage) return void (await page.screenshot({ path: file }));
  // Chromium without a GPU could not capture the whole of a long page (the wisdom list) on a loaded machine.
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, SHOT_HEIGHT) } });
}

const SHOT_HEIGHT = 6000;

/**
 * Records what a person would not want to see: console errors, uncaught exceptions, requests that failed
 * and responses of 400 or more. `allow` lists URL substrings whose error status a test expects.
 */
export function watchPage(page: Page, allow: { url: string; status: number }[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url;
    // Chromium logs a console error for each expected error status; those are checked below instead.
    if (/Failed to load resource/.test(msg.text()) && allow.some((a) => where.includes(a.url))) return;
    problems.push(`console error: ${msg.text()} (${where})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() < 400) return;
    if (allow.some((a) => response.url().includes(a.url) && response.status() === a.status)) return;
    problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}
