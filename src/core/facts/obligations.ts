/**
 * The obligations binding a role on a day under the text in force then: each obligation's start is its event's
 * date as that text states it (timeline.ts); one whose date has not come is upcoming. An obligation whose
 * provision is not in the text in force that day is left out: it is not law yet (or no longer).
 */
import type { LawVersions, Version } from '../law/versions.js';
import { provisionOn, type ProvisionsBySource } from './law-text.js';
import type { Facts } from './rules.js';
import type { Obligation, ObligationsFile } from './schema.js';
import { startEvents, type DatedEvent, type Timeline } from './timeline.js';

export interface ObligationOn {
  instrument: string;
  obligation: Obligation;
  /** The system whose start applies, for an obligation starting per system; null for one start. */
  system: string | null;
  event: DatedEvent;
  /** Where the provision is in the text in force on the day (null when the text is not indexed). */
  version: Version | null;
  anchor: string | null;
}

export interface ObligationsQuery {
  instrument: string;
  role: string;
  system?: string | undefined;
  on: string;
}

export class Obligations {
  private readonly files: Map<string, ObligationsFile>;

  constructor(
    facts: Facts,
    private readonly timeline: Timeline,
    private readonly law: LawVersions,
    private readonly provisions: ProvisionsBySource,
  ) {
    this.files = new Map(facts.obligations.map((o) => [o.data.instrument, o.data]));
  }

  instruments(): string[] {
    return [...this.files.keys()].sort();
  }

  /** The roles an instrument defines, id → defining pinpoint. */
  roles(instrument: string): Record<string, string> {
    return this.files.get(instrument)?.roles ?? {};
  }

  systems(instrument: string): string[] {
    return this.files.get(instrument)?.systems ?? [];
  }

  /** Binding (date come) and upcoming (date to come), each by date then pinpoint. */
  on(query: ObligationsQuery): { binding: ObligationOn[]; upcoming: ObligationOn[] } {
    const file = this.files.get(query.instrument);
    const timeline = this.timeline.file(query.instrument);
    const found: ObligationOn[] = [];
    for (const o of file?.obligations ?? []) {
      if (!o.roles.includes(query.role)) continue;
      if (query.system !== undefined && o.systems !== undefined && !o.systems.includes(query.system) && !o.systems.includes('any')) continue;
      for (const start of this.startsFor(o, query.system)) {
        const event = timeline?.events.find((e) => e.id === start.event);
        const dated = timeline && event ? this.timeline.dated(timeline, event, query.on) : undefined;
        if (dated === undefined) continue;
        const at = provisionOn(this.law, this.provisions, query.instrument, o.pinpoint, query.on);
        if (at.status === 'missing') continue;
        const where = at.status === 'found' ? { version: at.version, anchor: at.anchor } : { version: null, anchor: null };
        found.push({ instrument: query.instrument, obligation: o, system: start.system, event: dated, ...where });
      }
    }
    const order = (a: ObligationOn, b: ObligationOn) =>
      a.event.current.applies_from.localeCompare(b.event.current.applies_from) || a.obligation.id.localeCompare(b.obligation.id) || (a.system ?? '').localeCompare(b.system ?? '');
    found.sort(order);
    return { binding: found.filter((f) => f.event.current.applies_from <= query.on), upcoming: found.filter((f) => f.event.current.applies_from > query.on) };
  }

  /** The starts that concern the system asked for: all of them when none is asked for. */
  private startsFor(o: Obligation, system: string | undefined): { system: string | null; event: string }[] {
    const starts = startEvents(o);
    if (system === undefined || typeof o.from === 'string') return starts;
    const own = starts.filter((s) => s.system === system);
    return own.length > 0 ? own : starts.filter((s) => s.system === 'any');
  }
}
