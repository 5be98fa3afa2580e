/**
 * Reads the facts files of one or more content directories (content/timeline/*.yaml, content/obligations/*.yaml),
 * checks each against its schema and the rules across entries, and throws one ContentError naming every file and
 * field at fault. What needs the law's text is checked later, by text-check.ts, once the build has the provisions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { ContentError, type ContentProblem } from '../errors.js';
import { factsRules, type Facts } from './rules.js';
import { ObligationsFileSchema, TimelineFileSchema } from './schema.js';

export const FACTS_FOLDERS = { timeline: 'timeline', obligations: 'obligations' } as const;

/** Parses every facts file of the directories and checks them; throws ContentError listing every problem. */
export function loadFacts(dirs: readonly string[], root = process.cwd()): Facts {
  const problems: ContentProblem[] = [];
  const facts: Facts = { timelines: [], obligations: [] };
  for (const dir of dirs) {
    for (const { file, text } of yamlFiles(path.join(dir, FACTS_FOLDERS.timeline), root)) {
      const data = parseFactsFile(file, text, TimelineFileSchema, problems);
      if (data !== undefined) facts.timelines.push({ file, data });
    }
    for (const { file, text } of yamlFiles(path.join(dir, FACTS_FOLDERS.obligations), root)) {
      const data = parseFactsFile(file, text, ObligationsFileSchema, problems);
      if (data !== undefined) facts.obligations.push({ file, data });
    }
  }
  // The rules across files run on files that parsed: one that failed would show as missing to the others.
  if (problems.length === 0) problems.push(...factsRules(facts));
  if (problems.length > 0) throw new ContentError(problems);
  return facts;
}

function yamlFiles(folder: string, root: string): { file: string; text: string }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => ({ file: path.relative(root, path.join(folder, name)), text: readFileSync(path.join(folder, name), 'utf8') }));
}

/** One file's YAML read and checked against its schema; undefined (with its problems recorded) when it fails. */
export function parseFactsFile<S extends z.ZodType>(file: string, text: string, schema: S, problems: ContentProblem[]): z.infer<S> | undefined {
  // The core schema keeps 2026-08-02 a string (YAML 1.1 would make it a timestamp); duplicate keys are errors.
  const doc = parseDocument(text, { schema: 'core', uniqueKeys: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    for (const e of doc.errors) problems.push({ file, field: `line ${e.linePos?.[0]?.line ?? '?'}`, message: `is not valid YAML: ${e.message.split('\n')[0]}` });
    return undefined;
  }
  const raw: unknown = doc.toJS();
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) problems.push({ file, field: fieldPath(raw, issue.path), message: issueMessage(issue) });
  return undefined;
}

/** `events[annex-iii-high-risk].dates[1].applies_from`: a list item named by its id when it has one, else its index. */
export function fieldPath(raw: unknown, segments: readonly PropertyKey[]): string {
  let out = '';
  let at: unknown = raw;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      const item: unknown = Array.isArray(at) ? at[segment] : undefined;
      const id = typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string' ? (item as { id: string }).id : undefined;
      out += `[${id ?? segment}]`;
    } else {
      out += out === '' ? String(segment) : `.${String(segment)}`;
    }
    at = typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[segment] : undefined;
  }
  return out === '' ? '(file)' : out;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}; see docs/facts.md for the fields allowed`;
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `is required (${issue.expected})`;
  return issue.message;
}
