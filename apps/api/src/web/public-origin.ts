/**
 * The origin a server-rendered page writes its canonical and absolute links with: the address the
 * request came in on (as TRUST_PROXY lets it be known), so a shop opened at 127.0.0.1 or the
 * machine's name links to itself. In production only an address the shop trusts (PUBLIC_URL or
 * TRUSTED_ORIGINS) is taken from the request; any other Host header gets PUBLIC_URL.
 */
export function publicOriginFor(
  served: { protocol: string; host: string },
  config: { NODE_ENV: string; PUBLIC_URL: string; TRUSTED_ORIGINS?: readonly string[] | undefined },
): string {
  const fallback = new URL(config.PUBLIC_URL).origin;
  let origin: string;
  try {
    origin = new URL(`${served.protocol}://${served.host}`).origin;
  } catch {
    return fallback;
  }
  if (config.NODE_ENV !== 'production') return origin;
  const trusted = [fallback, ...(config.TRUSTED_ORIGINS ?? []).map((entry) => new URL(entry).origin)];
  return trusted.includes(origin) ? origin : fallback;
}
