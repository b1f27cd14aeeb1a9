import { z } from 'zod';
import { isAdult } from '../eligibility/eligibility.ts';
import { usStates } from '../eligibility/us-states.ts';
import { messages } from '../errors/api-error.ts';
import { isRealIsoDate } from '../quiz/answers.ts';

/**
 * The medical profile of the person tested: the same schema in the browser and on the server.
 * `today` is a parameter so that the age rule is testable.
 */
export function medicalProfileSchema(today: () => Date = () => new Date()) {
  return z.strictObject({
    fullName: z
      .string()
      .trim()
      .min(2, { error: 'Please enter the full name of the person tested' })
      .max(120, { error: 'Please enter the full name of the person tested' }),
    dateOfBirth: z
      .string({ error: 'Please enter a valid date of birth' })
      .refine((value) => isRealIsoDate(value) && value > '1900-01-01' && Date.parse(value) <= today().getTime(), {
        error: 'Please enter a valid date of birth',
      })
      .refine((value) => !isRealIsoDate(value) || isAdult(value, today()), { error: messages.underage, abort: true }),
    sex: z.enum(['female', 'male', 'other'], { error: 'Please choose an option' }),
    state: z.enum(usStates, { error: 'Please choose the state you live in' }),
    conditions: z.string().trim().max(2000, { error: 'Please keep this under 2000 characters' }).default(''),
    medications: z.string().trim().max(2000, { error: 'Please keep this under 2000 characters' }).default(''),
  });
}
export type MedicalProfile = z.infer<ReturnType<typeof medicalProfileSchema>>;
