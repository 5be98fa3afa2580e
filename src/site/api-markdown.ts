/** The API reference as markdown (/docs/api.md), rendered from the same OpenAPI document as /docs/api. */
import type { Example } from '../api/example.js';
import { CACHE_RULES, CORS_RULES, ERROR_RULES, limitRows, type OpenApiDocument } from '../api/openapi.js';
import { curl } from './api-examples.js';
import { endpoints, nestedSchemas, schemaFields, type FieldRow } from './api-reference.js';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(rows: FieldRow[]): string {
  if (rows.length === 0) return '';
  const lines = ['| Name | Type | Required | Description |', '| --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| \`${r.name}\` | ${cell(r.type)} | ${r.required ? 'yes' : 'no'} | ${cell(r.description)} |`);
  return `${lines.join('\n')}\n`;
}

const fence = (lang: string, text: string) => `\`\`\`${lang}\n${text}\n\`\`\`\n`;

export function apiMarkdown(document: OpenApiDocument, examples: Readonly<Record<string, readonly Example[]>>): string {
  const out: string[] = [
    `# ${document.info.title} ${document.info.version}\n`,
    `> ${document.info.summary}\n`,
    'The machine-readable description is the OpenAPI 3.1 document at `/api/occ/openapi.json`; this page is rendered from it. ' +
      'Examples are real answers of this build, trimmed: arrays keep their first two items and long texts are cut.\n',
    '## Errors\n',
    `${ERROR_RULES}\n`,
    '## Limits\n',
    `| Limit | Value |\n| --- | --- |\n${limitRows().map((r) => `| ${r.name} | ${r.value} |`).join('\n')}\n`,
    '## Caching and compression\n',
    `${CACHE_RULES}\n`,
    '## CORS\n',
    `${CORS_RULES}\n`,
  ];
  for (const e of endpoints(document, examples)) {
    out.push(`## ${e.method} ${e.path}\n`, `${e.summary}. ${e.description}\n`);
    if (e.parameters.length > 0) out.push('### Parameters (path or query)\n', table(e.parameters));
    if (e.requestBody) out.push(`### Request body (${e.requestBody.schema})\n`, table(e.requestBody.fields));
    if (e.response) out.push(`### Response 200 (${e.response.schema})\n`, table(e.response.fields));
    if (e.errors.length > 0) {
      out.push('### Errors (application/problem+json)\n', e.errors.map((r) => `- **${r.status}**: ${r.description}`).join('\n'), '\n');
    }
    for (const example of e.examples) {
      out.push(`### Example: ${example.summary}\n`, fence('sh', curl(e.op, example)), `Response ${example.status}:\n`, typeof example.response === 'string' ? fence('text', example.response) : fence('json', JSON.stringify(example.response, null, 2)));
    }
  }
  out.push('## Types\n');
  for (const name of nestedSchemas(document)) out.push(`### ${name}\n`, table(schemaFields(document, name)));
  return out.join('\n');
}
