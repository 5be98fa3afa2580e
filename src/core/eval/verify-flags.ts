/**
 * How well the citation check flags a development set of answers (tests/fixtures/verify/answers.jsonl): each
 * expected citation is matched to the first found one of the same instrument and pinpoint not yet matched, and
 * per status precision (of the citations flagged so, how many were expected so) and recall (of those expected so,
 * how many were flagged so). A citation found but not expected counts against the precision of its status; one
 * expected but not found, against the recall of its status.
 */
import { VERIFY_STATUSES, type VerifyStatus } from '../verify/verify.js';

export interface ExpectedFlag {
  pinpoint: string;
  instrument: string | null;
  status: VerifyStatus;
}

export interface FoundFlag {
  pinpoint: string;
  instrument: string | null;
  status: VerifyStatus;
}

export interface FlagScore {
  status: VerifyStatus;
  expected: number;
  flagged: number;
  correct: number;
  precision: number | null;
  recall: number | null;
}

/** Per answer, which found flag each expected one is matched to (or undefined), and the found flags left over. */
export function matchFlags<F extends FoundFlag>(expected: readonly ExpectedFlag[], found: readonly F[]): { pairs: [ExpectedFlag, F | undefined][]; extra: F[] } {
  const left = [...found];
  const pairs = expected.map((e): [ExpectedFlag, F | undefined] => {
    const i = left.findIndex((f) => f.pinpoint === e.pinpoint && (f.instrument === e.instrument || e.status === 'unresolved'));
    return [e, i < 0 ? undefined : left.splice(i, 1)[0]];
  });
  return { pairs, extra: left };
}

export function scoreFlags(answers: readonly { expected: readonly ExpectedFlag[]; found: readonly FoundFlag[] }[]): FlagScore[] {
  const count = new Map(VERIFY_STATUSES.map((s) => [s, { expected: 0, flagged: 0, correct: 0 }]));
  for (const { expected, found } of answers) {
    const { pairs, extra } = matchFlags(expected, found);
    for (const [e, f] of pairs) {
      count.get(e.status)!.expected++;
      if (f === undefined) continue;
      count.get(f.status)!.flagged++;
      if (f.status === e.status) count.get(e.status)!.correct++;
    }
    for (const f of extra) count.get(f.status)!.flagged++;
  }
  return VERIFY_STATUSES.map((status) => {
    const c = count.get(status)!;
    return { status, ...c, precision: c.flagged === 0 ? null : c.correct / c.flagged, recall: c.expected === 0 ? null : c.correct / c.expected };
  });
}
