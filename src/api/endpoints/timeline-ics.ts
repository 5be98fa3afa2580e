import { z } from 'zod';
import { timelineCalendar } from '../../core/facts/calendar.js';
import { timelineAnchor } from '../../core/facts/changes.js';
import { endpoint } from '../endpoint.js';
import { factsInstrumentParam, roleParam, setByRef } from '../facts.js';
import { today } from '../law.js';
import { API_BASE } from '../limits.js';
import { checkTimelineFilters } from './timeline.js';

export const timelineIcs = endpoint({
  id: 'timelineIcs',
  method: 'GET',
  path: `${API_BASE}/timeline.ics`,
  summary: 'The timeline as a calendar feed',
  description:
    'The dates of /api/occ/timeline as of today as an iCalendar (RFC 5545) feed to subscribe to: one all-day event per date, with ' +
    'the provision that sets it and a link to it. Each event keeps its UID when an amendment moves its date, so a calendar moves it ' +
    'in place. Filter by instrument and role.',
  input: z.object({
    instrument: factsInstrumentParam('for every instrument').optional(),
    role: roleParam('for every role').optional(),
  }),
  response: undefined,
  produces: 'text/calendar',
  errors: { 400: '`instrument` or `role` not one the facts declare (the detail lists them).' },
  cache: 'short',
  handler(input, { service, siteUrl }) {
    checkTimelineFilters(service, input);
    const { timeline } = service.facts;
    const events = timeline.on(today(), input);
    const files = timeline.instruments().map((i) => timeline.file(i)?.as_of ?? '');
    return timelineCalendar(
      events,
      { setBy: (e) => setByRef(e.set_by, e.current, e.evidence, siteUrl).url, page: (e) => siteUrl(timelineAnchor(e.instrument, e.event.id)) },
      { name: `OCC timeline${input.instrument ? `: ${input.instrument}` : ''}${input.role ? ` (${input.role})` : ''}`, host: new URL(siteUrl('/')).hostname, stamp: files.sort().at(-1) || today() },
    );
  },
  examples: (service) => {
    const instrument = service.facts.timeline.instruments()[0];
    return [
      { summary: 'Every date as a calendar', status: 200, ...(instrument ? { query: { instrument } } : {}) },
      { summary: 'A role no instrument declares', status: 400, query: { role: 'astronaut' } },
    ];
  },
});
