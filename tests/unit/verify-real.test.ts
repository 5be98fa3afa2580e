/**
 * The citation check on the real AI Act (as published and as consolidated on 2026-07-27) and the GDPR, ingested
 * from ../shared/raw (skipped without it): statuses that turn on the version, figures as the texts print them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hasRealLaw, loadRealLaw } from '../../scripts/real-law.js';
import { verifyText, type VerifyLaw } from '../../src/core/verify/verify.js';

describe.skipIf(!hasRealLaw())('the citation check on the AI Act and the GDPR (../shared/raw)', () => {
  let law: VerifyLaw;
  beforeAll(async () => {
    law = (await loadRealLaw())!;
  }, 120_000);
  const check = (text: string, asOf: string) => verifyText(text, law, { asOf }).map((c) => [c.pinpoint, c.instrument, c.status]);

  it('reads the Article 10(5) the amendment moved to Article 4a as in the text before, and Article 4a after', () => {
    const text = 'Article 10(5) AI Act and Article 4a AI Act allow special categories of data for bias correction.';
    expect(check(text, '2026-01-15')).toEqual([
      ['Art. 10(5)', 'eu-reg-2024-1689', 'ok'],
      ['Art. 4a', 'eu-reg-2024-1689', 'not-yet-in-text'],
    ]);
    expect(check(text, '2026-11-28')).toEqual([
      ['Art. 10(5)', 'eu-reg-2024-1689', 'no-longer-in-text'],
      ['Art. 4a', 'eu-reg-2024-1689', 'ok'],
    ]);
  });

  it('reads a date the amendment changed in the version of the day', () => {
    const text = 'Article 72(3) AI Act requires a template for the post-market monitoring plan by 2 February 2026.';
    expect(check(text, '2026-01-15')[0]?.[2]).toBe('ok');
    const [now] = verifyText(text, law, { asOf: '2026-11-28' });
    expect(now).toMatchObject({ status: 'wrong-content', stated: { written: '2 February 2026', says: ['2 September 2027', '2026-08-02', '2027-09-02'] } });
    // The text's date, then the shipped timeline's dates for the provisions of Art. 72 (monitoring from 2026-08-02, the template's deadline moved to 2027-09-02).
  });

  it('reads the training-compute threshold as both versions print it (10^25, and 1025 without the superscript)', () => {
    for (const asOf of ['2026-01-15', '2026-11-28']) {
      expect(check('Article 51(2) AI Act sets the threshold at 10^25 FLOPs.', asOf)[0]?.[2]).toBe('ok');
      expect(check('Article 51(2) AI Act sets the threshold at 10^26 FLOPs.', asOf)[0]?.[2]).toBe('wrong-content');
    }
  });

  it('checks GDPR fines and time limits, and a provision in no version', () => {
    expect(check('Article 83(5) GDPR: up to €20 million or 4%; Article 33(1) GDPR: 72 hours; Article 100 GDPR: transition.', '2026-11-28')).toEqual([
      ['Art. 83(5)', 'eu-reg-2016-679', 'ok'],
      ['Art. 33(1)', 'eu-reg-2016-679', 'ok'],
      ['Art. 100', 'eu-reg-2016-679', 'no-such-provision'],
    ]);
    expect(check('Article 83(4) GDPR allows fines of up to 4% of turnover.', '2026-11-28')[0]?.[2]).toBe('wrong-content');
  });
});
