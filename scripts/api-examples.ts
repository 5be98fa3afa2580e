/**
 * Real example exchanges for the docs and the OpenAPI document, made by `npm run build` before the site: each
 * declared example call (chosen by the endpoint from the content this build has) is sent through the very code
 * the server runs, and the answer is kept, trimmed to stay readable, in `<build>/api-examples.json`. A wrong
 * status fails the build. It also checks that every API page has a declaration and every declaration a page.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyEndpoint, Call } from '../src/api/endpoint.js';
import { ENDPOINTS } from '../src/api/endpoints/index.js';
import type { Example } from '../src/api/example.js';
import type { Service } from '../src/api/service.js';
import { createService, EXAMPLES_FILE, readBuildJson } from '../src/server/engine.js';
import { provisionsFile } from '../src/core/law/provisions.js';
import { factsFile, NO_FACTS } from '../src/core/facts/build.js';
import { answer } from '../src/server/http/astro.js';
import { checkPages } from '../src/server/http/routes.js';
import { exampleUrl } from '../src/site/api-examples.js';
import { trim } from '../src/site/api-reference.js';
import { openCorpus } from '../src/core/corpus/artifact.js';
import { buildFiles } from '../src/core/build-files.js';
import { readIndexFile } from '../src/core/search/load.js';

async function run(service: Service, endpoint: AnyEndpoint, call: Call): Promise<Example> {
  const url = new URL(exampleUrl(endpoint, call));
  const body = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const request = new Request(url, {
    method: endpoint.method,
    headers: { host: url.host, ...(body === undefined ? {} : { 'content-type': call.contentType ?? 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
  const response = await answer(service, endpoint, request, url);
  const text = response.body?.toString('utf8') ?? '';
  if (response.status !== call.status) {
    throw new Error(`API example "${call.summary}" (${endpoint.method} ${endpoint.path}) answered ${response.status}, expected ${call.status}: ${text.slice(0, 300)}`);
  }
  const example: Example = { summary: call.summary, status: response.status, response: endpoint.produces === undefined || response.status !== 200 ? trim(JSON.parse(text)) : text };
  if (call.params) example.params = call.params;
  if (call.query) example.query = call.query;
  if (call.body) example.body = call.body;
  if (call.raw !== undefined) example.raw = { body: call.raw, contentType: call.contentType ?? 'application/json' };
  return example;
}

/** The page modules under a folder, as paths relative to it. */
function pagesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
}

/** Runs every endpoint's examples over the build in `buildDir` and writes them beside it. */
export async function writeApiExamples(buildDir: string, root: string): Promise<number> {
  checkPages(pagesUnder(path.join(root, 'src', 'pages', 'api')).map((f) => `../pages/api/${f.split(path.sep).join('/')}`));
  const files = buildFiles(buildDir);
  const service = createService(openCorpus(files.corpus), readIndexFile(files.index), { staleMonths: 12, examples: {}, provisions: readBuildJson(buildDir, provisionsFile, {}), facts: readBuildJson(buildDir, factsFile, NO_FACTS) });
  const examples: Record<string, Example[]> = {};
  let count = 0;
  for (const endpoint of ENDPOINTS) {
    examples[endpoint.id] = [];
    for (const call of endpoint.examples(service)) {
      examples[endpoint.id]?.push(await run(service, endpoint, call));
      count++;
    }
  }
  writeFileSync(path.join(buildDir, EXAMPLES_FILE), JSON.stringify(examples));
  return count;
}
