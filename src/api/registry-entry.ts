import type { SourceMeta } from '../core/types.js';

/**
 * A source's registry entry as answers give it: an explainer's `url` is its page on this site, kept root-relative
 * in the corpus (the build does not know the origin) and made absolute for the client here.
 */
export function registryEntry<S extends Pick<SourceMeta, 'url'>>(meta: S, siteUrl: (path: string) => string): S {
  return meta.url.startsWith('/') ? { ...meta, url: siteUrl(meta.url) } : meta;
}
