import http from 'node:http';

/**
 * A small HTTP client for loopback load: keep-alive sockets for the measured phases, a fresh
 * connection from a chosen local address for the preparation, and the time of each request
 * from its start to the last byte of its body.
 */
export function createClient(port, { sockets = 16 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });

  function request({ method = 'GET', path, body, headers = {}, cookies, localAddress }) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const allHeaders = { accept: 'application/json', ...headers };
    if (payload !== undefined) {
      allHeaders['content-type'] = 'application/json';
      allHeaders['content-length'] = Buffer.byteLength(payload);
    }
    const cookie = cookies?.header();
    if (cookie) allHeaders.cookie = cookie;
    const started = process.hrtime.bigint();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: allHeaders,
          // a customer of its own address comes on a connection of its own
          ...(localAddress ? { localAddress, agent: false } : { agent }),
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const ms = Number(process.hrtime.bigint() - started) / 1e6;
            cookies?.take(res.headers['set-cookie']);
            const text = Buffer.concat(chunks).toString('utf8');
            let json;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, json, text, ms });
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', reject);
      // headers and body leave in one write
      req.end(payload);
    });
  }

  return { request, close: () => agent.destroy() };
}

/** The cookies one visitor holds, as a browser keeps them between requests. */
export class CookieJar {
  #cookies = new Map();

  take(setCookies = []) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Runs jobs on `concurrency` workers until the jobs or the time run out, and returns each
 * request's latency and status. `next(i)` returns the i-th job or undefined when there is none.
 */
export async function runLoad({ concurrency, next, send, maxMs }) {
  const latencies = [];
  const statuses = new Map();
  const failures = [];
  let index = 0;
  const started = performance.now();
  const deadline = started + maxMs;
  async function worker() {
    while (performance.now() < deadline) {
      const job = next(index++);
      if (job === undefined) return;
      try {
        const response = await send(job);
        latencies.push(response.ms);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 300 && failures.length < 5) failures.push(`${response.status} ${response.text.slice(0, 200)}`);
      } catch (error) {
        statuses.set('error', (statuses.get('error') ?? 0) + 1);
        if (failures.length < 5) failures.push(String(error));
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, statuses, failures, seconds: (performance.now() - started) / 1000 };
}

/** The p-th percentile (0–100) of a list of numbers, by the nearest-rank method. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
