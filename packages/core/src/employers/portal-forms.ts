import { z } from 'zod';

/** At most this many codes a batch: a batch is shown once, and a person copies it whole. */
export const MAX_CODES_PER_BATCH = 500;
/** A census file as the API takes it: 20,000 lines of a hundred characters fit well within it. */
export const MAX_CENSUS_CHARS = 2_000_000;

export const employerPortalMessages = {
  codesCount: `Mint 1 to ${MAX_CODES_PER_BATCH} codes at a time`,
  censusMissing: 'Please choose the census file or paste its CSV',
  censusTooLong: 'This census is too large: a census holds at most 20,000 employees',
} as const;

/** A batch of codes to mint, as the console and the portal ask for it. */
export const codeBatchSchema = z.strictObject({
  count: z
    .int({ error: employerPortalMessages.codesCount })
    .min(1, { error: employerPortalMessages.codesCount })
    .max(MAX_CODES_PER_BATCH, { error: employerPortalMessages.codesCount }),
});

/** A census to check (a dry run) or upload; what its lines hold is core's census parser's to judge. */
export const censusUploadSchema = z.strictObject({
  csv: z
    .string()
    .trim()
    .min(1, { error: employerPortalMessages.censusMissing })
    .max(MAX_CENSUS_CHARS, { error: employerPortalMessages.censusTooLong }),
  dryRun: z.boolean(),
});
