import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `../shared` beside the project, where the team keeps real corpora and IR collections; absent on a fresh clone. */
export const sharedDir = fileURLToPath(new URL('../../shared', import.meta.url));

export function sharedCorpora(): string[] {
  const dir = path.join(sharedDir, 'corpora');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'sources')))
    .map((e) => path.join(dir, e.name));
}

interface JsonlDoc {
  id: string;
  title: string;
  text: string;
}

export interface ScifactOptions {
  /** How many abstracts in all (default: the collection once); past its end the collection repeats under new ids. */
  abstracts?: number;
  /** Abstracts per source (default 100). */
  perSource?: number;
}

/**
 * Writes the SciFact abstracts as a content directory: sources of `perSource` abstracts each, one `##` section
 * per abstract, so each abstract becomes (about) one chunk as in the IR evaluation. More abstracts than the
 * collection holds repeat it under new source ids, a stand-in for a corpus that many times larger.
 */
export function scifactContentDir(outDir: string, options: ScifactOptions = {}): { dir: string; queries: string[]; sources: number } | undefined {
  const base = path.join(sharedDir, 'ir', 'scifact');
  if (!existsSync(path.join(base, 'corpus.jsonl'))) return undefined;
  const docs = readFileSync(path.join(base, 'corpus.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as JsonlDoc);
  const { abstracts = docs.length, perSource = 100 } = options;
  const sources = path.join(outDir, 'sources');
  mkdirSync(sources, { recursive: true });
  // A benchmark stand-in, not checked content: dated today so that the content rules accept it.
  const asOf = new Date().toISOString().slice(0, 10);
  const count = Math.ceil(abstracts / perSource);
  const width = String(count - 1).length;
  for (let i = 0; i < count; i++) {
    const id = `scifact-${String(i).padStart(width, '0')}`;
    const body = Array.from({ length: Math.min(perSource, abstracts - i * perSource) }, (_, k) => docs[(i * perSource + k) % docs.length] as JsonlDoc)
      .map((d) => `## ${(d.title || `Abstract ${d.id}`).replace(/[#*_`[\]<>]/g, ' ')}\n\n${d.text.replace(/[#*_`[\]<>]/g, ' ')}`)
      .join('\n\n');
    const front = `---\nid: ${id}\ntitle: "SciFact abstracts part ${i}"\npublisher: "BEIR SciFact"\nurl: "https://github.com/allenai/scifact"\nlicense: ODC-By-1.0\nas_of: ${asOf}\n---\n\n`;
    writeFileSync(path.join(sources, `${id}.md`), front + body);
  }
  const queries = readFileSync(path.join(base, 'queries.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as JsonlDoc).text);
  return { dir: outDir, queries, sources: count };
}

/**
 * Writes the EU AI Act of ../shared/corpora `copies` times under new source ids: a large corpus of primary law,
 * where the legal rules (definitions, citations, dates of application) meet as many an "Article 5" and "‘X’
 * means" as a real collection of acts would. The queries are the AI Act questions of the legal question sets.
 */
export function lawCopiesContentDir(outDir: string, copies: number, queriesFile: string): { dir: string; queries: string[] } | undefined {
  const dir = path.join(sharedDir, 'corpora', 'eu-ai-act', 'sources');
  if (!existsSync(dir)) return undefined;
  const file = readdirSync(dir).find((name) => name.endsWith('.md'));
  if (file === undefined) return undefined;
  const text = readFileSync(path.join(dir, file), 'utf8');
  const end = text.indexOf('\n---', 3);
  const front = text.slice(0, end);
  const body = text.slice(end);
  const sources = path.join(outDir, 'sources');
  mkdirSync(sources, { recursive: true });
  const width = String(copies - 1).length;
  for (let i = 0; i < copies; i++) {
    const id = `eu-ai-act-${String(i).padStart(width, '0')}`;
    const copy = front.replace(/^id:.*$/m, `id: ${id}`).replace(/^title:\s*"?(.*?)"?\s*$/m, (_, title: string) => `title: "${title}, copy ${i}"`);
    writeFileSync(path.join(sources, `${id}.md`), copy + body);
  }
  const queries = readFileSync(queriesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { text: string; relevant: { source: string }[] })
    .filter((q) => q.relevant[0]?.source === 'eu-ai-act')
    .map((q) => q.text);
  return { dir: outDir, queries };
}
