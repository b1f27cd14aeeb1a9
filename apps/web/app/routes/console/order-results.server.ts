import { data, type ActionFunctionArgs } from 'react-router';
import { kits, resultSetSchema, type ResultSetInput } from '@shop/core';
import { biomarkersOfKit } from '../../components/lab-results/results-fields';
import { pageNotFound } from '../../lib/errors';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, formText, refusedBy, typedValues } from '../../lib/form.server';

export const RESULTS_FAILED = 'The results could not be saved. Please try again.';

type Entry = ResultSetInput['results'][number];

/**
 * The form as a result set: a biomarker left blank is left out, and the API, which takes every
 * biomarker the order bought in the kit at once, names it missing.
 */
function entriesOf(form: FormData, slugs: readonly string[]): Entry[] {
  const number = (name: string) => {
    const raw = formText(form, name).trim();
    return raw === '' ? undefined : Number(raw);
  };
  return slugs.flatMap((slug) => {
    const value = number(`${slug}.value`);
    if (value === undefined) return [];
    const low = number(`${slug}.low`);
    const high = number(`${slug}.high`);
    const range =
      low !== undefined || high !== undefined
        ? { referenceRange: { ...(low !== undefined ? { low } : {}), ...(high !== undefined ? { high } : {}) } }
        : {};
    return [{ biomarker: slug, value, unit: formText(form, `${slug}.unit`), ...range }];
  });
}

/** The field of the form that a schema issue about `results[index]` is about. */
function fieldOf(entries: readonly Entry[], path: readonly PropertyKey[]): string | undefined {
  const [, index, part, bound] = path;
  const slug = typeof index === 'number' ? entries[index]?.biomarker : undefined;
  if (!slug) return undefined;
  if (part === 'unit') return `${slug}.unit`;
  if (part === 'referenceRange') return `${slug}.${bound === 'high' ? 'high' : 'low'}`;
  return `${slug}.value`;
}

/**
 * The form read as a result set over these biomarkers and checked with the schema the API checks
 * it with: the set, or the form's refusal (its first message said, and its field marked), which
 * says `fallback` when the schema gives no message.
 */
export function resultSetOf(
  form: FormData,
  slugs: readonly string[],
  fallback: string,
): { input: ResultSetInput; refusal?: undefined } | { input?: undefined; refusal: ReturnType<typeof data<FormRefusal>> } {
  const input = { results: entriesOf(form, slugs) };
  const parsed = resultSetSchema.safeParse(input);
  if (parsed.success) return { input };
  const issue = parsed.error.issues[0];
  const field = issue ? fieldOf(input.results, issue.path) : undefined;
  return {
    refusal: data<FormRefusal>(
      {
        ok: false,
        errors: field && issue ? { [field]: issue.message } : {},
        message: issue?.message ?? fallback,
        values: typedValues(form),
      },
      { status: 400 },
    ),
  };
}

/**
 * The results entry page's action: the form read as the kit's result set, checked with the
 * schema the API checks it with (its first message said, and its field marked), and entered by
 * the API as the staff member, once per kit.
 */
export async function resultsAction({ request, context, params }: ActionFunctionArgs) {
  const kit = kits.find((candidate) => candidate.slug === params.kitSlug) ?? pageNotFound();
  const form = await request.formData();
  const { input, refusal } = resultSetOf(form, biomarkersOfKit(kit.slug), 'Please check the results.');
  if (refusal) return refusal;
  const { api, cookies } = actionApi(request, context);
  try {
    const saved = await api.enterResults(params.id ?? '', kit.slug, input);
    const message = `Results saved. Order #${saved.order.number} is now ${saved.order.status.replaceAll('_', ' ')}.`;
    return data<FormSuccess>({ ok: true, message }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, RESULTS_FAILED, form), { status: 400, headers: cookies });
  }
}
