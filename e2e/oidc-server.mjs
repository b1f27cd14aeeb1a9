// A local OpenID Connect provider standing in for Google in the browser tests: it signs in
// one fixed person at once, without a login screen. A test that needs a Google account of its
// own (one it may delete) sets the cookie `oidc-person` to an address: that browser is then
// signed in as that person.
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.env.OIDC_PORT ?? 3190);
export const googleUser = { sub: 'google-user-1', email: 'gia.google@example.com', email_verified: true, name: 'Gia Google' };

/** The person a browser asked to be, by the code its sign-in was given. */
const personByCode = new Map();

function personOf(cookieHeader) {
  const email = /(?:^|;\s*)oidc-person=([^;]+)/.exec(cookieHeader ?? '')?.[1];
  if (!email) return googleUser;
  const address = decodeURIComponent(email);
  return { sub: `google-${address}`, email: address, email_verified: true, name: 'Dana Google' };
}

/** The person an access token was made for, read back from the token's own claims. */
function personOfToken(authorization) {
  const payload = (authorization ?? '').replace(/^Bearer /, '').split('.')[1];
  if (!payload) return googleUser;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return claims.email ? { sub: claims.sub, email: claims.email, email_verified: true, name: claims.name } : googleUser;
}

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeAuthorizeRedirect', (redirect, req) => {
  const code = redirect.url.searchParams.get('code');
  if (code) personByCode.set(code, personOf(req.headers.cookie));
});
server.service.on('beforeTokenSigning', (token, req) => {
  Object.assign(token.payload, personByCode.get(req.body?.code) ?? googleUser);
});
server.service.on('beforeUserinfo', (response, req) => {
  response.body = personOfToken(req.headers.authorization);
});
await server.start(port, 'localhost');
console.log(`OIDC provider at ${server.issuer.url}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.stop().then(
      () => process.exit(0),
      (error) => {
        console.error('stopping the OIDC provider failed:', error);
        process.exit(1);
      },
    );
  });
