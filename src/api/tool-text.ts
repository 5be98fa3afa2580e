/** Pieces of the text renderings the MCP tools give a model beside the structured answer. */
import { LICENSE } from './limits.js';

export const credit = (answer: { attribution: string }) => `\n\nLicense ${LICENSE}; credit: ${answer.attribution}`;
export const where = (path: readonly string[]) => (path.length > 0 ? ` — ${path.join(' › ')}` : '');
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const checked = (entry: { as_of?: string | undefined }) => (entry.as_of ? ` (checked ${entry.as_of})` : '');
