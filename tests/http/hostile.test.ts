/**
 * Requests a hostile or broken client sends, over raw sockets where fetch cannot send them: every one gets an
 * answer (status, problem+json, CORS), none hangs, none steers our URLs, and shutdown is bounded. Time bounds
 * are generous: they check that an answer arrives at all, not how fast.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../src/api/types.js';
import { ENDPOINTS } from '../../src/api/endpoints/index.js';
import { startServer, type RunningServer } from '../support/server.js';
import { expectCleanShutdown, sigtermScenario } from '../support/shutdown.js';

const base = inject('baseUrl');
const { port } = new URL(base);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes, collects everything until the server closes the socket (or `waitMs` passes). */
function exchange(bytes: string | Buffer, target = Number(port), waitMs = 5_000): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(target, '127.0.0.1', () => socket.write(bytes));
    const parts: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(parts).toString('latin1'), closed: false });
    }, waitMs);
    socket.on('data', (part) => parts.push(part));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(parts).toString('latin1'), closed: true });
    });
  });
}

/** Splits a byte stream into the responses it holds (bodies by Content-Length). */
function parse(text: string, headOnly = false): Answer[] {
  const answers: Answer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = headOnly ? 0 : Number(headers['content-length'] ?? 0);
    const body = Buffer.from(rest.slice(end + 4), 'latin1').subarray(0, length).toString('utf8');
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.slice(end + 4 + Buffer.byteLength(body));
  }
  return answers;
}

async function one(bytes: string | Buffer, target?: number): Promise<Answer> {
  const { text } = await exchange(bytes, target);
  const [answer] = parse(text);
  if (!answer) throw new Error(`no answer to ${JSON.stringify(String(bytes).slice(0, 80))}: ${JSON.stringify(text.slice(0, 200))}`);
  return answer;
}

function expectProblem(answer: Answer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  const problem = JSON.parse(answer.body) as { status: number; detail: string };
  expect(problem.status).toBe(status);
  expect(problem.detail.length).toBeGreaterThan(10);
}

const post = (path: string, body: string, extra = ''): string =>
  `POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;
const CLOSE_GET = (path: string, extra = ''): string => `GET ${path} HTTP/1.1\r\nHost: t\r\n${extra}Connection: close\r\n\r\n`;

describe('empty and edge-sized bodies', () => {
  it('answers an empty /rag body at once, and the request pipelined behind it', async () => {
    const { text } = await exchange(post('/api/occ/rag', '') + CLOSE_GET('/api/occ/health'));
    const [first, second] = parse(text);
    expectProblem(first!, 400);
    expect(second?.status).toBe(200);
  });

  it.each(['null', '""', '[]', '{}'])('refuses the body %s with 400', async (body) => {
    expectProblem(await one(post('/api/occ/rag', body, 'Connection: close\r\n')), 400);
  });

  it('refuses an empty chunked body with 400', async () => {
    expectProblem(await one('POST /api/occ/rag HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n'), 400);
  });

  it('accepts a body of exactly the limit and refuses one byte more with 413', async () => {
    const json = '{"query":"risk"}';
    const atLimit = json + ' '.repeat(LIMITS.bodyMaxBytes - json.length);
    expect((await one(post('/api/occ/rag', atLimit, 'Connection: close\r\n'))).status).toBe(200);
    expectProblem(await one(post('/api/occ/rag', `${atLimit} `, 'Connection: close\r\n')), 413);
  });

  it('refuses a chunked body growing past the limit with 413', async () => {
    const chunk = 'a'.repeat(LIMITS.bodyMaxBytes + 1);
    const request = `POST /api/occ/rag HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`;
    expectProblem(await one(request), 413);
  });
});

describe("errors raised by Node's parser", () => {
  it('answers a method it does not implement with 501, whether Node parses it or not, and a malformed one with 400', async () => {
    for (const method of ['FOO', 'PROPFIND', 'QUERY']) {
      const answer = await one(`${method} /api/occ/search?q=risk HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`);
      expectProblem(answer, 501);
      expect(answer.body).toContain(`The method ${method} is not implemented`);
    }
    expectProblem(await one('G@T /api/occ/health HTTP/1.1\r\nHost: t\r\n\r\n'), 400);
    // A method HTTP defines but the route does not take stays 405.
    expectProblem(await one('PATCH /api/occ/health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n'), 405);
  });

  it('answers an HTTP version other than 1.0 and 1.1 with 505, whether Node parses it or not', async () => {
    for (const version of ['2.0', '3.0', '1.2', '0.9']) {
      const answer = await one(`GET /api/occ/health HTTP/${version}\r\nHost: t\r\nConnection: close\r\n\r\n`);
      expectProblem(answer, 505);
      expect(answer.body).toContain(`HTTP/${version} is not supported`);
    }
    expect((await one('GET /api/occ/health HTTP/1.0\r\nHost: t\r\n\r\n')).status).toBe(200);
  });

  it('answers a malformed request line, header and length', async () => {
    expectProblem(await one('GET /api/occ/health HTTP/1.1x\r\nHost: t\r\n\r\n'), 400);
    expectProblem(await one('GET /api/occ/health HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n'), 400);
    expectProblem(await one('GET /api/occ/health HTTP/1.1\r\nHost t\r\n\r\n'), 400);
  });

  it('answers a request without Host, and an expectation it cannot meet, as problem+json with CORS', async () => {
    const noHost = await one('GET /api/occ/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectProblem(noHost, 400);
    expect(noHost.body).toContain('no Host header');
    // HTTP/1.0 has no Host requirement.
    expect((await one('GET /api/occ/health HTTP/1.0\r\n\r\n')).status).toBe(200);
    const expectation = await one(CLOSE_GET('/api/occ/health', 'Expect: teapot\r\n'));
    expectProblem(expectation, 417);
    expect((JSON.parse(expectation.body) as { detail: string }).detail).toContain('"teapot" cannot be met');
  });

  it('answers oversized headers and an oversized URL with 431', async () => {
    expectProblem(await one(CLOSE_GET('/api/occ/health', `X-Big: ${'a'.repeat(20_000)}\r\n`)), 431);
    expectProblem(await one(CLOSE_GET(`/api/occ/search?q=${'a'.repeat(20_000)}`)), 431);
  });
});

describe('methods x routes', () => {
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'];
  const paths = [...new Set(ENDPOINTS.map((e) => e.path.replace('{id}', 'no-such-id'))), '/api/occ/nothing', '/api/nothing'];

  it('answers every method on every route with a 2xx, 304 or a problem+json error carrying CORS', async () => {
    for (const path of paths) {
      for (const method of methods) {
        const request = `${method} ${path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
        const [answer] = parse((await exchange(request)).text, method === 'HEAD');
        expect(answer, `${method} ${path}`).toBeDefined();
        expect(answer!.status, `${method} ${path}`).toBeLessThan(500);
        expect(answer!.headers['access-control-allow-origin'], `${method} ${path}`).toBe('*');
        if (answer!.status >= 400 && method !== 'HEAD') expect(answer!.headers['content-type'], `${method} ${path}`).toMatch(/problem\+json/);
      }
    }
  });
});

describe('request targets and Host', () => {
  it('routes an absolute-form target by its path', async () => {
    expect((await one(CLOSE_GET('http://example.org/api/occ/health'))).status).toBe(200);
  });

  it('does not name an existing endpoint for an encoded-slash path', async () => {
    const answer = await one(CLOSE_GET('/api%2Focc%2Fhealth'));
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('No API endpoint at /api/occ/health');
  });

  it('refuses two Host headers with 400', async () => {
    expectProblem(await one('GET /api/occ/health HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n'), 400);
  });

  it('never builds absolute URLs from the Host or X-Forwarded headers by default', async () => {
    const hostile = 'Host: 127.0.0.1:4321@evil.example\r\nX-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: https\r\n';
    const request = `GET /api/occ/search?q=human%20oversight&top=1 HTTP/1.1\r\n${hostile}Connection: close\r\n\r\n`;
    const answer = await one(request);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('evil');
    const rag = await one(post('/api/occ/rag', '{"query":"human oversight","top_k":2}', `${hostile}Connection: close\r\n`).replace('Host: t\r\n', ''));
    expect(rag.status).toBe(200);
    expect(rag.body).not.toContain('evil');
    expect((JSON.parse(answer.body) as { results: { url: string }[] }).results[0]?.url.startsWith(`${base}/sources/`)).toBe(true);
  });
});

describe('site pages and pipelining', () => {
  it('sends security headers on pages and keeps open CORS on the API', async () => {
    const page = await one(CLOSE_GET('/'));
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBeTruthy();
    const api = await one(CLOSE_GET('/api/occ/health'));
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 40 pipelined requests on one connection in order', async () => {
    const body = '{"query":"risk"}';
    const requests = Array.from({ length: 20 }, (_, i) => (i % 2 ? post('/api/occ/rag', body) : 'GET /api/occ/search?q=risk HTTP/1.1\r\nHost: t\r\n\r\n'));
    requests.push(...requests.slice(0, 19), CLOSE_GET('/api/occ/health'));
    const answers = parse((await exchange(requests.join(''), Number(port), 20_000)).text);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 40 }, () => 200));
  });
});

describe('own server: expensive work, stalls, shutdown, proxy origin, logging', () => {
  let server: RunningServer;
  let output = '';
  const ownPort = (): number => Number(new URL(server.url).port);

  beforeAll(async () => {
    server = await startServer({ OCC_SHUTDOWN_MS: '1500', OCC_TRUST_PROXY: '1' });
    server.process.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.process.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  });
  afterAll(() => server.stop());

  // On its own server: the burst fills the expensive queue, which other test files' RAG, large searches and
  // glossary lookups on the shared server would otherwise find full.
  it('queues a burst of RAG requests, answering each 200 or 503 problem+json with Retry-After, never failing', async () => {
    const request = post('/api/occ/rag', '{"query":"risk management obligations","top_k":50}', 'Connection: close\r\n');
    const answers = await Promise.all(Array.from({ length: 40 }, () => one(request, ownPort())));
    for (const answer of answers) {
      if (answer.status === 503) {
        expectProblem(answer, 503);
        expect(answer.headers['retry-after']).toBe('1');
      } else expect(answer.status).toBe(200);
    }
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
  }, 30_000);

  it('uses X-Forwarded-Proto/Host only when OCC_TRUST_PROXY=1, and only when well-formed', async () => {
    const search = (headers: string) => one(`GET /api/occ/search?q=risk&top=1 HTTP/1.1\r\nHost: t\r\n${headers}Connection: close\r\n\r\n`, ownPort());
    expect((await search('X-Forwarded-Proto: https\r\nX-Forwarded-Host: occ.example.org\r\n')).body).toContain('"url":"https://occ.example.org/sources/');
    const bad = await search('X-Forwarded-Host: a@evil.example\r\n');
    expect(bad.body).not.toContain('evil');
  });

  it('logs nothing for a client that hangs up mid-upload', async () => {
    const socket = net.connect(ownPort(), '127.0.0.1', () => socket.write('POST /api/occ/rag HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"q'));
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 500));
    expect(output).not.toMatch(/failed|aborted|Warning/);
  });

  it('answers a whole RAG request while more slow uploads than the expensive queue holds are still arriving', async () => {
    // Uploads in progress hold no turn: more of them than the queue (16) would otherwise take every turn for 15 s.
    const stalled = Array.from({ length: 20 }, () => {
      const socket = net.connect(ownPort(), '127.0.0.1', () =>
        socket.write('POST /api/occ/rag HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"q'),
      );
      socket.on('error', () => undefined);
      return socket;
    });
    try {
      await new Promise((r) => setTimeout(r, 500));
      const started = Date.now();
      const res = await fetch(`${server.url}/api/occ/rag`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'human oversight', top_k: 1 }) });
      expect(res.status).toBe(200);
      // Well inside the 15 s request timeout that would free turns held by the stalled uploads.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const socket of stalled) socket.destroy();
    }
  }, 30_000);

  it('drops a request stalled mid-body with a 408 problem+json within the documented 15 s (plus the 1 s check)', async () => {
    const started = Date.now();
    const text = await new Promise<string>((resolve) => {
      let got = '';
      const socket = net.connect(ownPort(), '127.0.0.1', () => socket.write('POST /api/occ/rag HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{'));
      const drip = setInterval(() => socket.writable && socket.write(' '), 1_000);
      socket.on('data', (d) => (got += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        resolve(got);
      });
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expectProblem(parse(text)[0]!, 408);
  }, 30_000);

  it('on SIGTERM finishes answered work, closes a stuck request after OCC_SHUTDOWN_MS, and exits', async () => {
    expectCleanShutdown(await sigtermScenario(server));
  }, 20_000);
});
