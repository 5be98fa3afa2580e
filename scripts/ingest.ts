/**
 * `npm run ingest -- <file or URL> --out <content dir> [--id ... --title ... --license ... --url ... --publisher ...
 * --published YYYY-MM-DD --retrieved YYYY-MM-DD --language ...]`: turns an official publication (EUR-Lex
 * Official Journal HTML, or a PDF with a text layer) into `<content dir>/sources/<id>.md`. Read, convert,
 * validate as the build would, then write in one step: a failure exits non-zero and writes nothing.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ingest, IngestError } from '../src/core/ingest/ingest.js';
import { readInput } from '../src/core/ingest/input.js';
import { writeSource } from '../src/core/ingest/output.js';

const USAGE = `usage: npm run ingest -- <file | file:// URL | http(s) URL> --out <content dir>
  [--id <slug>] [--title <text>] [--license <terms>] [--url <canonical URL>] [--publisher <name>]
  [--published YYYY-MM-DD] [--retrieved YYYY-MM-DD] [--language <BCP 47 tag>]`;

const FIELDS = ['id', 'title', 'license', 'url', 'publisher', 'published', 'retrieved', 'language'] as const;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        help: { type: 'boolean' },
        id: { type: 'string' },
        title: { type: 'string' },
        license: { type: 'string' },
        url: { type: 'string' },
        publisher: { type: 'string' },
        published: { type: 'string' },
        retrieved: { type: 'string' },
        language: { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`ingest: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || !values.out) {
    console.error(`ingest: give exactly one input and --out <content dir>\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  try {
    const input = await readInput(positionals[0] ?? '');
    const overrides = Object.fromEntries(FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));
    const result = await ingest(input.data, {
      origin: input.origin,
      ...(input.fetchedUrl ? { fetchedUrl: input.fetchedUrl } : {}),
      ...overrides,
    });
    const file = await writeSource(path.resolve(values.out), result.id, result.text);
    const { headings, paragraphs, items, pages } = result.stats;
    const ms = Math.round(performance.now() - started);
    console.log(
      `ingest: wrote ${path.relative(process.cwd(), file) || file} (${result.format}${pages ? `, ${pages} pages` : ''}: ` +
        `${headings} headings, ${paragraphs} paragraphs, ${items} list items, ${ms} ms)`,
    );
    return 0;
  } catch (error) {
    if (error instanceof IngestError) {
      console.error(`ingest: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
