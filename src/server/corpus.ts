import path from 'node:path';
import { buildFiles } from '../core/build-files.js';
import { openCorpus, type CorpusArtifact } from '../core/corpus/artifact.js';

/** Where `npm run build` writes the corpus and index; OCC_BUILD_DIR moves it. */
export function buildDir(): string {
  return path.resolve(process.env['OCC_BUILD_DIR'] ?? 'build');
}

/**
 * The built corpus, opened once when first imported: by the build for the docs pages, by the server at start.
 * Its header and chunk columns are read now; chunk texts and pages when used (docs/artifact.md).
 */
export const corpus: CorpusArtifact = openCorpus(buildFiles(buildDir()).corpus);
