/**
 * Fills the law cache from the publishers (or from a folder holding the same files): each publication the manifest
 * lists, checked against its fingerprint before it is kept, written whole or not at all.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fingerprint, mismatch, readRetrievals, RETRIEVALS_FILE, type Manifest, type Publication } from './publications.js';

export interface FillOptions {
  manifest: Manifest;
  cacheDir: string;
  /** Take the files from this folder instead of their publishers. */
  from?: string;
  /** How long a publisher may take to answer before the machine is taken to be offline (default 8 s). */
  answerTimeoutMs?: number;
  /** How long one download may take once answered (default 120 s). */
  downloadTimeoutMs?: number;
  /** YYYY-MM-DD recorded as each file's retrieval date; default today. */
  today?: string;
  fetch?: typeof fetch;
  /** One line per publication, as it is done. */
  log?: (line: string) => void;
}

export interface FillResult {
  /** Ids now in the cache: already there, fetched or copied. */
  held: string[];
  /** "<file>: why", for each publication not in the cache after the run. */
  problems: string[];
  /** Set when the first download could not reach its publisher: the machine is taken to be offline, the rest are not tried. */
  offline?: string;
}

export async function fillCache(options: FillOptions): Promise<FillResult> {
  const { manifest, cacheDir } = options;
  const log = options.log ?? (() => {});
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  mkdirSync(cacheDir, { recursive: true });
  const retrievals = readRetrievals(cacheDir);
  const result: FillResult = { held: [], problems: [] };
  let reached = false;
  for (const publication of manifest.publications) {
    const target = path.join(cacheDir, publication.file);
    if (existsSync(target) && fingerprint(new Uint8Array(readFileSync(target)), publication.file) === publication.fingerprint) {
      result.held.push(publication.id);
      log(`kept    ${publication.file}`);
      continue;
    }
    let got: { data: Uint8Array; from: string };
    try {
      got = options.from === undefined ? await download(publication, options) : readFrom(options.from, publication);
      reached = true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof Unreachable && !reached) {
        result.offline = reason;
        return result;
      }
      result.problems.push(`${publication.file}: ${reason}`);
      log(`failed  ${publication.file}: ${reason}`);
      continue;
    }
    const found = fingerprint(got.data, publication.file);
    if (found !== publication.fingerprint) {
      result.problems.push(mismatch(got.from, publication, found));
      log(`refused ${mismatch(got.from, publication, found)}`);
      continue;
    }
    // Written beside its final name, then renamed: a run stopped half-way leaves no partial file to be ingested.
    writeFileSync(`${target}.part`, got.data);
    renameSync(`${target}.part`, target);
    retrievals[publication.file] = { retrieved: today, from: got.from };
    writeFileSync(path.join(cacheDir, RETRIEVALS_FILE), `${JSON.stringify(retrievals, null, 2)}\n`);
    result.held.push(publication.id);
    log(`${options.from === undefined ? 'fetched' : 'copied '} ${publication.file} (${Math.round(got.data.length / 1024)} KiB)`);
  }
  return result;
}

function readFrom(folder: string, publication: Publication): { data: Uint8Array; from: string } {
  const file = path.join(folder, publication.file);
  if (!existsSync(file)) throw new Error(`not in ${folder}`);
  return { data: new Uint8Array(readFileSync(file)), from: file };
}

/** The publisher could not be reached at all (no route, no name, no answer in time), as opposed to an answer refusing. */
class Unreachable extends Error {}

async function download(publication: Publication, options: FillOptions): Promise<{ data: Uint8Array; from: string }> {
  const { url, accept, accept_language } = publication.fetch;
  const headers: Record<string, string> = { 'user-agent': 'OCC law cache (npm run law)' };
  if (accept !== undefined) headers['accept'] = accept;
  if (accept_language !== undefined) headers['accept-language'] = accept_language;
  const controller = new AbortController();
  const answer = setTimeout(() => controller.abort(new Unreachable(`no answer from ${new URL(url).host} within ${(options.answerTimeoutMs ?? 8000) / 1000} s`)), options.answerTimeoutMs ?? 8000);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { headers, redirect: 'follow', signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof Unreachable) throw controller.signal.reason;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    throw new Unreachable(`${new URL(url).host} unreachable (${cause})`);
  } finally {
    clearTimeout(answer);
  }
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const body = setTimeout(() => controller.abort(new Error(`download from ${url} took over ${(options.downloadTimeoutMs ?? 120_000) / 1000} s`)), options.downloadTimeoutMs ?? 120_000);
  try {
    return { data: new Uint8Array(await response.arrayBuffer()), from: response.url || url };
  } catch (error) {
    throw controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
  } finally {
    clearTimeout(body);
  }
}
