import type { FastifyReply, FastifyRequest } from 'fastify';

/** Fastify's request headers as the Fetch API's Headers, for libraries that speak Fetch. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // the body is re-encoded, so its length is computed anew
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** Copies a Fetch Response's status and headers (every Set-Cookie included) onto the reply. */
export function copyResponseHead(response: Response, reply: FastifyReply): void {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  copySetCookies(response, reply);
}

/** Only the cookies of a Fetch Response (a session started or ended by the auth library). */
export function copySetCookies(response: Response, reply: FastifyReply): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
