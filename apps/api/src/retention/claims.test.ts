import { privacyClaims } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { retention } from './schedule.ts';

const days = (ms: number) => ms / (24 * 3600 * 1000);

describe('what the trust pages say of retention', () => {
  it('gives each period the schedule applies, in days', () => {
    const { text } = privacyClaims.retention;
    expect(text).toContain(`deleted ${days(retention.visitorQuizAnswers)} days after the quiz unless a cart still holds them`);
    expect(text).toContain(`finished jobs and browser error reports after ${days(retention.finishedJobs)} days`);
    expect(days(retention.clientErrors)).toBe(days(retention.finishedJobs));
    expect(text).toContain(`sent e-mails and events after ${days(retention.outboxEmails)} days`);
    expect(days(retention.consumedEvents)).toBe(days(retention.outboxEmails));
    expect(text).toContain(`deleted ${days(retention.labFilesAfterPlan)} days after the plan built from them is delivered`);
  });

  it('keeps an e-mailed archive as long as the download claim says its link opens', () => {
    expect(privacyClaims.download.text).toContain(`for ${days(retention.dataArchiveFiles)} days; then the archive is deleted`);
  });
});
