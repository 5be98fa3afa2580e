import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkCorpusArtifact, type CorpusArtifact } from '../core/corpus/artifact.js';
import { ArtifactError } from '../core/errors.js';

/** Where `npm run build` writes the corpus and index; OCC_BUILD_DIR moves it. */
export function buildDir(): string {
  return path.resolve(process.env['OCC_BUILD_DIR'] ?? 'build');
}

export function readArtifact(name: string): unknown {
  const file = path.join(buildDir(), name);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new ArtifactError(`Cannot read ${file}; run \`npm run build\` first.`, { cause });
  }
}

/** The built corpus, read once when first imported: by the build for the docs pages, by the server at start. */
export const corpus: CorpusArtifact = checkCorpusArtifact(readArtifact('corpus.json'));
