/**
 * The timeline as an iCalendar feed (RFC 5545, written by ical-generator): one all-day event per dated event on
 * its current date, its UID the instrument and event ids (so a calendar app updates a moved date in place, the
 * SEQUENCE counting the moves), the provision that sets the date and a link in the description.
 */
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { DatedEvent } from './timeline.js';

export interface CalendarLinks {
  /** Where the date's provision is read (the site's page, or the official address). */
  setBy(event: DatedEvent): string;
  /** The event on the Timeline page. */
  page(event: DatedEvent): string;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function timelineCalendar(events: readonly DatedEvent[], links: CalendarLinks, options: { name: string; host: string; stamp: string }): string {
  const calendar = ical({ name: options.name, prodId: { company: 'OCC', product: 'timeline', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  for (const e of events) {
    const moved = e.history.length > 0 ? `\nEarlier: ${e.history.map((h) => `${h.entry.applies_from} (${h.entry.set_by}, text of ${h.entry.text_from})`).join('; ')}.` : '';
    const by = e.current.amended_by ? ` as amended by ${e.current.amended_by.source} (${e.current.amended_by.pinpoint})` : '';
    calendar.createEvent({
      id: `${e.instrument}-${e.event.id}@${options.host}`,
      sequence: e.history.length,
      start: day(e.current.applies_from),
      allDay: true,
      stamp: day(options.stamp),
      summary: `${e.event.title} (${e.instrument})`,
      description:
        `${e.event.pinpoints.join(', ')} of ${e.instrument}: from ${e.current.applies_from}, set by ${e.current.set_by}${by}.${moved}` +
        `${e.event.note ? `\n${e.event.note}` : ''}\n${links.setBy(e)}${e.checked ? '' : '\n(Not checked against an indexed text.)'}`,
      url: links.page(e),
      categories: [{ name: e.event.kind }],
    });
  }
  return calendar.toString();
}
