import { buildFiles } from '../core/build-files.js';
import { openCorpus, type CorpusArtifact } from '../core/corpus/artifact.js';
import { buildDir } from './config.js';

let opened: CorpusArtifact | undefined;

/**
 * The built corpus, opened on first use (by the build for the docs pages, by the server when its routes are made)
 * and kept: its header and chunk columns are read then; chunk texts and pages when used (docs/artifact.md).
 */
export function loadedCorpus(): CorpusArtifact {
  return (opened ??= openCorpus(buildFiles(buildDir()).corpus));
}
