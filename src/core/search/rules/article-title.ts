import { queryTerms } from '../../index/analysis.js';
import { rule } from './rule.js';

/** The title of an Article on the law's scope, in English or French ("Champ d’application"). */
const SCOPE_TITLE = /\bscope\b|\bchamp\s+d['’]application\b/i;

/**
 * A provision whose Article (or statute section) title has every one of its words in the query ("Does a provider
 * need a quality management system?" and Article 17, "Quality management system") above the rest; a question
 * whether the law applies to something names the Article on its scope so (docs/ranking/article-title-factor.md,
 * scope-rule.md).
 */
export const articleTitle = rule({
  name: 'article-title',
  knobs: [
    { name: 'articleTitleFactor', flag: 'article-title', default: 1.3, off: 1, doc: 'a provision whose Article title the question names; 1: off' },
    { name: 'scopeFactor', flag: 'scope', default: 1.6, off: 1, doc: 'a provision of the Article on scope, for a question whether the law applies to something; 1: off' },
  ],
  bind(corpus, { articleTitleFactor, scopeFactor }) {
    if (articleTitleFactor === 1 && scopeFactor === 1) return undefined;
    /** Per chunk number, the index terms of its Article's title (empty: none), read on first use and kept. */
    const titles = new Map<number, readonly string[]>();
    const titleAsked = (ref: string, terms: ReadonlySet<string>) => {
      const n = corpus.chunks.numberOf(ref);
      if (n === undefined) return false;
      let title = titles.get(n);
      if (title === undefined) {
        const heading = corpus.articleTitle(ref);
        title = heading === undefined ? [] : queryTerms(corpus.pipeline, heading);
        titles.set(n, title);
      }
      return title.length > 0 && title.every((term) => terms.has(term));
    };
    return {
      applies: () => true,
      factor: (r, { terms, intent }) => {
        // An Article both named by its title and on scope takes the larger factor, not their product.
        const scope = intent.scope && SCOPE_TITLE.test(corpus.articleTitle(r.ref) ?? '') ? scopeFactor : 1;
        return Math.max(titleAsked(r.ref, terms) ? articleTitleFactor : 1, scope);
      },
    };
  },
});
