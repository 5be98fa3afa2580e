import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { IngestError } from './ingest.js';

export interface Input {
  data: Uint8Array;
  /** The path or URL as given, for messages. */
  origin: string;
  /** Set when the bytes came over http(s). */
  fetchedUrl?: string;
}

/** How long a download may take before it is abandoned with an error. */
export const FETCH_TIMEOUT_MS = 60_000;

/** Reads a local path, a `file://` URL, or downloads an `http(s)://` URL with Node's fetch. */
export async function readInput(arg: string, fetchTimeoutMs = FETCH_TIMEOUT_MS): Promise<Input> {
  if (/^https?:\/\//i.test(arg)) return download(arg, fetchTimeoutMs);
  let file = arg;
  if (/^file:/i.test(arg)) {
    try {
      file = fileURLToPath(arg);
    } catch (error) {
      throw new IngestError(arg, `is not a usable file URL (${error instanceof Error ? error.message : String(error)})`);
    }
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
    throw new IngestError(arg, 'unsupported URL scheme; give a file path, a file:// URL or an http(s):// URL');
  }
  const info = await stat(file).catch(() => undefined);
  if (!info) throw new IngestError(arg, 'no such file');
  if (!info.isFile()) throw new IngestError(arg, 'is not a file');
  return { data: new Uint8Array(await readFile(file)), origin: arg };
}

async function download(url: string, timeoutMs: number): Promise<Input> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new IngestError(url, `could not be fetched (${reason})`, { cause: error });
  }
  if (!response.ok) throw new IngestError(url, `could not be fetched: HTTP ${response.status} ${response.statusText}`.trim());
  return { data: new Uint8Array(await response.arrayBuffer()), origin: url, fetchedUrl: response.url || url };
}
