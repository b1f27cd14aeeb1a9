import { z } from 'zod';

/** The body of every error response. */
export const errorSchema = z.object({ code: z.string(), message: z.string() });

export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
} as const;
