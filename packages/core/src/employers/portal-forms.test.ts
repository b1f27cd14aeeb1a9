import { describe, expect, it } from 'vitest';
import { censusUploadSchema, codeBatchSchema, employerPortalMessages } from './portal-forms.ts';

describe('the employer portal’s forms', () => {
  it('mints 1 to 500 codes a batch, and says so otherwise', () => {
    expect(codeBatchSchema.safeParse({ count: 500 }).success).toBe(true);
    for (const count of [0, 501, 2.5, Number.NaN]) {
      const parsed = codeBatchSchema.safeParse({ count });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(employerPortalMessages.codesCount);
    }
  });

  it('asks for a census when none is given, and leaves its lines to the parser', () => {
    expect(censusUploadSchema.safeParse({ csv: '  \n', dryRun: true }).error?.issues[0]?.message).toBe(
      employerPortalMessages.censusMissing,
    );
    expect(censusUploadSchema.safeParse({ csv: 'anything', dryRun: false }).success).toBe(true);
    expect(censusUploadSchema.safeParse({ csv: 'x', dryRun: true, groupId: 'another' }).success).toBe(false);
  });
});
