/**
 * A bad setting stops the built server and the stdio MCP server at start, with one line per bad variable
 * naming it, and no stack trace; the server does not listen.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = (entry: string, env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(root, 'dist', entry)], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000, input: '' });

describe('bad settings stop the start', () => {
  it.each(['1', '2'])('of dist/server.mjs (OCC_WORKERS=%s), naming each bad variable on its own line', (workers) => {
    const result = run('server.mjs', { OCC_WORKERS: workers, PORT: 'abc', OCC_SITE_URL: 'ftp://x', OCC_SHUTDOWN_MS: '-5', OCC_TRUST_PROXY: 'yes' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^\[occ\] PORT must be .*"abc"\.$/),
      expect.stringMatching(/^\[occ\] OCC_SHUTDOWN_MS must be .*"-5"\.$/),
      expect.stringMatching(/^\[occ\] OCC_SITE_URL must be .*"ftp:\/\/x"\.$/),
      expect.stringMatching(/^\[occ\] OCC_TRUST_PROXY must be .*"yes"\.$/),
    ]);
    expect(result.stdout).not.toMatch(/listening/);
  });

  it('of dist/mcp.mjs, in one line', () => {
    const result = run('mcp.mjs', { OCC_SITE_URL: 'not a url' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^\[occ\] OCC_SITE_URL must be an absolute http or https URL .*"not a url"\.$/);
    expect(result.stdout).toBe('');
  });
});
