import { z } from 'zod';
import { timelineAnchor } from '../../core/facts/changes.js';
import { EVENT_KINDS } from '../../core/facts/schema.js';
import type { DatedEvent } from '../../core/facts/timeline.js';
import { endpoint } from '../endpoint.js';
import { dateParam } from '../fields.js';
import { checkDeclared, checkInstrument, factsInstrumentParam, provisionParam, roleParam, SetByRef, setByRef, systemParam } from '../facts.js';
import { asOfParam, today } from '../law.js';
import { API_BASE } from '../limits.js';
import { HttpProblem } from '../problem.js';
import { licensed, named } from '../schemas.js';
import type { Service } from '../service.js';
import { credit, plural } from '../tool-text.js';

export const TimelineEvent = named(
  'TimelineEvent',
  z
    .object({
      instrument: z.string(),
      id: z.string().meta({ description: 'Stable id of the event within its instrument.' }),
      title: z.string().meta({ description: 'What the date is for, in OCC\'s words.' }),
      kind: z.enum(EVENT_KINDS),
      applies_from: z.iso.date().meta({ description: 'The date the text in force on `as_of` states.' }),
      pinpoints: z.array(z.string()).meta({ description: 'The provisions the date concerns.' }),
      roles: z.array(z.string()).nullable().meta({ description: 'To whom, where the law says; null when it concerns everyone.' }),
      systems: z.array(z.string()).nullable().meta({ description: 'Which kinds of system; null when not limited.' }),
      set_by: SetByRef,
      history: z
        .array(z.object({ applies_from: z.iso.date(), set_by: SetByRef }).strict())
        .meta({ description: 'The earlier dates, oldest first, each with the text that set it; empty when the date never moved.' }),
      note: z.string().nullable(),
      checked: z.boolean().meta({ description: 'Whether the build checked the date against the indexed text; false: see `evidence`.' }),
      evidence: z.url().meta({ description: 'The official address of the instrument.' }),
      url: z.url().meta({ description: 'The event on the Timeline page of this site.' }),
    })
    .strict(),
  'A dated event of an instrument as it stands on a day, with the text that sets its date and the dates it replaced.',
);

const TimelineResponse = named(
  'TimelineResponse',
  z
    .object({
      as_of: z.iso.date().meta({ description: 'The day the dates are read for (default today).' }),
      total: z.int().min(0),
      events: z.array(TimelineEvent).meta({ description: 'In date order.' }),
      ...licensed,
    })
    .strict(),
  'The dated events of the instruments, each as the text in force on `as_of` states it.',
);

/** An event as an answer gives it. */
export function timelineItem(e: DatedEvent, siteUrl: (path: string) => string) {
  return {
    instrument: e.instrument,
    id: e.event.id,
    title: e.event.title,
    kind: e.event.kind,
    applies_from: e.current.applies_from,
    pinpoints: e.event.pinpoints,
    roles: e.event.roles ?? null,
    systems: e.event.systems ?? null,
    set_by: setByRef(e.set_by, e.current, e.evidence, siteUrl),
    history: e.history.map((h) => ({ applies_from: h.entry.applies_from, set_by: setByRef(h.set_by, h.entry, e.evidence, siteUrl) })),
    note: e.event.note ?? null,
    checked: e.checked,
    evidence: e.evidence,
    url: siteUrl(timelineAnchor(e.instrument, e.event.id)),
  };
}

/** The filters of /timeline and /timeline.ics, checked against what the facts declare. */
export function checkTimelineFilters(service: Service, input: { instrument?: string | undefined; role?: string | undefined; system?: string | undefined }): void {
  if (input.instrument !== undefined) checkInstrument(service, input.instrument);
  checkDeclared(service, 'role', input.role, input.instrument);
  checkDeclared(service, 'system', input.system, input.instrument);
}

/** An instrument with a moved date, else the first one, for the documented examples. */
function exampleInstrument(service: Service): string | undefined {
  const { timeline } = service.facts;
  return timeline.instruments().find((i) => timeline.file(i)?.events.some((e) => e.dates.length > 1)) ?? timeline.instruments()[0];
}

export const timeline = endpoint({
  id: 'timeline',
  method: 'GET',
  path: `${API_BASE}/timeline`,
  summary: 'When the law applies: dated events of each instrument',
  description:
    'The dates of each instrument (entry into force, application of its parts, transitional periods, reviews), each as the text in ' +
    'force on `as_of` (default today) states it: `applies_from`, the provision that sets it (`set_by`: pinpoint, URL and version), and ' +
    '`history`, the earlier dates with the texts and amending acts that set them. Filter by instrument, provision, role, kind of ' +
    'system and a range of dates. The same events as an iCalendar feed: /api/occ/timeline.ics.',
  input: z.object({
    instrument: factsInstrumentParam('for every instrument').optional(),
    provision: provisionParam(),
    role: roleParam('for every role').optional(),
    system: systemParam(),
    from: dateParam('from', 'for no lower bound').optional().meta({ description: 'Only events whose date is on or after this day (YYYY-MM-DD).' }),
    to: dateParam('to', 'for no upper bound').optional().meta({ description: 'Only events whose date is on or before this day (YYYY-MM-DD).' }),
    as_of: asOfParam(),
  }),
  response: TimelineResponse,
  errors: {
    400: '`instrument`, `role` or `system` not one the facts declare (the detail lists them); `provision` not a pinpoint; a date not a real day written YYYY-MM-DD; `from` after `to`.',
  },
  cache: 'short',
  handler(input, { service, siteUrl }) {
    checkTimelineFilters(service, input);
    if (input.from !== undefined && input.to !== undefined && input.from > input.to) throw new HttpProblem(400, `"from" (${input.from}) must be on or before "to" (${input.to}).`, 'from');
    const asOf = input.as_of ?? today();
    const events = service.facts.timeline.on(asOf, input).map((e) => timelineItem(e, siteUrl));
    return { as_of: asOf, total: events.length, events };
  },
  tool: {
    name: 'get_deadlines',
    title: 'When the law applies',
    description: (service) => {
      const instruments = service.facts.timeline.instruments();
      return (
        'Returns the dates on which provisions of a law enter into force or start to apply (and transitional periods, reviews), as the ' +
        'text in force on a day (as_of, default today) states them, each with the provision that sets the date, its URL, and the earlier ' +
        'dates an amendment replaced. Filter by instrument, provision (a pinpoint such as "Art. 26"), role (provider, deployer, …), ' +
        'kind of system and a date range. Use it to answer "when does X apply" or "what deadlines are coming". ' +
        (instruments.length > 0 ? `Instruments with a timeline here: ${instruments.join(', ')}.` : 'No timeline is loaded on this instance.') +
        ' The same answer as GET /api/occ/timeline.'
      );
    },
    render(answer) {
      const lines = answer.events.map((e) => {
        const moved = e.history.length > 0 ? ` (was ${e.history.map((h) => h.applies_from).join(', then ')})` : '';
        const by = e.set_by.amended_by ? ` as amended by ${e.set_by.amended_by.instrument}` : '';
        return `- ${e.applies_from}${moved}: ${e.title} [${e.instrument} ${e.pinpoints.join(', ')}]; set by ${e.set_by.pinpoint}${by}${e.checked ? '' : ' (not checked against an indexed text)'}\n  ${e.set_by.url}`;
      });
      return `${plural(answer.total, 'date')} as of ${answer.as_of}:\n${lines.join('\n')}` + credit(answer);
    },
  },
  examples: (service) => {
    const instrument = exampleInstrument(service);
    if (instrument === undefined) return [{ summary: 'No timeline loaded', status: 200 }];
    return [
      { summary: `The dates of ${instrument} today`, status: 200, query: { instrument } },
      { summary: 'An instrument without a timeline', status: 400, query: { instrument: 'xx-unknown-1' } },
      { summary: 'A date that does not exist', status: 400, query: { as_of: '2026-02-30' } },
    ];
  },
});
