// A local stand-in for the vendors of the third-party scripts (a tag manager, an advertising
// script, a session monitor, a form service) in the browser tests. It serves one small script that
// behaves as theirs do: `kind=events` reads the page's dataLayer and sends every entry, as a tag
// manager does; `kind=beacon` sends one hit with the page's address, as a monitor does. Every
// request that reaches it is recorded (method, URL, referrer, body) and listed at GET /requests, so
// a test can read all that a third party received.
import { createServer } from 'node:http';

const port = Number(process.env.ANALYTICS_PORT ?? 3191);
/** @type {{ method: string; url: string; referer: string; body: string; at: number }[]} */
const received = [];

const vendorScript = `(function () {
  var source = new URL(document.currentScript.src);
  var endpoint = source.origin + '/collect?id=' + encodeURIComponent(source.searchParams.get('id') || '');
  function send(entry) {
    fetch(endpoint + '&page=' + encodeURIComponent(location.href), { method: 'POST', body: JSON.stringify(entry), keepalive: true });
  }
  if (source.searchParams.get('kind') === 'events') {
    var layer = (window.dataLayer = window.dataLayer || []);
    layer.forEach(send);
    var push = layer.push;
    layer.push = function () {
      for (var i = 0; i < arguments.length; i++) send(arguments[i]);
      return push.apply(layer, arguments);
    };
  } else {
    send({ hit: 'loaded' });
  }
})();
`;

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://localhost:${port}`);
  if (url.pathname === '/health') return response.end('ok');
  if (url.pathname === '/requests') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify(received));
  }
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    received.push({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      referer: request.headers.referer ?? '',
      body,
      at: Date.now(),
    });
    response.setHeader('access-control-allow-origin', '*');
    if (url.pathname === '/vendor.js') {
      response.setHeader('content-type', 'text/javascript');
      response.setHeader('cache-control', 'no-store');
      return response.end(vendorScript);
    }
    response.statusCode = 204;
    response.end();
  });
});
server.listen(port, 'localhost', () => console.log(`analytics stand-in at http://localhost:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
