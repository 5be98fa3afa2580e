import { z } from 'zod';
import { sectionUrl } from '../../core/site-urls.js';
import { VERIFY_STATUSES, verifyText, type CitationCheck } from '../../core/verify/verify.js';
import { endpoint } from '../endpoint.js';
import { kind } from '../fields.js';
import { asOfParam, today } from '../law.js';
import { API_BASE, LIMITS } from '../limits.js';
import { HttpProblem } from '../problem.js';
import { licensed, named, VersionRef } from '../schemas.js';
import type { Service } from '../service.js';
import { credit } from '../tool-text.js';

/** How much of a provision's text a result carries. */
const TEXT_CHARS = 600;
const max = LIMITS.verifyTextMaxChars;

const Span = z.object({ start: z.int(), end: z.int() }).strict().meta({ description: 'Offsets in `text`, in UTF-16 code units as JavaScript counts them; `end` is exclusive.' });

const CitationResult = z
  .object({
    citation: z.string().meta({ description: 'As written, with the name of its act when it follows ("Article 22 GDPR").' }),
    span: Span,
    status: z.enum(VERIFY_STATUSES).meta({
      description:
        '`ok`: in the text in force on `as_of`, nothing stated about it contradicted; `unresolved`: no indexed instrument matches; ' +
        '`no-such-provision`: in no version; `not-yet-in-text` / `no-longer-in-text`: only in a later / an earlier version; ' +
        '`misquote`: a quotation beside it is not in it; `wrong-content`: a figure the sentence states about it is not the one it states.',
    }),
    detail: z.string().meta({ description: 'The status in a sentence, saying what the law says instead.' }),
    instrument: z.string().nullable().meta({ description: 'The instrument it resolved to; null when unresolved.' }),
    instrument_from: z.enum(['citation', 'sentence', 'parameter', 'text', 'only']).optional().meta({
      description: 'Where the instrument was read: the citation itself, its sentence, the `instrument` parameter, the text before it, or the only instrument indexed; absent when unresolved.',
    }),
    pinpoint: z.string().meta({ description: 'The provision, as the service writes it: "Art. 5(1)(f)".' }),
    anchor: z.string().meta({ description: 'Its address, as GET /provisions/{instrument}/{anchor} takes it.' }),
    provision: z
      .object({ source: z.string(), version: VersionRef, text: z.string().meta({ description: `Its text, cut at ${TEXT_CHARS} characters.` }), url: z.url() })
      .strict()
      .nullable()
      .meta({ description: 'The provision checked: in the version in force on `as_of`, or for not-yet / no-longer the version holding it; null when there is none.' }),
    nearest: z.array(z.string()).optional().meta({ description: 'For `no-such-provision`: the nearest provisions that exist.' }),
    quotation: z
      .object({ quoted: z.string(), span: Span, closest: z.string(), diff: z.array(z.object({ op: z.enum(['equal', 'insert', 'delete']), text: z.string() }).strict()) })
      .strict()
      .optional()
      .meta({ description: "For `misquote`: the quotation, the provision's closest passage, and the words from it to the quotation (`insert`: only in the quotation)." }),
    stated: z
      .object({ written: z.string(), span: Span, kind: z.enum(['amount', 'percentage', 'period', 'date', 'headcount', 'power']), says: z.array(z.string()) })
      .strict()
      .optional()
      .meta({ description: 'For `wrong-content`: the figure as written, and what the provision (or the timeline, for an application date) says.' }),
  })
  .strict();

const VerifyResponse = named(
  'VerifyResponse',
  z
    .object({
      law_as_of: z.iso.date().meta({ description: 'The day the citations are checked for (default today).' }),
      instrument: z.string().nullable().meta({ description: 'The `instrument` given, or null.' }),
      counts: z
        .object({
          ok: z.int(),
          unresolved: z.int(),
          'no-such-provision': z.int(),
          'not-yet-in-text': z.int(),
          'no-longer-in-text': z.int(),
          misquote: z.int(),
          'wrong-content': z.int(),
        })
        .strict()
        .meta({ description: 'How many citations have each status.' }),
      citations: z.array(CitationResult).meta({ description: 'Every citation found, in the order written.' }),
      ...licensed,
    })
    .strict(),
  'The citations of a text, each checked against the indexed law on a date.',
);

/** The answer as a client receives it (the docs page's script reads it). */
export type VerifyAnswer = z.output<typeof VerifyResponse>;

function detail(c: CitationCheck, asOf: string): string {
  const where = c.instrument === null ? '' : ` of ${c.instrument}`;
  switch (c.status) {
    case 'ok':
      return `${c.pinpoint}${where} is in the text in force on ${asOf} (${c.version?.label}); nothing stated about it is contradicted.`;
    case 'unresolved':
      return c.otherAct ? 'It names an act that is not indexed here.' : 'No indexed instrument is named for it: name the act in the text, or pass `instrument`.';
    case 'no-such-provision':
      return `${c.pinpoint} is in no version${where}${c.nearest?.length ? `; nearest: ${c.nearest.join(', ')}` : ''}.`;
    case 'not-yet-in-text':
      return `${c.pinpoint}${where} is not in the text in force on ${asOf}; it is in the text in force from ${c.version?.in_force_from} (${c.version?.label}).`;
    case 'no-longer-in-text':
      return `${c.pinpoint}${where} is not in the text in force on ${asOf}; it was in the text in force ${c.version?.in_force_from} to ${c.version?.in_force_to} (${c.version?.label}).`;
    case 'misquote':
      return `The quotation is not in ${c.pinpoint}${where}; its closest passage: "${c.quotation?.closest}".`;
    case 'wrong-content':
      return `"${c.stated?.written}" is not what ${c.pinpoint}${where} states; it states ${c.stated?.says.join(', ')}.`;
  }
}

const cut = (text: string) => (text.length <= TEXT_CHARS ? text : `${text.slice(0, TEXT_CHARS).replace(/\s+\S*$/, '')} …`);

/** An answer over the first versioned instrument, for the documented examples. */
function exampleText(service: Service): string {
  const instrument = service.law.instruments()[0];
  const versions = instrument === undefined ? [] : service.law.versionsOf(instrument);
  const article = [...(service.provisions.get(versions.at(-1)?.source ?? '')?.values() ?? [])].find((p) => /^art-\d+$/.test(p.anchor));
  if (instrument === undefined || article === undefined) return 'Article 5(1)(f) of the AI Act prohibits emotion recognition at work; Article 114 AI Act sets a review.';
  return `${article.pinpoint.replace('Art.', 'Article')} of ${instrument} applies; Article 999 of ${instrument} does not exist.`;
}

export const verify = endpoint({
  id: 'verify',
  method: 'POST',
  path: `${API_BASE}/verify`,
  summary: 'Check the citations in a text',
  description:
    'Finds every citation of a provision in a text (an answer written by a language model, say): "Art. 5(1)(f) AI Act", "Article 22 GDPR", ' +
    '"Arts. 8 to 15", "Recital 44", "Annex III, point 4", "GOVERN 1.6". Each is resolved to an indexed instrument (from the citation, its sentence, ' +
    '`instrument`, or the text before it) and checked against the law in force on `as_of` (default today): whether the provision exists, ' +
    'whether it is in the text that day, whether a quotation beside it is in it (with a word diff from its closest passage), and whether a sum, ' +
    `percentage, time limit, date or count the sentence states about it is the one it states. \`text\` is at most ${max} characters; a longer ` +
    'one is a 413. The body may be sent as `text/plain` so that browsers skip the CORS preflight.',
  input: z.object({
    text: z
      .string({ error: (iss) => (iss.input === undefined ? `"text" is required: the text whose citations to check, 1 to ${max} characters.` : `"text" must be a string, got ${kind(iss.input)}.`) })
      .refine((s) => s.trim() !== '', { error: `"text" must not be blank: give 1 to ${max} characters.` })
      .meta({ maxLength: max, description: `The text whose citations to check, 1 to ${max} characters (a longer one is a 413).` }),
    as_of: asOfParam(),
    instrument: z
      .string({ error: (iss) => `"instrument" must be an instrument id such as eu-reg-2024-1689, got ${kind(iss.input)}.` })
      .optional()
      .meta({ description: 'The instrument a citation naming none means, when its sentence names none either (e.g. `eu-reg-2016-679`).' }),
  }),
  response: VerifyResponse,
  errors: {
    400: `The body is not a JSON object; \`text\` missing, blank or not a string; \`as_of\` not a real date written YYYY-MM-DD; \`instrument\` not a versioned instrument indexed here.`,
    413: `\`text\` is longer than ${max} characters, or the body larger than ${LIMITS.verifyBodyMaxBytes} bytes.`,
    415: 'The Content-Type is neither application/json nor text/plain.',
  },
  cache: 'none',
  bodyMaxBytes: LIMITS.verifyBodyMaxBytes,
  handler({ text, as_of, instrument }, { service, siteUrl }) {
    if (text.length > max) throw new HttpProblem(413, `"text" is ${text.length} characters long; at most ${max} are checked. Send it in parts.`, 'text');
    if (instrument !== undefined && !service.law.instruments().includes(instrument)) {
      throw new HttpProblem(400, `"instrument" must be a versioned instrument indexed here: ${service.law.instruments().join(', ') || 'none is'}; got "${instrument}".`, 'instrument');
    }
    const date = as_of ?? today();
    const law = { law: service.law, provisions: service.provisions, names: service.instrumentNames, applicationDates: service.applicationDates };
    const checks = verifyText(text, law, { asOf: date, instrument });
    const counts = Object.fromEntries(VERIFY_STATUSES.map((s) => [s, checks.filter((c) => c.status === s).length])) as Record<(typeof VERIFY_STATUSES)[number], number>;
    return {
      law_as_of: date,
      instrument: instrument ?? null,
      counts,
      citations: checks.map((c) => ({
        citation: c.written,
        span: { start: c.start, end: c.end },
        status: c.status,
        detail: detail(c, date),
        instrument: c.instrument,
        ...(c.instrumentFrom === null ? {} : { instrument_from: c.instrumentFrom }),
        pinpoint: c.pinpoint,
        anchor: c.anchor,
        provision:
          c.version === undefined || c.provision === undefined
            ? null
            : {
                source: c.version.source,
                version: { label: c.version.label, in_force_from: c.version.in_force_from, in_force_to: c.version.in_force_to },
                text: cut(c.provision.text),
                url: siteUrl(sectionUrl(c.provision.from ?? c.version.source, c.anchor)),
              },
        ...(c.nearest === undefined ? {} : { nearest: c.nearest }),
        ...(c.quotation === undefined ? {} : { quotation: { quoted: c.quotation.quoted, span: { start: c.quotation.start, end: c.quotation.end }, closest: c.quotation.closest, diff: c.quotation.diff } }),
        ...(c.stated === undefined ? {} : { stated: { written: c.stated.written, span: { start: c.stated.start, end: c.stated.end }, kind: c.stated.kind, says: c.stated.says } }),
      })),
    };
  },
  tool: {
    name: 'verify_citations',
    title: 'Check the citations in an answer',
    description: (service) => {
      const instruments = service.law.instruments();
      return (
        'Run this on your draft answer before you give it, whenever it cites the law ("Article 22 GDPR", "Art. 5(1)(f) AI Act", "Annex III, point 4", ' +
        '"Recital 44"): it finds every citation and says, for each, whether the provision exists, whether it is in the text in force on as_of ' +
        '(default today) or only in a later or earlier version, whether a passage you quote beside it is really in it (with the closest ' +
        'passage and a word diff), and whether a fine, percentage, time limit, date or count you state about it is the one it states (with ' +
        'what it says). Correct every citation not `ok` before answering. Name the act in each sentence, or pass instrument for citations that ' +
        `name none. text: 1 to ${max} characters. ` +
        (instruments.length > 0 ? `Instruments checked here: ${instruments.join(', ')}.` : 'No versioned official text is indexed on this instance, so every citation is unresolved.') +
        ' The same answer as POST /api/occ/verify.'
      );
    },
    render(answer) {
      const counts = Object.entries(answer.counts).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${s}`).join(', ');
      const lines = answer.citations.map((c) => `- "${c.citation}" → ${c.instrument ?? '?'} ${c.pinpoint}: ${c.status.toUpperCase()}. ${c.detail}${c.provision ? `\n  ${c.provision.url}` : ''}`);
      return `Citations as of ${answer.law_as_of}: ${counts || 'none found'}\n${lines.join('\n')}` + credit(answer);
    },
  },
  examples: (service) => [
    { summary: 'Two citations, one in no version', status: 200, body: { text: exampleText(service) } },
    { summary: 'A blank text', status: 400, body: { text: '  ' } },
    { summary: 'A text over the limit', status: 413, body: { text: 'Article 5. '.repeat(Math.ceil((max + 1) / 11)) } },
    { summary: 'Wrong content type', status: 415, raw: '<text>Article 5</text>', contentType: 'application/xml' },
  ],
});
