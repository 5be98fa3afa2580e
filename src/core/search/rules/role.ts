import { rolesNamed } from '../intent.js';
import { rule } from './rule.js';

/**
 * A provision naming only operator roles other than those the question names below the rest: "How long must a
 * deployer keep the logs?" is after the deployer's duty, not the provider's in the same words
 * (docs/ranking/role-factor.md).
 */
export const role = rule({
  name: 'role',
  knobs: [{ name: 'roleFactor', flag: 'role', default: 0.6, off: 1, doc: "a provision naming only operator roles other than the question's; 1: off" }],
  bind(corpus, { roleFactor }) {
    if (roleFactor === 1) return undefined;
    /** Per chunk number, the operator roles its Article title and text name (read on first use, kept). */
    const chunkRoles = new Map<number, ReadonlySet<string>>();
    return {
      applies: ({ intent }) => intent.roles.size > 0,
      factor(r, { intent }) {
        const n = corpus.chunks.numberOf(r.ref);
        if (n === undefined) return 1;
        let roles = chunkRoles.get(n);
        if (roles === undefined) {
          roles = corpus.chunks.pinpointAt(n) === undefined ? new Set<string>() : rolesNamed(`${corpus.articleTitle(r.ref) ?? ''} ${corpus.chunks.at(n)?.text ?? ''}`);
          chunkRoles.set(n, roles);
        }
        return roles.size > 0 && ![...roles].some((named) => intent.roles.has(named)) ? roleFactor : 1;
      },
    };
  },
});
