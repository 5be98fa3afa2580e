/**
 * Settings (src/server/config.ts): defaults when unset, and a bad value refused with a message naming the
 * variable, never silently replaced by the default.
 */
import { describe, expect, it } from 'vitest';
import { checkSettings, expensiveConcurrency, listenHost, listenPort, publicOrigin, shutdownDeadlineMs, staleAfterMonths, workerCount } from '../../src/server/config.js';

const none = () => undefined;

describe('settings', () => {
  it('take their defaults when unset or blank', () => {
    for (const env of [{}, { PORT: ' ', HOST: '', OCC_SHUTDOWN_MS: '', OCC_EXPENSIVE_CONCURRENCY: '' }]) {
      expect(listenPort(env)).toBe(4321);
      expect(listenHost(env)).toBe('127.0.0.1');
      expect(shutdownDeadlineMs(env)).toBe(10_000);
      expect(expensiveConcurrency(env)).toBe(1);
      expect(staleAfterMonths(env)).toBe(12);
      expect(workerCount(env, 3)).toBe(3);
      expect(() => checkSettings(env)).not.toThrow();
    }
  });

  it('take good values', () => {
    expect(listenPort({ PORT: '0' })).toBe(0);
    expect(listenPort({ PORT: '8080' })).toBe(8080);
    expect(listenHost({ HOST: '::1' })).toBe('::1');
    expect(listenHost({ HOST: 'occ.internal' })).toBe('occ.internal');
    expect(shutdownDeadlineMs({ OCC_SHUTDOWN_MS: '0' })).toBe(0);
    expect(expensiveConcurrency({ OCC_EXPENSIVE_CONCURRENCY: '2' })).toBe(2);
    expect(publicOrigin(none, { OCC_SITE_URL: 'https://occ.example.org/base/' })).toBe('https://occ.example.org');
    expect(publicOrigin((h) => (h === 'x-forwarded-host' ? 'a.example' : undefined), { OCC_TRUST_PROXY: '1' })).toBe('http://a.example');
    expect(publicOrigin((h) => (h === 'x-forwarded-host' ? 'a.example' : undefined), { OCC_TRUST_PROXY: '0', OCC_LISTEN_ORIGIN: 'http://127.0.0.1:1' })).toBe('http://127.0.0.1:1');
  });

  it.each([
    ['PORT', 'abc', () => listenPort({ PORT: 'abc' })],
    ['PORT', '70000', () => listenPort({ PORT: '70000' })],
    ['PORT', '-1', () => listenPort({ PORT: '-1' })],
    ['HOST', 'bad..host', () => listenHost({ HOST: 'bad..host' })],
    ['OCC_SHUTDOWN_MS', '-5', () => shutdownDeadlineMs({ OCC_SHUTDOWN_MS: '-5' })],
    ['OCC_SHUTDOWN_MS', '1.5', () => shutdownDeadlineMs({ OCC_SHUTDOWN_MS: '1.5' })],
    ['OCC_EXPENSIVE_CONCURRENCY', '0', () => expensiveConcurrency({ OCC_EXPENSIVE_CONCURRENCY: '0' })],
    ['OCC_SITE_URL', 'ftp://x', () => publicOrigin(none, { OCC_SITE_URL: 'ftp://x' })],
    ['OCC_SITE_URL', 'occ.example.org', () => publicOrigin(none, { OCC_SITE_URL: 'occ.example.org' })],
    ['OCC_SITE_URL', 'https://u:p@occ.example.org', () => publicOrigin(none, { OCC_SITE_URL: 'https://u:p@occ.example.org' })],
    ['OCC_TRUST_PROXY', 'yes', () => publicOrigin(none, { OCC_TRUST_PROXY: 'yes' })],
    ['OCC_STALE_MONTHS', 'abc', () => staleAfterMonths({ OCC_STALE_MONTHS: 'abc' })],
    ['OCC_WORKERS', '0', () => workerCount({ OCC_WORKERS: '0' }, 2)],
  ])('refuse %s=%s, naming the variable and the value', (name, value, read) => {
    expect(read).toThrow(new RegExp(`^${name} must be .*"${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
  });

  it('are all checked at once, one line per bad variable', () => {
    const check = () => checkSettings({ PORT: 'abc', OCC_SITE_URL: 'ftp://x', OCC_TRUST_PROXY: '1' });
    expect(check).toThrow(/^PORT must be .*\nOCC_SITE_URL must be [^\n]*$/);
  });
});
