import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StaticFiles } from '../../src/server/static-files.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'occ-static-'));
  mkdirSync(path.join(root, 'sources', 'a'), { recursive: true });
  mkdirSync(path.join(root, '_astro'));
  writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(root, 'sources', 'a', 'index.html'), '<h1>a</h1>');
  writeFileSync(path.join(root, '_astro', 'x.1234.css'), 'body{}');
  writeFileSync(path.join(root, 'changes.xml'), '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('StaticFiles', () => {
  it('finds a page by its path with or without a trailing slash, typed, hashed and immutable only under /_astro', () => {
    const site = new StaticFiles(root);
    expect(site.lookup('/sources/a')?.body.toString()).toBe('<h1>a</h1>');
    expect(site.lookup('/sources/a/')?.body.toString()).toBe('<h1>a</h1>');
    expect(site.lookup('/')?.type).toBe('text/html; charset=utf-8');
    expect(site.lookup('/')?.immutable).toBe(false);
    expect(site.lookup('/_astro/x.1234.css')?.immutable).toBe(true);
    expect(site.lookup('/changes.xml')?.type).toBe('application/atom+xml; charset=utf-8');
    expect(site.lookup('/')?.etag).toMatch(/^"[\w-]{20}"$/);
  });

  it('knows only the files listed at start: nothing outside the root, nothing added later', () => {
    const site = new StaticFiles(root);
    writeFileSync(path.join(root, 'late.html'), 'late');
    expect(site.lookup('/late')).toBeUndefined();
    expect(site.lookup('/../index.html')).toBeUndefined();
    expect(site.lookup('/nope')).toBeUndefined();
  });

  it('keeps what it has read: a file rewritten or removed on disk afterwards is served as first read', async () => {
    const site = new StaticFiles(root);
    expect(site.lookup('/sources/a')?.body.toString()).toBe('<h1>a</h1>');
    writeFileSync(path.join(root, 'sources', 'a', 'index.html'), '<h1>changed</h1>');
    expect(site.lookup('/sources/a')?.body.toString()).toBe('<h1>a</h1>');
    await site.readAll();
    rmSync(path.join(root, 'index.html'));
    expect(site.lookup('/')?.body.toString()).toBe('<h1>home</h1>');
  });

  it('answers a file removed from disk before it was read as not found, and still reads the others', async () => {
    const site = new StaticFiles(root);
    rmSync(path.join(root, 'sources', 'a', 'index.html'));
    expect(site.lookup('/sources/a')).toBeUndefined();
    await site.readAll();
    expect(site.lookup('/')?.body.toString()).toBe('<h1>home</h1>');
  });
});
