/**
 * The timeline's dates as change lines for /changes and the Atom feed: an event added (its first date, dated the
 * day the text stating it is in force) and each move (a later date set by an amending act, dated its `text_from`).
 */
import type { Change } from '../changes.js';
import type { Facts } from './rules.js';

/** The docs page's anchor of an event: the Timeline page lists every instrument's events. */
export const timelineAnchor = (instrument: string, event: string): string => `/timeline#${timelineEntryId(instrument, event)}`;

/** An event's id across instruments (event ids are unique within their file): `eu-reg-2024-1689-annex-iii-high-risk`. */
export const timelineEntryId = (instrument: string, event: string): string => `${instrument}-${event}`;

export function timelineChanges(facts: Facts): Change[] {
  const changes: Change[] = [];
  for (const { data } of facts.timelines) {
    for (const event of data.events) {
      event.dates.forEach((d, i) => {
        const before = event.dates[i - 1];
        const by = d.amended_by ? ` as amended by ${d.amended_by.source} (${d.amended_by.pinpoint})` : '';
        const note =
          before === undefined
            ? `Dated: applies from ${d.applies_from}, set by ${d.set_by}.`
            : `Moved from ${before.applies_from} to ${d.applies_from}, set by ${d.set_by}${by}.`;
        changes.push({
          kind: 'timeline',
          id: timelineEntryId(data.instrument, event.id),
          title: `${data.title}: ${event.title}`,
          date: d.text_from,
          note,
          event: d.amended_by ? { date: d.text_from, what: `${d.amended_by.source} in force` } : null,
          url: timelineAnchor(data.instrument, event.id),
          as_of: data.as_of,
        });
      });
    }
  }
  return changes.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}
