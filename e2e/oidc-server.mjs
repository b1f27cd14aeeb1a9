// A local OpenID Connect provider standing in for Google in the browser tests: it signs in
// one fixed person at once, without a login screen.
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.env.OIDC_PORT ?? 3190);
export const googleUser = { sub: 'google-user-1', email: 'gia.google@example.com', email_verified: true, name: 'Gia Google' };

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, googleUser);
});
server.service.on('beforeUserinfo', (response) => {
  response.body = googleUser;
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
