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

/**
 * Writes the SciFact abstracts as a content directory: sources of 100 abstracts each, one `##` section per
 * abstract, so each abstract becomes (about) one chunk as in the IR evaluation. `copies` > 1 repeats the whole
 * collection under new source ids, a stand-in for a corpus that many times larger.
 */
export function scifactContentDir(outDir: string, copies = 1): { dir: string; queries: string[] } | undefined {
  const base = path.join(sharedDir, 'ir', 'scifact');
  if (!existsSync(path.join(base, 'corpus.jsonl'))) return undefined;
  const docs = readFileSync(path.join(base, 'corpus.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as JsonlDoc);
  const sources = path.join(outDir, 'sources');
  mkdirSync(sources, { recursive: true });
  // A benchmark stand-in, not checked content: dated today so that the content rules accept it.
  const asOf = new Date().toISOString().slice(0, 10);
  for (let copy = 0; copy < copies; copy++) {
    for (let i = 0; i * 100 < docs.length; i++) {
      const id = copies === 1 ? `scifact-${String(i).padStart(2, '0')}` : `scifact-c${copy}-${String(i).padStart(2, '0')}`;
      const body = docs
        .slice(i * 100, i * 100 + 100)
        .map((d) => `## ${(d.title || `Abstract ${d.id}`).replace(/[#*_`[\]<>]/g, ' ')}\n\n${d.text.replace(/[#*_`[\]<>]/g, ' ')}`)
        .join('\n\n');
      const front = `---\nid: ${id}\ntitle: "SciFact abstracts part ${i}${copies === 1 ? '' : `, copy ${copy}`}"\npublisher: "BEIR SciFact"\nurl: "https://github.com/allenai/scifact"\nlicense: ODC-By-1.0\nas_of: ${asOf}\n---\n\n`;
      writeFileSync(path.join(sources, `${id}.md`), front + body);
    }
  }
  const queries = readFileSync(path.join(base, 'queries.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as JsonlDoc).text);
  return { dir: outDir, queries };
}
