import { z } from 'zod';
import type { ObligationOn } from '../../core/facts/obligations.js';
import { sectionUrl } from '../../core/site-urls.js';
import { endpoint } from '../endpoint.js';
import { dateParam } from '../fields.js';
import { checkDeclared, checkInstrument, factsInstrumentParam, roleParam, SetByRef, setByRef, systemParam } from '../facts.js';
import { today } from '../law.js';
import { API_BASE } from '../limits.js';
import { licensed, named, VersionRef } from '../schemas.js';
import type { Service } from '../service.js';
import { credit, plural } from '../tool-text.js';

const ObligationItem = named(
  'ObligationItem',
  z
    .object({
      id: z.string().meta({ description: 'Stable id of the obligation within its instrument.' }),
      pinpoint: z.string().meta({ description: 'The provision stating it: "Art. 26(1)".' }),
      summary: z.string().meta({ description: 'What it requires, in one line of OCC\'s words (not the law\'s text).' }),
      roles: z.array(z.string()),
      systems: z.array(z.string()).nullable().meta({ description: 'The kinds of system it concerns; null for every kind.' }),
      system: z.string().nullable().meta({ description: 'For an obligation starting on a different date per kind of system: the kind this date is for.' }),
      applies_from: z.iso.date().meta({ description: 'When it applies, as the text in force on `on` states (the event `event`).' }),
      event: z.string().meta({ description: 'The timeline event giving the date (GET /api/occ/timeline).' }),
      set_by: SetByRef,
      url: z.url().meta({ description: 'The provision in the text in force on `on` on this site, or the official address when the text is not indexed here.' }),
      version: VersionRef.nullable().meta({ description: 'The version the provision is read from; null when the text is not indexed.' }),
      checked: z.boolean().meta({ description: 'Whether the build checked it against the indexed text.' }),
    })
    .strict(),
  'One obligation of a role, with when it applies.',
);

const ObligationsResponse = named(
  'ObligationsResponse',
  z
    .object({
      instrument: z.string(),
      role: z.string(),
      role_defined_by: z.string().meta({ description: 'The provision defining the role.' }),
      system: z.string().nullable(),
      on: z.iso.date().meta({ description: 'The day asked for (default today): the text in force that day is read.' }),
      total: z.int().min(0).meta({ description: 'How many obligations bind on `on`.' }),
      obligations: z.array(ObligationItem).meta({ description: 'Those binding on `on`, by date then id.' }),
      upcoming: z.array(ObligationItem).meta({ description: 'Those in the text in force on `on` whose date has not come, by date.' }),
      ...licensed,
    })
    .strict(),
  'The obligations binding a role for a kind of system on a day, and those still to come.',
);

function item(o: ObligationOn, service: Service, siteUrl: (path: string) => string) {
  const evidence = o.event.evidence;
  return {
    id: o.obligation.id,
    pinpoint: o.obligation.pinpoint,
    summary: o.obligation.summary,
    roles: o.obligation.roles,
    systems: o.obligation.systems ?? null,
    system: o.system,
    applies_from: o.event.current.applies_from,
    event: o.event.event.id,
    set_by: setByRef(o.event.set_by, o.event.current, evidence, siteUrl),
    url: o.version && o.anchor ? siteUrl(sectionUrl(o.version.source, o.anchor)) : evidence,
    version: o.version ? { label: o.version.label, in_force_from: o.version.in_force_from, in_force_to: o.version.in_force_to } : null,
    checked: service.facts.timeline.checked(o.instrument),
  };
}

/** A role and system of the first instrument with obligations, for the documented examples. */
function example(service: Service): { instrument: string; role: string; system?: string } | undefined {
  const { obligations } = service.facts;
  const instrument = obligations.instruments()[0];
  const role = instrument === undefined ? undefined : Object.keys(obligations.roles(instrument))[0];
  if (instrument === undefined || role === undefined) return undefined;
  const system = obligations.systems(instrument)[0];
  return system === undefined ? { instrument, role } : { instrument, role, system };
}

export const obligations = endpoint({
  id: 'obligations',
  method: 'GET',
  path: `${API_BASE}/obligations`,
  summary: 'What a role must do on a date',
  description:
    'The obligations binding a role (provider, deployer, …) of an instrument for a kind of system on a day (`on`, default today), ' +
    'under the text in force that day: each with its pinpoint, a one-line summary in OCC\'s words, the date it applies from (joined ' +
    'with /timeline) and the provision\'s URL. Obligations of that text whose date has not come are listed apart in `upcoming`. ' +
    'Roles and systems are the instrument\'s own; a 400 lists them.',
  input: z.object({
    instrument: factsInstrumentParam('never: it is required'),
    role: roleParam('never: it is required'),
    system: systemParam(),
    on: dateParam('on', 'for today').optional().meta({ description: 'The day (YYYY-MM-DD; default today): the text in force that day is read.' }),
  }),
  response: ObligationsResponse,
  errors: {
    400: '`instrument` missing or without obligations here, `role` missing or `system` not one the instrument declares (the detail lists them); `on` not a real day written YYYY-MM-DD.',
  },
  cache: 'short',
  handler({ instrument, role, system, on }, { service, siteUrl }) {
    checkInstrument(service, instrument);
    checkDeclared(service, 'role', role, instrument);
    checkDeclared(service, 'system', system, instrument);
    const day = on ?? today();
    const { binding, upcoming } = service.facts.obligations.on({ instrument, role, system, on: day });
    return {
      instrument,
      role,
      role_defined_by: service.facts.obligations.roles(instrument)[role] ?? '',
      system: system ?? null,
      on: day,
      total: binding.length,
      obligations: binding.map((o) => item(o, service, siteUrl)),
      upcoming: upcoming.map((o) => item(o, service, siteUrl)),
    };
  },
  tool: {
    name: 'get_obligations',
    title: 'What a role must do on a date',
    description: (service) => {
      const { obligations: o } = service.facts;
      const held = o.instruments().map((i) => `${i} (roles: ${Object.keys(o.roles(i)).join(', ')}${o.systems(i).length > 0 ? `; systems: ${o.systems(i).join(', ')}` : ''})`);
      return (
        'Returns the obligations binding a role (e.g. provider, deployer) under an instrument for a kind of system on a day (default ' +
        'today), under the text in force that day: each with its pinpoint, a one-line summary, the date it applies from and the ' +
        "provision's URL; obligations not yet applicable are listed apart with their date. Use it to answer \"what must a deployer of " +
        'a high-risk system do, and from when". ' +
        (held.length > 0 ? `Instruments here: ${held.join('; ')}.` : 'No obligations are loaded on this instance.') +
        ' The same answer as GET /api/occ/obligations.'
      );
    },
    render(answer) {
      const line = (o: (typeof answer.obligations)[number]) => `- ${o.pinpoint}: ${o.summary} (from ${o.applies_from}${o.system ? `, ${o.system}` : ''})\n  ${o.url}`;
      const upcoming = answer.upcoming.length > 0 ? `\n\nNot yet applicable on ${answer.on}:\n${answer.upcoming.map(line).join('\n')}` : '';
      return (
        `${plural(answer.total, 'obligation')} of a ${answer.role} (${answer.role_defined_by}) of ${answer.instrument}${answer.system ? ` for ${answer.system} systems` : ''} on ${answer.on}:\n` +
        `${answer.obligations.map(line).join('\n')}${upcoming}` +
        credit(answer)
      );
    },
  },
  examples: (service) => {
    const e = example(service);
    if (e === undefined) return [{ summary: 'No obligations loaded', status: 400, query: { instrument: 'eu-reg-2024-1689', role: 'deployer' } }];
    return [
      { summary: `What a ${e.role} must do today`, status: 200, query: e },
      { summary: 'A role the instrument does not define', status: 400, query: { instrument: e.instrument, role: 'astronaut' } },
    ];
  },
});
