/**
 * The rules across a facts file's entries and between an instrument's two files, which a schema of one value
 * cannot state: ids unique, each file named for its instrument, an event's dates in order of the texts that set
 * them, roles and systems declared before use, and an obligation starting at an event that exists.
 */
import path from 'node:path';
import type { ContentProblem } from '../errors.js';
import type { ObligationsFile, TimelineFile } from './schema.js';

export interface FactsFile<T> {
  /** Where it was read, relative to the working directory: what problems name. */
  file: string;
  data: T;
}

export interface Facts {
  timelines: FactsFile<TimelineFile>[];
  obligations: FactsFile<ObligationsFile>[];
}

export function factsRules(facts: Facts): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const add = (file: string, field: string, message: string) => problems.push({ file, field, message });
  const timelines = new Map<string, FactsFile<TimelineFile>>();
  const obligationFiles = new Map<string, FactsFile<ObligationsFile>>();

  for (const { file, data } of facts.timelines) {
    namedForInstrument(file, data.instrument, add);
    const earlier = timelines.get(data.instrument);
    if (earlier) add(file, 'instrument', `${data.instrument} already has a timeline in ${earlier.file}`);
    else timelines.set(data.instrument, { file, data });
    const seen = new Set<string>();
    for (const event of data.events) {
      const at = `events[${event.id}]`;
      if (seen.has(event.id)) add(file, `${at}.id`, 'is used by another event of this file; ids must be unique');
      seen.add(event.id);
      event.dates.forEach((d, i) => {
        const before = event.dates[i - 1];
        if (before !== undefined && d.text_from <= before.text_from) {
          add(file, `${at}.dates[${i}].text_from`, `must be later than the entry before it (${before.text_from}): dates are listed oldest text first`);
        }
      });
    }
  }

  for (const { file, data } of facts.obligations) {
    namedForInstrument(file, data.instrument, add);
    const earlier = obligationFiles.get(data.instrument);
    if (earlier) add(file, 'instrument', `${data.instrument} already has obligations in ${earlier.file}`);
    else obligationFiles.set(data.instrument, { file, data });
    const timeline = timelines.get(data.instrument)?.data;
    if (timeline === undefined) add(file, 'instrument', `has no timeline file (timeline/${data.instrument}.yaml), which the obligations' \`from\` name`);
    const roles = Object.keys(data.roles);
    const systems = data.systems ?? [];
    const events = new Set(timeline?.events.map((e) => e.id) ?? []);
    const seen = new Set<string>();
    for (const o of data.obligations) {
      const at = `obligations[${o.id}]`;
      if (seen.has(o.id)) add(file, `${at}.id`, 'is used by another obligation of this file; ids must be unique');
      seen.add(o.id);
      for (const role of o.roles) if (!roles.includes(role)) add(file, `${at}.roles`, `${role} is not a declared role; declared: ${roles.join(', ')}`);
      for (const system of o.systems ?? []) if (!systems.includes(system)) add(file, `${at}.systems`, undeclaredSystem(system, systems));
      const starts = typeof o.from === 'string' ? { '': o.from } : o.from;
      for (const [system, event] of Object.entries(starts)) {
        if (system !== '' && !systems.includes(system)) add(file, `${at}.from.${system}`, undeclaredSystem(system, systems));
        if (timeline && !events.has(event)) add(file, `${at}.from${system === '' ? '' : `.${system}`}`, `${event} is no event of timeline/${data.instrument}.yaml`);
      }
      if (typeof o.from !== 'string' && o.systems) {
        for (const system of o.systems) if (!(system in o.from)) add(file, `${at}.from`, `names no event for ${system}, one of the obligation's systems`);
      }
    }
  }

  // An event's roles and systems are those its instrument's obligations file declares, when it has one.
  for (const { file, data } of facts.timelines) {
    const declared = obligationFiles.get(data.instrument)?.data;
    if (declared === undefined) continue;
    const roles = Object.keys(declared.roles);
    for (const event of data.events) {
      for (const role of event.roles ?? []) if (!roles.includes(role)) add(file, `events[${event.id}].roles`, `${role} is not a role declared in obligations/${data.instrument}.yaml; declared: ${roles.join(', ')}`);
      for (const system of event.systems ?? []) if (!(declared.systems ?? []).includes(system)) add(file, `events[${event.id}].systems`, undeclaredSystem(system, declared.systems ?? []));
    }
  }
  return problems;
}

function namedForInstrument(file: string, instrument: string, add: (file: string, field: string, message: string) => void): void {
  if (path.basename(file, '.yaml') !== instrument) add(file, 'instrument', `is ${instrument} but the file is named ${path.basename(file)}; name it ${instrument}.yaml`);
}

function undeclaredSystem(system: string, declared: readonly string[]): string {
  return declared.length === 0 ? `${system} is used but the obligations file declares no systems` : `${system} is not a declared system; declared: ${declared.join(', ')}`;
}
