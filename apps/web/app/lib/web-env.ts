/**
 * The web app's environment, read in one place: the server's loaders and the build's prerender
 * take these from here, never from `process.env` themselves. The API's own variables are in
 * apps/api/src/env.ts; these three are the web app's (docs/configuration.md).
 */
export interface WebEnv {
  /** where the browser calls the API: a path on the shop's origin, or another origin's URL */
  publicApiBaseUrl: string;
  /** the shop's address, for the links of prerendered pages */
  publicUrl: string;
  /** where a loader calls the API when the web app runs apart from it; in one process it answers in-process */
  apiBaseUrl: string | undefined;
}

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** An empty variable counts as unset, as it does in `.env.example`. */
const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** Reads and checks the web app's variables; a wrong one throws with its name and what it takes. */
export function webEnvFrom(source: Readonly<Record<string, string | undefined>>): WebEnv {
  const publicApiBaseUrl = given(source.PUBLIC_API_BASE_URL) ?? '/api';
  if (!publicApiBaseUrl.startsWith('/') && !isHttpUrl(publicApiBaseUrl))
    throw new Error(`PUBLIC_API_BASE_URL must be a path such as /api or an http(s) URL, not "${publicApiBaseUrl}".`);
  const publicUrl = given(source.PUBLIC_URL) ?? 'http://localhost:3000';
  if (!isHttpUrl(publicUrl)) throw new Error(`PUBLIC_URL must be an http(s) URL, not "${publicUrl}".`);
  const apiBaseUrl = given(source.API_BASE_URL);
  if (apiBaseUrl !== undefined && !isHttpUrl(apiBaseUrl)) throw new Error(`API_BASE_URL must be an http(s) URL, not "${apiBaseUrl}".`);
  return { publicApiBaseUrl, publicUrl, apiBaseUrl };
}

let read: WebEnv | undefined;

/** The web app's environment on the server, read and checked once. */
export function webEnv(): WebEnv {
  read ??= webEnvFrom(process.env);
  return read;
}
