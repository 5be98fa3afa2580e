import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface StartOptions {
  /** Node arguments; default the built server. Anything that prints "listening on <url>" will do (the bench's bare server). */
  args?: string[] | undefined;
  timeoutMs?: number;
  /** What the server prints once it serves, the URL as group 1; default the single process's "listening on <url>". */
  ready?: RegExp;
}

/**
 * Starts the built server (`dist/server.mjs`) on a free port and resolves once it listens. `env` can point it
 * at another build (OCC_BUILD_DIR). One process (OCC_WORKERS=1) unless `env` asks for workers. Fails with the server's own output if it exits or stays silent.
 */
export function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const { args = [path.join(root, 'dist', 'server.mjs')], timeoutMs = 30_000, ready = /listening on (http:\/\/[^\s]+)/ } = options;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', OCC_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = ready.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          process: child,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** The processes whose parent is `pid` (a cluster primary's workers), read from /proc (Linux). */
export function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // Field 4 of stat is the parent pid; the command name before it is in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
