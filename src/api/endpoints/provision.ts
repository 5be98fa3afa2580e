import { z } from 'zod';
import { lookUpProvision, type Lookup } from '../../core/law/lookup.js';
import type { HistoryEntry } from '../../core/law/history.js';
import { amendingPoints, instructionsFor, type Instruction } from '../../core/law/instructions.js';
import type { Provision } from '../../core/law/provisions.js';
import { parsePinpoint, within } from '../../core/legal/address.js';
import { sectionUrl } from '../../core/site-urls.js';
import { endpoint } from '../endpoint.js';
import { slugParam } from '../fields.js';
import { asOfParam, today } from '../law.js';
import { API_BASE } from '../limits.js';
import { HttpProblem } from '../problem.js';
import { licensed, named, VersionRef } from '../schemas.js';
import type { Service } from '../service.js';
import { credit } from '../tool-text.js';

/** An Article of the newest version of the first versioned instrument, for the documented examples. */
export function exampleProvision(service: Service): { instrument: string; anchor: string } | undefined {
  const instrument = service.law.instruments()[0];
  const version = instrument === undefined ? undefined : service.law.versionsOf(instrument).at(-1);
  const anchor = version === undefined ? undefined : [...(service.provisions.get(version.source)?.keys() ?? [])].find((a) => a.startsWith('art-'));
  return instrument === undefined || anchor === undefined ? undefined : { instrument, anchor };
}

/** The examples of a build without versioned law: what the law endpoints answer there. */
export const noLawExamples = [
  { summary: 'An instrument with no versioned text here', status: 404, params: { instrument: 'eu-reg-2024-1689', anchor: 'art-5' } },
  { summary: 'A malformed address', status: 400, params: { instrument: 'eu-reg-2024-1689', anchor: 'Article 5' } },
];

/** A provision's address as pinpoint URLs give it: `art-5-1-f`, `recital-44`, `annex-iii`. */
export const anchorParam = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? '"anchor" is required: a provision\'s address such as art-5-1-f.' : undefined) })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: '"anchor" must be a provision\'s address such as art-5-1-f, recital-44 or annex-iii (lowercase letters, digits and single hyphens).' })
    .meta({ description: "The provision's address, as in its pinpoint URL: `art-5-1-f`, `art-113`, `recital-44`, `annex-iii`.", examples: ['art-5-1-f'] });

export const instrumentParam = () =>
  slugParam('instrument', 'eu-reg-2024-1689', 'never (it is part of the path)').meta({
    description: 'The instrument, as `instrument` in /sources gives it for a versioned official text (e.g. `eu-reg-2024-1689`).',
  });

export const textLanguageParam = () =>
  z
    .string()
    .regex(/^[a-z]{2,3}$/, { error: '"lang" must be a language code such as en or fr.' })
    .optional()
    .meta({ description: 'The language of the text (`en`, `fr`); default English where the instrument has it.' });

const AmendingAct = z
  .object({
    instrument: z.string().meta({ description: 'The amending act (its instrument id, e.g. `eu-reg-2026-1744`).' }),
    source: z.string().nullable().meta({ description: 'Its source id when its text is indexed here, else null.' }),
    pinpoints: z.array(z.string()).meta({
      description: 'The points of the amending act that made the change (`Art. 1(5)`), read from its numbered instructions; empty when its text is not indexed or no instruction names the provision.',
    }),
  })
  .strict();

export const HistoryItem = z
  .object({
    source: z.string(),
    ...VersionRef.shape,
    change: z.enum(['inserted', 'amended', 'deleted', 'unchanged']).meta({
      description: '`inserted` in the first version it stands in (the act as published, or the amendment adding it); `deleted` in the first version without it.',
    }),
    amended_by: z.array(AmendingAct).meta({ description: 'The acts that made this version, for a change; empty otherwise.' }),
  })
  .strict();

/** The 404 for a provision that is not there, saying when it is, or what is. */
export function notFound(lookup: Exclude<Lookup, { found: true }>, instrument: string, anchor: string, date: string | undefined): HttpProblem {
  switch (lookup.reason) {
    case 'instrument':
      return new HttpProblem(404, `No versioned official text of "${instrument}" is indexed; the instruments are: ${lookup.instruments.join(', ') || 'none'}.`, 'instrument');
    case 'language':
      return new HttpProblem(404, `"${instrument}" is indexed in ${lookup.languages.join(', ')} only.`, 'lang');
    case 'anchor':
      return new HttpProblem(404, `"${anchor}" is in no version of ${instrument}${lookup.nearest.length > 0 ? `; nearby: ${lookup.nearest.join(', ')}` : ''}.`, 'anchor');
    case 'date': {
      const spans = lookup.history.filter((h) => h.change !== 'deleted').map((h) => `${h.version.in_force_from} to ${h.version.in_force_to ?? 'today'}`);
      return new HttpProblem(404, `"${anchor}" is not in the text of ${instrument} in force on ${date}; it is in the text in force ${spans.join(' and ')}.`, 'anchor');
    }
  }
}

/** Each amending act's instructions by the instrument they amend, read once per act (src/core/law/instructions.ts). */
const instructionsRead = new WeakMap<ReadonlyMap<string, Provision>, Map<string, Instruction[]>>();

function instructionsOf(service: Service, source: string, amended: string): Instruction[] {
  const provisions = service.provisions.get(source);
  if (provisions === undefined) return [];
  const byAmended = instructionsRead.get(provisions) ?? new Map<string, Instruction[]>();
  instructionsRead.set(provisions, byAmended);
  const known = byAmended.get(amended) ?? instructionsFor(provisions, amended);
  byAmended.set(amended, known);
  return known;
}

/** The versions' amending acts, each with the source holding its text when one is indexed and the points that changed `anchor`. */
export function amendingActs(service: Service, entry: HistoryEntry, anchor: string) {
  if (entry.change === 'unchanged') return [];
  return entry.version.amended_by.map((instrument) => {
    const source = service.law.versionsOf(instrument)[0]?.source ?? null;
    const pinpoints = source === null ? [] : amendingPoints(instructionsOf(service, source, entry.version.instrument), anchor);
    return { instrument, source, pinpoints };
  });
}

/** " by eu-reg-2026-1744 Art. 1(5)", for the text renderings of the MCP tools. */
export function amendedBy(acts: readonly { instrument: string; pinpoints: readonly string[] }[]): string {
  return acts.length > 0 ? ` by ${acts.map((a) => [a.instrument, ...a.pinpoints].join(' ')).join(', ')}` : '';
}

export const historyItem = (service: Service, entry: HistoryEntry, anchor: string) => ({
  source: entry.version.source,
  label: entry.version.label,
  in_force_from: entry.version.in_force_from,
  in_force_to: entry.version.in_force_to,
  change: entry.change,
  amended_by: amendingActs(service, entry, anchor),
});

/** The recitals of the instrument's texts in that language whose references name the provision or what holds it. */
function recitalsOf(service: Service, sources: readonly string[], pinpoint: string) {
  const wanted = parsePinpoint(pinpoint);
  if (wanted === undefined) return [];
  const found: { pinpoint: string; chunk: string }[] = [];
  for (const source of sources) {
    for (const n of service.corpus.chunks.ofSource(source)) {
      const c = service.corpus.chunks.at(n);
      if (!c?.pinpoint?.startsWith('Recital') || found.some((f) => f.pinpoint === c.pinpoint)) continue;
      const explains = (c.references ?? []).some((r) => {
        const cited = parsePinpoint(r.pinpoint);
        return cited !== undefined && (within(wanted, cited) || within(cited, wanted));
      });
      if (explains) found.push({ pinpoint: c.pinpoint, chunk: c.id });
    }
  }
  return found;
}

const ProvisionResponse = named(
  'ProvisionResponse',
  z
    .object({
      instrument: z.string(),
      anchor: z.string(),
      pinpoint: z.string().meta({ description: 'As cited: "Art. 5(1)(f)".' }),
      language: z.string(),
      law_as_of: z.iso.date().meta({ description: 'The day asked for (default today).' }),
      source: z.string().meta({ description: 'The source holding the version in force that day.' }),
      version: VersionRef,
      text: z.string().meta({ description: "The provision's text in that version." }),
      url: z.url().meta({ description: 'The provision on its version\'s page on this site.' }),
      recitals: z
        .array(z.object({ pinpoint: z.string(), chunk: z.string(), url: z.url() }).strict())
        .meta({ description: 'Recitals whose references name the provision or the Article holding it.' }),
      history: z.array(HistoryItem).meta({ description: 'One entry per version it stands in or was deleted from, oldest first; /history adds texts and word diffs.' }),
      ...licensed,
    })
    .strict(),
  'A provision of an official text as it stands on a date, with its recitals and history.',
);

export const provision = endpoint({
  id: 'provision',
  method: 'GET',
  path: `${API_BASE}/provisions/{instrument}/{anchor}`,
  summary: 'A provision as it stands on a date',
  description:
    'The text of one provision of a versioned official text (an Article, paragraph, point, recital or Annex) in the version in force ' +
    'on `as_of` (default today), with its pinpoint, version, the recitals that name it, and its history across versions. A provision ' +
    'not in the text that day is a 404 saying when it is; one in no version, a 404 naming nearby addresses.',
  input: z.object({ instrument: instrumentParam(), anchor: anchorParam(), as_of: asOfParam(), lang: textLanguageParam() }),
  response: ProvisionResponse,
  errors: {
    400: '`anchor` not an address such as art-5-1-f; `as_of` not a real date written YYYY-MM-DD; `lang` not a language code.',
    404: 'No versioned text of the instrument is indexed (in that language), or the provision is not in the text on `as_of` or in any version.',
  },
  cache: 'short',
  handler({ instrument, anchor, as_of, lang }, { service, siteUrl }) {
    const date = as_of ?? today();
    const found = lookUpProvision(service.law, service.provisions, { instrument, anchor, date, language: lang });
    if (!found.found) throw notFound(found, instrument, anchor, date);
    const { version, provision: p, history, versions } = found;
    return {
      instrument,
      anchor,
      pinpoint: p.pinpoint,
      language: version.language,
      law_as_of: date,
      source: version.source,
      version: { label: version.label, in_force_from: version.in_force_from, in_force_to: version.in_force_to },
      text: p.text,
      url: siteUrl(sectionUrl(p.from ?? version.source, anchor)),
      recitals: recitalsOf(service, versions.map((v) => v.source), p.pinpoint).map((r) => ({ ...r, url: siteUrl(`/api/occ/chunks/${r.chunk}`) })),
      history: history.map((h) => historyItem(service, h, anchor)),
    };
  },
  tool: {
    name: 'get_provision',
    title: 'A provision of the law on a date',
    description: (service) => {
      const instruments = service.law.instruments();
      return (
        'Returns the text of one provision of an official text as it stands on a date (default today): an Article, paragraph, point, ' +
        'recital or Annex, named by its instrument id and address (art-5-1-f, art-113, recital-44, annex-iii), with its pinpoint, the ' +
        'version it is from (in force from and to), the recitals that name it and its history (inserted, amended, deleted). Use it to ' +
        'quote the law exactly or to answer what it said on a past date. ' +
        (instruments.length > 0 ? `Instruments with versions here: ${instruments.join(', ')}.` : 'No versioned official text is indexed on this instance.') +
        ' The same answer as GET /api/occ/provisions/{instrument}/{anchor}.'
      );
    },
    render(answer) {
      const to = answer.version.in_force_to ?? 'today';
      const changes = answer.history.map((h) => `${h.in_force_from}: ${h.change}${amendedBy(h.amended_by)}`);
      const recitals = answer.recitals.length > 0 ? `\nRecitals: ${answer.recitals.map((r) => r.pinpoint).join(', ')}` : '';
      return (
        `${answer.pinpoint} of ${answer.instrument} as of ${answer.law_as_of} (${answer.version.label}, in force ${answer.version.in_force_from} to ${to})\n` +
        `${answer.url}\n\n${answer.text}\n\nHistory: ${changes.join('; ')}${recitals}` +
        credit(answer)
      );
    },
  },
  examples: (service) => {
    const example = exampleProvision(service);
    if (example === undefined) return noLawExamples;
    return [
      { summary: `${example.anchor} of ${example.instrument} today`, status: 200, params: example },
      { summary: 'A malformed address', status: 400, params: { instrument: example.instrument, anchor: 'Article 5' } },
      { summary: 'An address in no version', status: 404, params: { instrument: example.instrument, anchor: 'art-999' } },
    ];
  },
});
