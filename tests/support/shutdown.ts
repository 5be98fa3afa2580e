/**
 * The shutdown scenario a single process and a cluster must both pass (src/server/shutdown.ts): connections
 * in four states when SIGTERM arrives, and what became of each.
 */
import net from 'node:net';
import { expect } from 'vitest';
import type { RunningServer } from './server.js';

interface Raw {
  socket: net.Socket;
  /** Everything received, once the server has closed the connection (or after 15 s). */
  done: Promise<{ text: string; closed: boolean }>;
}

function open(port: number, bytes: string): Raw {
  const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
  const done = new Promise<{ text: string; closed: boolean }>((resolve) => {
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, 15_000);
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
  return { socket, done };
}

export interface Seen {
  status: number | undefined;
  connection: string | undefined;
  closed: boolean;
}

function seen({ text, closed }: { text: string; closed: boolean }): Seen {
  const head = text.slice(0, text.indexOf('\r\n\r\n'));
  return {
    status: head ? Number(head.split(' ')[1]) : undefined,
    connection: /\r\nconnection: *([^\r]*)/i.exec(head)?.[1]?.toLowerCase(),
    closed,
  };
}

const MCP_LIST = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

/**
 * Before SIGTERM: a request stuck mid-body, one in flight (its body half sent), one half-way through its headers,
 * and a keep-alive connection already answered and idle. After SIGTERM the second and third are completed.
 */
export async function sigtermScenario(server: RunningServer): Promise<{ exitCode: number | null; exitMs: number; stuck: Seen; inFlight: Seen; late: Seen; idle: Seen }> {
  const port = Number(new URL(server.url).port);
  const stuck = open(port, 'POST /api/occ/rag HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
  const mcpHead = `POST /api/occ/mcp HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${MCP_LIST.length}\r\n\r\n`;
  const inFlight = open(port, mcpHead + MCP_LIST.slice(0, 10));
  const late = open(port, 'GET /api/occ/health HTTP/1.1\r\nHost: t\r\n');
  const idle = open(port, 'GET /api/occ/health HTTP/1.1\r\nHost: t\r\n\r\n');
  await new Promise((r) => setTimeout(r, 500));

  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
  server.process.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  inFlight.socket.write(MCP_LIST.slice(10));
  late.socket.write('\r\n');
  const exitCode = await exited;
  const exitMs = Date.now() - started;
  return { exitCode, exitMs, stuck: seen(await stuck.done), inFlight: seen(await inFlight.done), late: seen(await late.done), idle: seen(await idle.done) };
}

/**
 * What both must show: exit 0 within OCC_SHUTDOWN_MS (1.5 s in the tests) and a margin, the stuck request closed,
 * answers still to come when the signal arrived sent whole with `Connection: close`, the idle connection closed.
 */
export function expectCleanShutdown(result: Awaited<ReturnType<typeof sigtermScenario>>): void {
  const { exitCode, exitMs, stuck, inFlight, late, idle } = result;
  expect(exitCode).toBe(0);
  expect(exitMs).toBeLessThan(1_500 + 3_000);
  expect(stuck.closed).toBe(true);
  expect(inFlight).toEqual({ status: 200, connection: 'close', closed: true });
  expect(late).toEqual({ status: 200, connection: 'close', closed: true });
  expect(idle).toMatchObject({ status: 200, closed: true });
}
