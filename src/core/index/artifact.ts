import lunr from 'lunr';
import { ArtifactError } from '../errors.js';
import { ANALYSIS_VERSION } from './analysis.js';

/** Bump when the shape of the serialized index changes. */
export const INDEX_FORMAT_VERSION = 1;

export interface IndexArtifact {
  format: 'occ-index';
  formatVersion: number;
  lunrVersion: string;
  analysisVersion: number;
  /** Hash of the content the index was built from; must equal the corpus artifact's. */
  contentHash: string;
  builtAt: string;
  index: object;
}

export function serializeIndex(index: lunr.Index, contentHash: string, builtAt: Date): IndexArtifact {
  return {
    format: 'occ-index',
    formatVersion: INDEX_FORMAT_VERSION,
    lunrVersion: lunr.version,
    analysisVersion: ANALYSIS_VERSION,
    contentHash,
    builtAt: builtAt.toISOString(),
    index: index.toJSON(),
  };
}

/**
 * Checks a serialized index, refusing anything this code did not write: another format, Lunr version or
 * analysis would load quietly and then match the wrong terms (Lunr itself only warns).
 */
export function checkIndexArtifact(artifact: unknown, expectedContentHash?: string): IndexArtifact {
  const a = artifact as Partial<IndexArtifact> | null;
  const fail = (why: string) => new ArtifactError(`Cannot load the search index: ${why}. Rebuild it with \`npm run build\`.`);
  if (a === null || typeof a !== 'object' || a.format !== 'occ-index') throw fail('not an OCC index file');
  if (a.formatVersion !== INDEX_FORMAT_VERSION) throw fail(`format version ${a.formatVersion}, this server reads ${INDEX_FORMAT_VERSION}`);
  if (a.lunrVersion !== lunr.version) throw fail(`built with Lunr ${a.lunrVersion}, this server has ${lunr.version}`);
  if (a.analysisVersion !== ANALYSIS_VERSION) throw fail(`analysis version ${a.analysisVersion}, this server uses ${ANALYSIS_VERSION}`);
  if (expectedContentHash !== undefined && a.contentHash !== expectedContentHash) {
    throw fail(`built from content ${a.contentHash}, but the corpus is ${expectedContentHash}`);
  }
  if (typeof a.index !== 'object' || a.index === null) throw fail('the index is missing');
  return a as IndexArtifact;
}

/** Loads a checked artifact into a lunr.Index, for callers that want Lunr's own query API. */
export function loadIndex(artifact: unknown, expectedContentHash?: string): { index: lunr.Index; meta: Omit<IndexArtifact, 'index'> } {
  const { index, ...meta } = checkIndexArtifact(artifact, expectedContentHash);
  try {
    return { index: lunr.Index.load(index), meta };
  } catch (cause) {
    throw new ArtifactError('Cannot load the search index: Lunr rejected it. Rebuild it with `npm run build`.', { cause });
  }
}
