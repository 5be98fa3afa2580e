/**
 * The cached publications as content files the build reads beside content/: each ingested in memory as
 * `npm run ingest` would write it, with the manifest's id and language and the date the cache got it.
 */
import path from 'node:path';
import type { ContentFile } from '../corpus/corpus.js';
import { ingest } from '../ingest/ingest.js';
import type { CacheState } from './publications.js';

export async function publicationFiles(state: CacheState, cacheDir: string, root = process.cwd()): Promise<ContentFile[]> {
  const files: ContentFile[] = [];
  for (const { publication, data, retrieved } of state.held) {
    const origin = path.relative(root, path.join(cacheDir, publication.file));
    const result = await ingest(data, {
      origin,
      id: publication.id,
      language: publication.language,
      ...(Object.fromEntries(Object.entries(publication.ingest ?? {}).filter(([, value]) => value !== undefined)) as Record<string, string>),
      // The day the cache got it, not the build's: the same files build the same sources on any day.
      ...(retrieved ? { retrieved: retrieved.retrieved, today: retrieved.retrieved } : {}),
    });
    // Named as the source it becomes, under the file it comes from: a content error names both.
    files.push({ collection: 'sources', file: path.join(origin, `${publication.id}.md`), text: result.text });
  }
  return files;
}
