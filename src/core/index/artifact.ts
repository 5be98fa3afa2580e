import lunr from 'lunr';
import { ArtifactError } from '../errors.js';
import { POSITION_CHECKPOINT, type PostingsData } from '../search/postings.js';
import { ANALYSIS_VERSION } from './analysis.js';
import { Container, ContainerWriter, decodeStrings, encodeContainer, encodeStrings } from './binary.js';
import type { IndexStats } from './builder.js';

/** Bump when the sections or their meaning change (docs/artifact.md). 2: OCC's binary postings; 1 was Lunr's JSON. */
export const INDEX_FORMAT_VERSION = 2;

/** The index file's header: what it is, what it was built with and from. */
export interface IndexMeta extends IndexStats {
  format: 'occ-index';
  formatVersion: number;
  lunrVersion: string;
  analysisVersion: number;
  /** Hash of the content the index was built from; must equal the corpus artifact's. */
  contentHash: string;
  builtAt: string;
  terms: number;
  entries: number;
}

function sections(postings: PostingsData): Record<string, Uint8Array | Uint32Array | Float64Array> {
  const refs = encodeStrings(postings.refs);
  return {
    termBytes: postings.terms.bytes,
    termOffsets: postings.terms.offsets,
    refBytes: refs.bytes,
    refOffsets: refs.offsets,
    starts: postings.starts,
    docs: postings.docs,
    weightCodes: postings.weightCodes,
    weightEscapes: postings.weightEscapes,
    ...(postings.positionBytes === undefined || postings.positionCheckpoints === undefined
      ? {}
      : { positionBytes: postings.positionBytes, positionCheckpoints: postings.positionCheckpoints }),
  };
}

function meta(postings: PostingsData, stats: IndexStats, contentHash: string, builtAt: Date): IndexMeta {
  return {
    format: 'occ-index',
    formatVersion: INDEX_FORMAT_VERSION,
    lunrVersion: lunr.version,
    analysisVersion: ANALYSIS_VERSION,
    contentHash,
    builtAt: builtAt.toISOString(),
    ...stats,
    terms: postings.terms.offsets.length - 1,
    entries: postings.docs.length,
  };
}

/** Writes the index file (through a temporary file renamed into place); returns its size in bytes. */
export function writeIndexArtifact(file: string, postings: PostingsData, stats: IndexStats, contentHash: string, builtAt: Date): number {
  const writer = new ContainerWriter(file);
  try {
    for (const [name, array] of Object.entries(sections(postings))) writer.section(name, array);
    return writer.finish({ ...meta(postings, stats, contentHash, builtAt) });
  } catch (error) {
    writer.abort();
    throw error;
  }
}

/** The same bytes in memory. */
export function encodeIndexArtifact(postings: PostingsData, stats: IndexStats, contentHash: string, builtAt: Date): Buffer {
  return encodeContainer({ ...meta(postings, stats, contentHash, builtAt) }, sections(postings));
}

/**
 * Reads an index file's bytes, refusing anything this code did not write: another format, Lunr version or
 * analysis would load quietly and then match the wrong terms, and an index of other content would name chunks
 * the corpus does not hold. The postings are views of `bytes`: nothing is parsed per entry.
 */
export function readIndexArtifact(bytes: Buffer, expectedContentHash?: string): { postings: PostingsData; stats: IndexMeta } {
  const fail = (why: string) => new ArtifactError(`Cannot load the search index: ${why}. Rebuild it with \`npm run build\`.`);
  let container: Container;
  try {
    container = new Container(bytes, 'the search index');
  } catch (error) {
    // A JSON index is what builds before format 2 wrote.
    if (bytes.subarray(0, 1).toString() === '{') throw fail('it is a JSON index of an older OCC (format version 1), this server reads binary format 2');
    throw error;
  }
  const { sections: _, ...header } = container.header;
  const a = header as Partial<IndexMeta>;
  if (a.format !== 'occ-index') throw fail('not an OCC index file');
  if (a.formatVersion !== INDEX_FORMAT_VERSION) throw fail(`format version ${a.formatVersion}, this server reads ${INDEX_FORMAT_VERSION}`);
  if (a.lunrVersion !== lunr.version) throw fail(`built with Lunr ${a.lunrVersion}, this server has ${lunr.version}`);
  if (a.analysisVersion !== ANALYSIS_VERSION) throw fail(`analysis version ${a.analysisVersion}, this server uses ${ANALYSIS_VERSION}`);
  if (expectedContentHash !== undefined && a.contentHash !== expectedContentHash) {
    throw fail(`built from content ${a.contentHash}, but the corpus is ${expectedContentHash}`);
  }
  const refs = decodeStrings({ bytes: container.u8('refBytes'), offsets: container.u32('refOffsets') });
  const postings: PostingsData = {
    terms: { bytes: container.u8('termBytes'), offsets: container.u32('termOffsets') },
    refs,
    starts: container.u32('starts'),
    docs: container.u32('docs'),
    weightCodes: container.u32('weightCodes'),
    weightEscapes: container.f64('weightEscapes'),
    ...(container.has('positionBytes') ? { positionBytes: container.u8('positionBytes'), positionCheckpoints: container.u32('positionCheckpoints') } : {}),
  };
  const terms = postings.terms.offsets.length - 1;
  const entries = postings.docs.length;
  const consistent =
    terms === a.terms &&
    entries === a.entries &&
    refs.length === a.documents &&
    postings.starts.length === terms + 1 &&
    postings.starts[terms] === entries &&
    postings.weightCodes.length === entries &&
    (postings.positionCheckpoints === undefined ||
      (postings.positionCheckpoints.length === Math.ceil(entries / POSITION_CHECKPOINT) + 1 &&
        postings.positionCheckpoints[postings.positionCheckpoints.length - 1] === postings.positionBytes?.length));
  if (!consistent) throw fail('its sections do not agree with each other (a damaged file)');
  return { postings, stats: a as IndexMeta };
}
