import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.js';
import type { Collection, ContentFile } from './corpus.js';

const COLLECTIONS: readonly Collection[] = ['sources', 'glossary', 'wisdom'];

/** `OCC_CONTENT_DIR` holds one or more content directories separated by `:` like PATH; default `content`. */
export function contentDirs(env: string | undefined, root = process.cwd()): string[] {
  const dirs = (env ?? 'content').split(':').filter((dir) => dir.trim() !== '');
  return dirs.map((dir) => path.resolve(root, dir));
}

/** Reads every `*.md` file of every collection of every directory; a missing collection folder is fine. */
export function readContentFiles(dirs: readonly string[], root = process.cwd()): ContentFile[] {
  const missing = dirs.filter((dir) => !existsSync(dir) || !statSync(dir).isDirectory());
  if (missing.length > 0) {
    throw new ContentError(
      missing.map((dir) => ({ file: path.relative(root, dir) || '.', field: 'OCC_CONTENT_DIR', message: 'is not a directory' })),
    );
  }
  const files: ContentFile[] = [];
  for (const dir of dirs) {
    for (const collection of COLLECTIONS) {
      const folder = path.join(dir, collection);
      if (!existsSync(folder)) continue;
      for (const name of readdirSync(folder).sort()) {
        if (!name.endsWith('.md')) continue;
        const full = path.join(folder, name);
        files.push({ collection, file: path.relative(root, full), text: readFileSync(full, 'utf8') });
      }
    }
  }
  return files;
}
