import { describe, expect, it } from 'vitest';
import { LAB_UPLOAD_MAX_BYTES } from '../lab-reviews/upload.ts';
import { dataArchiveExpiresAt, dataArchiveIsEmailed, dataArchiveRule, estimateDataArchiveBytes } from './data-archive.ts';

describe('when a data archive is e-mailed as a link', () => {
  it('downloads at once what most members hold: a few results and a lab report’s photos', () => {
    expect(dataArchiveIsEmailed({ uploadBytes: 0, resultsReports: 0 })).toBe(false);
    expect(dataArchiveIsEmailed({ uploadBytes: 2 * LAB_UPLOAD_MAX_BYTES, resultsReports: 6 })).toBe(false);
  });

  it('prepares by the worker a plan’s five full-size uploads, or a great many results', () => {
    expect(dataArchiveIsEmailed({ uploadBytes: 5 * LAB_UPLOAD_MAX_BYTES, resultsReports: 0 })).toBe(true);
    expect(dataArchiveIsEmailed({ uploadBytes: 0, resultsReports: 60 })).toBe(true);
  });

  it('counts each results report and the JSON in the estimate, against the threshold given', () => {
    expect(estimateDataArchiveBytes({ uploadBytes: 1000, resultsReports: 2 })).toBe(
      dataArchiveRule.baseBytes + 1000 + 2 * dataArchiveRule.bytesPerResultsReport,
    );
    // a lowered threshold (DATA_ARCHIVE_IMMEDIATE_MAX_BYTES) e-mails what is above the JSON alone
    expect(dataArchiveIsEmailed({ uploadBytes: 0, resultsReports: 0 }, dataArchiveRule.baseBytes)).toBe(false);
    expect(dataArchiveIsEmailed({ uploadBytes: 1, resultsReports: 0 }, dataArchiveRule.baseBytes)).toBe(true);
  });

  it('opens the link for a week from when the archive is ready', () => {
    expect(dataArchiveExpiresAt(new Date('2026-12-07T10:00:00Z')).toISOString()).toBe('2026-12-14T10:00:00.000Z');
  });
});
