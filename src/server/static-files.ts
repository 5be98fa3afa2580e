import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const ATOM_ROOT = /^(<\?xml[^>]*>\s*)?<feed\s+xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/;

/** By extension, except that an XML file whose root is an Atom feed says so, as feed readers expect. */
function typeOf(file: string, body: Buffer): string {
  const ext = path.extname(file);
  if (ext === '.xml' && ATOM_ROOT.test(body.subarray(0, 200).toString('utf8'))) return 'application/atom+xml; charset=utf-8';
  return TYPES[ext] ?? 'application/octet-stream';
}

export interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
  /** Hashed build assets never change under the same name. */
  immutable: boolean;
  gzip?: Buffer;
  br?: Buffer;
}

/**
 * The prerendered site. At start only its file names are listed (a docs site for thousands of sources is
 * thousands of files); a file is read, typed and hashed on its first request or by `readAll` after the start,
 * then kept in memory: a request costs a map lookup, and a rebuild of dist/ under a running server does not
 * change what it serves once read. Compressed copies are made on first request and kept.
 */
const READ_PER_TURN = 16;

export class StaticFiles {
  /** Site path → the file on disk, until first read. */
  private readonly paths = new Map<string, string>();
  private readonly files = new Map<string, StaticFile>();

  constructor(root: string) {
    for (const file of walk(root)) this.paths.set(`/${path.relative(root, file).split(path.sep).join('/')}`, file);
  }

  private file(rel: string): StaticFile | undefined {
    const cached = this.files.get(rel);
    if (cached !== undefined) return cached;
    const file = this.paths.get(rel);
    if (file === undefined) return undefined;
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch (error) {
      // Removed since the start (dist/ rebuilt under a running server): a file that is not there, not a failure.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.paths.delete(rel);
      return undefined;
    }
    const loaded: StaticFile = {
      body,
      type: typeOf(file, body),
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      immutable: rel.startsWith('/_astro/'),
    };
    this.files.set(rel, loaded);
    return loaded;
  }

  /** Reads every file not read yet, a few per turn of the event loop so that requests go between. */
  readAll(): Promise<void> {
    const pending = [...this.paths.keys()].filter((rel) => !this.files.has(rel));
    return new Promise((resolve) => {
      const step = () => {
        for (const rel of pending.splice(0, READ_PER_TURN)) this.file(rel);
        if (pending.length === 0) resolve();
        else setImmediate(step);
      };
      step();
    });
  }

  /** `/x` and `/x/` both find `/x/index.html`; anything outside the root is simply not in the map. */
  lookup(pathname: string): StaticFile | undefined {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '';
    return this.file(pathname) ?? this.file(`${trimmed}/index.html`) ?? this.file(`${trimmed}.html`);
  }

  /** The file in an encoding the response model chose, compressed on first use and kept. */
  encoded(file: StaticFile, encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br') return (file.br ??= brotliCompressSync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
    return (file.gzip ??= gzipSync(file.body, { level: 9 }));
  }
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
