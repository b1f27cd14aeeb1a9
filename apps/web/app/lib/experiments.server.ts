import { findExperiment } from '@shop/core';
import { actionApi } from './form.server';
import type { PageContext } from './load-context';

/**
 * The variant of an experiment a page is about to render, asked of the API as it renders it: the
 * API assigns the visitor deterministically, records the exposure (once per visitor and
 * experiment, never for a bot) and sets the visitor id and `exp` cookies, which `headers` carries
 * to the browser with the page. Should the API fail, the page still renders: the control, uncounted.
 */
export async function experimentVariant(
  request: Request,
  context: PageContext,
  experimentId: string,
): Promise<{ variant: string; headers: Headers }> {
  const control = findExperiment(experimentId)?.variants[0]?.key;
  if (!control) throw new Error(`No experiment ${experimentId}`);
  const { api, cookies } = actionApi(request, context);
  try {
    const exposure = await api.exposeExperiment(experimentId);
    return { variant: exposure.variant, headers: cookies };
  } catch {
    return { variant: control, headers: new Headers() };
  }
}
