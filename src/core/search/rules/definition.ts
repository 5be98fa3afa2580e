import { rule } from './rule.js';

/**
 * For a question asking what something is, the chunks that define one of its words ("‘deployer’ means") above the
 * rest, and further above the chunk defining its whole subject (docs/ranking/definition-factor.md). The engine's
 * definition stage finds those chunks (and fetches them if the query's ranking left them out) when
 * `definitionFactor` is above 1.
 */
export const definition = rule({
  name: 'definition',
  knobs: [
    { name: 'definitionFactor', flag: 'definition', default: 2, off: 1, doc: "a chunk defining a word of a definition question; 1: off" },
    { name: 'subjectFactor', flag: 'subject', default: 4, off: 1, doc: "a further factor for the chunk defining the question's whole subject; 1: off" },
  ],
  bind(_corpus, { definitionFactor, subjectFactor }) {
    if (definitionFactor === 1) return undefined;
    return {
      applies: ({ defined }) => defined !== undefined,
      factor: (r, { defined }) => (defined?.docs.has(r.doc) === true ? definitionFactor * (defined.whole ? subjectFactor : 1) : 1),
    };
  },
});
