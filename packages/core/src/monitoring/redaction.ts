/**
 * What may be written down about an address or a piece of text a visitor sent: the shape stays,
 * the secrets and personal values go. A reset link's token, a console search's e-mail address or
 * a gift code rides in a query string or a path; anything that is not known to be harmless is
 * redacted, so a new parameter is safe before anyone thinks of it.
 */

export const REDACTED = '[redacted]';

/** The query parameters whose values tell how a list was asked for, and nothing about anyone. */
const HARMLESS_QUERY_KEYS: ReadonlySet<string> = new Set(['page', 'status', 'limit', 'offset', 'sort', 'kind', 'topic', 'signInError']);

/** Route parameters that name a secret or a person wherever they appear in a route's path. */
const SECRET_ROUTE_PARAMS: ReadonlySet<string> = new Set(['token', 'secret', 'password', 'key', 'code', 'email']);

const KEY_NAME = /^[A-Za-z][\w.[\]-]{0,39}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** Percent-encoding undone (twice, for an address encoded again), leaving a broken sequence as it is. */
export function decodePercent(text: string): string {
  let decoded = text;
  for (let round = 0; round < 2 && decoded.includes('%'); round += 1) {
    decoded = decoded.replace(PERCENT_RUN, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
  return decoded;
}

/**
 * Whether a word looks like a random secret (a token in base64url, a hash in hex) rather than a
 * name, a slug or an id: letters of both cases with digits, or a long run of hex. UUIDs, which
 * the shop's ids are and which open nothing by themselves, are not.
 */
export function looksLikeToken(word: string): boolean {
  if (UUID.test(word)) return false;
  if (/^[0-9a-f]{32,}$/i.test(word)) return true;
  return /^[A-Za-z0-9_-]{20,}={0,2}$/.test(word) && /[a-z]/.test(word) && /[A-Z]/.test(word) && /\d/.test(word);
}

export function isHarmlessQueryKey(key: string): boolean {
  return HARMLESS_QUERY_KEYS.has(key);
}

/** A query string (without its `?`) with every value but the harmless ones redacted; keys stay when they are plain names. */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      if (part === '') return part;
      const equals = part.indexOf('=');
      const rawKey = equals === -1 ? part : part.slice(0, equals);
      const key = decodePercent(rawKey);
      if (!KEY_NAME.test(key)) return REDACTED;
      if (equals === -1) return key;
      return isHarmlessQueryKey(key) ? part : `${key}=${REDACTED}`;
    })
    .join('&');
}

function secretSegment(segment: string): boolean {
  const decoded = decodePercent(segment);
  return decoded.includes('@') || looksLikeToken(decoded);
}

/**
 * A path with its secret segments redacted: those the matched route (`/api/pay/:token`) names as a
 * secret, and any that holds an e-mail address or looks like a token whatever the route.
 */
export function redactPath(path: string, route?: string): string {
  const segments = path.split('/');
  const pattern = route?.split('/') ?? [];
  const named = pattern.findIndex((part) => part.startsWith(':') && SECRET_ROUTE_PARAMS.has(routeParamName(part)));
  // a path spelled with more or fewer slashes than its route cannot be lined up: all from the first secret goes
  const aligned = pattern.length === segments.length;
  return segments
    .map((segment, index) => {
      if (named !== -1) {
        const part = pattern[index];
        const secret = aligned
          ? part !== undefined && part.startsWith(':') && SECRET_ROUTE_PARAMS.has(routeParamName(part))
          : index >= named;
        if (secret && segment !== '') return REDACTED;
      }
      return secretSegment(segment) ? REDACTED : segment;
    })
    .join('/');
}

function routeParamName(part: string): string {
  // `:id(^[\w-]+$)` and `:token?` name `id` and `token`
  return part.slice(1).replace(/\(.*$/, '').replace(/\?$/, '');
}

/** A URL or a request's path and query as a log may hold it: secrets out of the path, values out of the query, no fragment. */
export function redactUrl(url: string, route?: string): string {
  const [beforeFragment = ''] = url.split('#', 1);
  const queryAt = beforeFragment.indexOf('?');
  if (queryAt === -1) return redactPath(beforeFragment, route);
  return `${redactPath(beforeFragment.slice(0, queryAt), route)}?${redactQuery(beforeFragment.slice(queryAt + 1))}`;
}

const URL_WITH_QUERY = /(\/[^\s?#"'<>]*)\?([^\s#"'<>]*)/g;
/** An e-mail address in free text (one in a query string ends at its `=`). */
export const EMAIL_ADDRESS = /[^\s@"'<>()=&?/:,;]+@[^\s@"'<>()=&?/:,;]+\.[a-z]{2,}/gi;

/** Free text (a log line's message) with the query values of any address in it, and any e-mail address, redacted. */
export function redactUrlsAndEmails(text: string): string {
  return text
    .replace(URL_WITH_QUERY, (_, path: string, query: string) => `${redactPath(path)}?${redactQuery(query)}`)
    .replace(EMAIL_ADDRESS, REDACTED);
}
