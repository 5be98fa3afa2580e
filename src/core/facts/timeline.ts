/**
 * The dated events of the instruments as they stand on a day: each event's date is the one stated by the latest
 * text in force on that day (`text_from` on or before it), with the earlier dates it replaced, and the provision
 * that states it located in the indexed law when the instrument's text is here.
 */
import type { LawVersions, Version } from '../law/versions.js';
import { within, parsePinpoint } from '../legal/address.js';
import { provisionOn, type ProvisionsBySource } from './law-text.js';
import type { Facts } from './rules.js';
import type { DateEntry, Obligation, TimelineEvent, TimelineFile } from './schema.js';

/** The date entry current on a day: the one whose text is the latest in force then; none before the first text. */
export function currentDate(event: TimelineEvent, day: string): DateEntry | undefined {
  return event.dates.filter((d) => d.text_from <= day).at(-1);
}

/** An obligation's start: its one event, or one per system (`system` null for the single one). */
export function startEvents(o: Obligation): { system: string | null; event: string }[] {
  return typeof o.from === 'string' ? [{ system: null, event: o.from }] : Object.entries(o.from).map(([system, event]) => ({ system, event }));
}

/** Where a date's text is: the version and provision of the indexed law, or nothing (the file's evidence serves). */
export interface SetBy {
  pinpoint: string;
  text_from: string;
  /** The version holding it (null when the instrument's text is not indexed). */
  version: Version | null;
  /** Its address in that version, for the provision's URL (null when not indexed or not found). */
  anchor: string | null;
}

export interface DatedEvent {
  instrument: string;
  event: TimelineEvent;
  current: DateEntry;
  set_by: SetBy;
  /** The dates current before, oldest first, each with where its text is. */
  history: { entry: DateEntry; set_by: SetBy }[];
  /** Whether the dates were checked against the indexed text (false: served with the file's evidence). */
  checked: boolean;
  evidence: string;
}

export interface TimelineFilter {
  instrument?: string | undefined;
  /** A pinpoint: events concerning it, what holds it or what it holds. */
  provision?: string | undefined;
  role?: string | undefined;
  system?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export class Timeline {
  private readonly files: TimelineFile[];

  constructor(
    facts: Facts,
    private readonly law: LawVersions,
    private readonly provisions: ProvisionsBySource,
  ) {
    this.files = facts.timelines.map((t) => t.data).sort((a, b) => a.instrument.localeCompare(b.instrument));
  }

  instruments(): string[] {
    return this.files.map((f) => f.instrument);
  }

  file(instrument: string): TimelineFile | undefined {
    return this.files.find((f) => f.instrument === instrument);
  }

  /** Whether the instrument's text is indexed, so its facts were checked against it by the build. */
  checked(instrument: string): boolean {
    return this.law.versionsOf(instrument).length > 0;
  }

  /** The events as they stand on `day`, in date order, those without a date yet left out. */
  on(day: string, filter: TimelineFilter = {}): DatedEvent[] {
    const wanted = filter.provision === undefined ? undefined : parsePinpoint(filter.provision);
    const out: DatedEvent[] = [];
    for (const file of this.files) {
      if (filter.instrument !== undefined && file.instrument !== filter.instrument) continue;
      for (const event of file.events) {
        if (filter.role !== undefined && event.roles !== undefined && !event.roles.includes(filter.role)) continue;
        if (filter.system !== undefined && event.systems !== undefined && !event.systems.includes(filter.system) && !event.systems.includes('any')) continue;
        if (wanted !== undefined && !event.pinpoints.some((p) => concerns(p, wanted))) continue;
        const dated = this.dated(file, event, day);
        if (dated === undefined) continue;
        if (filter.from !== undefined && dated.current.applies_from < filter.from) continue;
        if (filter.to !== undefined && dated.current.applies_from > filter.to) continue;
        out.push(dated);
      }
    }
    return out.sort((a, b) => a.current.applies_from.localeCompare(b.current.applies_from) || a.instrument.localeCompare(b.instrument) || a.event.id.localeCompare(b.event.id));
  }

  /** One event as it stands on `day`, or undefined when no text in force by then dates it. */
  dated(file: TimelineFile, event: TimelineEvent, day: string): DatedEvent | undefined {
    const current = currentDate(event, day);
    if (current === undefined) return undefined;
    const index = event.dates.indexOf(current);
    return {
      instrument: file.instrument,
      event,
      current,
      // The version in force on the day asked for states the current date: its text_from is on or before it.
      set_by: this.setBy(file.instrument, current, day),
      history: event.dates.slice(0, index).map((entry) => ({ entry, set_by: this.setBy(file.instrument, entry, entry.text_from) })),
      checked: this.checked(file.instrument),
      evidence: file.evidence,
    };
  }

  private setBy(instrument: string, entry: DateEntry, day: string): SetBy {
    const at = provisionOn(this.law, this.provisions, instrument, entry.set_by, day);
    const base = { pinpoint: entry.set_by, text_from: entry.text_from };
    if (at.status === 'found') return { ...base, version: at.version, anchor: at.anchor };
    return { ...base, version: at.status === 'missing' ? (at.version ?? null) : null, anchor: null };
  }
}

/** Whether an event's pinpoint concerns the provision asked for: the same, within it, or holding it. */
function concerns(pinpoint: string, wanted: NonNullable<ReturnType<typeof parsePinpoint>>): boolean {
  const own = parsePinpoint(pinpoint);
  return own !== undefined && (within(own, wanted) || within(wanted, own));
}
