/**
 * The official publications a service serves beside our explainers: the manifest that lists them (law/manifest.json),
 * the fingerprint that tells a publication's text from a different one, and the local cache `npm run law` fills and
 * the build ingests. Nothing from the publications is committed: only their identity, address and fingerprint.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { z } from 'zod';

const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a YYYY-MM-DD date');

const Publication = z.strictObject({
  /** The source id its ingest gets (the ingest's own when it states none). */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lowercase slug'),
  /** What it is, for people reading the manifest and the messages. */
  title: z.string().min(1),
  /** ELI or CELEX of the instrument it is a text of (for EU law, the CELEX of the act: 32024R1689). */
  instrument: z.string().min(1),
  language: z.string().regex(/^[a-z]{2}$/, 'a two-letter language code'),
  /** `published`, or the date of a consolidation. */
  version: z.union([z.literal('published'), DATE]),
  /** The cache's file name (and the name of the same file in a `--from` folder). */
  file: z.string().regex(/^[a-z0-9][a-z0-9.-]*\.(?:html|pdf)$/, 'a file name ending .html or .pdf'),
  /** The official retrieval address and the headers its server answers programs with. */
  fetch: z.strictObject({
    url: z.url({ protocol: /^https?$/ }),
    accept: z.string().min(1).optional(),
    accept_language: z.string().min(1).optional(),
  }),
  /** `text-sha256:` of an HTML document's text, or `sha256:` of a PDF's bytes (see `fingerprint`). */
  fingerprint: z.string().regex(/^(?:text-sha256|sha256):[0-9a-f]{64}$/, 'text-sha256:<64 hex> or sha256:<64 hex>'),
  /** Front-matter the document does not state for itself, given to the ingest (as `npm run ingest -- --<field>`). */
  ingest: z
    .strictObject({
      url: z.url().optional(),
      license: z.string().min(1).optional(),
      publisher: z.string().min(1).optional(),
      title: z.string().min(1).optional(),
      published: DATE.optional(),
    })
    .optional(),
});

export const Manifest = z.strictObject({
  $comment: z.string().optional(),
  publications: z.array(Publication).min(1),
});

export type Publication = z.infer<typeof Publication>;
export type Manifest = z.infer<typeof Manifest>;

/** A manifest that does not parse or validate: the file and what is wrong, in one message. */
export class ManifestError extends Error {
  constructor(file: string, reason: string) {
    super(`${file}: ${reason}`);
    this.name = 'ManifestError';
  }
}

export function readManifest(file: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ManifestError(file, error instanceof Error ? error.message : String(error));
  }
  const parsed = Manifest.safeParse(raw);
  if (!parsed.success) {
    throw new ManifestError(file, parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; '));
  }
  const ids = parsed.data.publications.map((p) => p.id);
  const files = parsed.data.publications.map((p) => p.file);
  const twice = [...ids, ...files].find((x, i, all) => all.indexOf(x) !== i);
  if (twice !== undefined) throw new ManifestError(file, `"${twice}" is listed twice; each id and file name once`);
  return parsed.data;
}

/**
 * A publication's fingerprint. For HTML, the SHA-256 of the document's text (the text of everything but its head,
 * scripts and styles, white space collapsed): two downloads of one EUR-Lex version differ only in a per-response
 * attribute in the head, and a server may reindent markup, while a changed word changes the text. For a PDF, the
 * SHA-256 of its bytes: a PDF is served as a file.
 */
export function fingerprint(data: Uint8Array, file: string): string {
  if (!file.endsWith('.html')) return `sha256:${createHash('sha256').update(data).digest('hex')}`;
  const hash = createHash('sha256');
  let skipped = 0;
  let pending = '';
  const parser = new Parser(
    {
      onopentagname: (name) => void (/^(?:head|script|style)$/.test(name) && skipped++),
      onclosetag: (name) => void (/^(?:head|script|style)$/.test(name) && skipped > 0 && skipped--),
      ontext: (text) => {
        if (skipped === 0) pending += text;
        // Collapse white space across text nodes without holding the whole document's text.
        if (pending.length > 65_536) pending = flush(hash, pending, false);
      },
    },
    { decodeEntities: true },
  );
  parser.write(new TextDecoder('utf-8').decode(data));
  parser.end();
  flush(hash, pending, true);
  return `text-sha256:${hash.digest('hex')}`;
}

/** Feeds the collapsed text up to its last white space to the hash; returns what is left to join the next node. */
function flush(hash: ReturnType<typeof createHash>, text: string, last: boolean): string {
  const collapsed = text.replace(/\s+/g, ' ');
  const cut = last ? collapsed.length : collapsed.lastIndexOf(' ') + 1;
  hash.update(collapsed.slice(0, cut));
  return collapsed.slice(cut);
}

/** When and from where the cache got each file (`law/cache/retrieved.json`), for the sources' `retrieved` date. */
export const RETRIEVALS_FILE = 'retrieved.json';

export interface Retrieval {
  retrieved: string;
  from: string;
}

export function readRetrievals(cacheDir: string): Record<string, Retrieval> {
  const file = path.join(cacheDir, RETRIEVALS_FILE);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Retrieval>;
  } catch {
    return {};
  }
}

/** What a cache holds of a manifest: the files whose fingerprint matches, and those it lacks or refuses. */
export interface CacheState {
  held: { publication: Publication; data: Uint8Array; retrieved?: Retrieval }[];
  missing: Publication[];
  /** Present but not the manifest's text: "<file>: …", never ingested. */
  refused: string[];
}

export function readCache(manifest: Manifest, cacheDir: string): CacheState {
  const retrievals = readRetrievals(cacheDir);
  const state: CacheState = { held: [], missing: [], refused: [] };
  for (const publication of manifest.publications) {
    const file = path.join(cacheDir, publication.file);
    if (!existsSync(file)) {
      state.missing.push(publication);
      continue;
    }
    const data = new Uint8Array(readFileSync(file));
    const found = fingerprint(data, publication.file);
    if (found !== publication.fingerprint) {
      state.refused.push(mismatch(file, publication, found));
      continue;
    }
    const retrieved = retrievals[publication.file];
    state.held.push({ publication, data, ...(retrieved ? { retrieved } : {}) });
  }
  return state;
}

/** The message for a file that is not the text the manifest lists. */
export function mismatch(file: string, publication: Publication, found: string): string {
  return `${file}: not the text the manifest lists for ${publication.id} (fingerprint ${found.slice(0, 24)}…, expected ${publication.fingerprint.slice(0, 24)}…); refused`;
}
