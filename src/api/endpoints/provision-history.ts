import { z } from 'zod';
import { lookUpProvision } from '../../core/law/lookup.js';
import { endpoint } from '../endpoint.js';
import { today } from '../law.js';
import { API_BASE } from '../limits.js';
import { licensed, named } from '../schemas.js';
import { credit } from '../tool-text.js';
import { amendedBy, anchorParam, exampleProvision, HistoryItem, historyItem, instrumentParam, noLawExamples, notFound, textLanguageParam } from './provision.js';

const ProvisionHistoryResponse = named(
  'ProvisionHistoryResponse',
  z
    .object({
      instrument: z.string(),
      anchor: z.string(),
      language: z.string(),
      history: z
        .array(
          HistoryItem.extend({
            pinpoint: z.string().nullable().meta({ description: 'As cited in that version; null once deleted.' }),
            text: z.string().nullable().meta({ description: 'Its text in that version; null once deleted.' }),
            diff: z
              .array(z.object({ op: z.enum(['equal', 'insert', 'delete']), text: z.string() }).strict())
              .nullable()
              .meta({ description: 'Word-level changes against the previous version; null where there is nothing to compare.' }),
          }),
        )
        .meta({ description: 'Oldest first.' }),
      ...licensed,
    })
    .strict(),
  "A provision's versions: each text, what changed and which act changed it.",
);

export const provisionHistory = endpoint({
  id: 'provisionHistory',
  method: 'GET',
  path: `${API_BASE}/provisions/{instrument}/{anchor}/history`,
  summary: "A provision's history across versions",
  description:
    'Every version of an official text in which the provision stands or from which it was deleted, oldest first: its text there, ' +
    'whether it was inserted, amended, deleted or left unchanged, the act that made that version, and a word-level diff against the ' +
    'version before (with the `diff` library).',
  input: z.object({ instrument: instrumentParam(), anchor: anchorParam(), lang: textLanguageParam() }),
  response: ProvisionHistoryResponse,
  errors: {
    400: '`anchor` not an address such as art-5-1-f; `lang` not a language code.',
    404: 'No versioned text of the instrument is indexed (in that language), or the provision is in no version.',
  },
  cache: 'short',
  handler({ instrument, anchor, lang }, { service }) {
    const found = lookUpProvision(service.law, service.provisions, { instrument, anchor, date: today(), language: lang });
    if (!found.found && found.reason !== 'date') throw notFound(found, instrument, anchor, undefined);
    const language = found.found ? found.version.language : (found.versions[0]?.language ?? 'en');
    return {
      instrument,
      anchor,
      language,
      history: found.history.map((h) => ({
        ...historyItem(service, h, anchor),
        pinpoint: h.text === null ? null : (service.provisions.get(h.version.source)?.get(anchor)?.pinpoint ?? null),
        text: h.text,
        diff: h.diff,
      })),
    };
  },
  tool: {
    name: 'provision_history',
    title: 'How a provision of the law changed',
    description: (service) =>
      "Returns a provision's history across the versions of an official text: for each version (in force from and to), its text, " +
      'whether it was inserted, amended, deleted or unchanged, the amending act, and a word-level diff against the version before. ' +
      'Use it to answer what changed in a provision and when. ' +
      (service.law.instruments().length > 0 ? `Instruments with versions here: ${service.law.instruments().join(', ')}.` : 'No versioned official text is indexed on this instance.') +
      ' The same answer as GET /api/occ/provisions/{instrument}/{anchor}/history.',
    render(answer) {
      const lines = answer.history.map((h) => {
        const by = amendedBy(h.amended_by);
        const diff = h.diff === null ? '' : `\n  changes: ${h.diff.filter((d) => d.op !== 'equal').map((d) => `${d.op === 'insert' ? '+' : '-'}[${d.text.trim()}]`).join(' ')}`;
        return `- ${h.in_force_from} to ${h.in_force_to ?? 'today'} (${h.label}): ${h.change}${by}${diff}`;
      });
      return `${answer.anchor} of ${answer.instrument} (${answer.language}):\n${lines.join('\n')}` + credit(answer);
    },
  },
  examples: (service) => {
    const example = exampleProvision(service);
    return example === undefined ? noLawExamples : [{ summary: `The history of ${example.anchor}`, status: 200, params: example }];
  },
});
