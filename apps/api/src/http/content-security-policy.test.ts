import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createNonce, inlineScriptHashes, pagePolicy } from './content-security-policy.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the hashes of a page’s inline scripts', () => {
  it('takes each script the browser runs, once, in page order', () => {
    const html =
      '<head><script>a()</script><script type="application/ld+json">{"@type":"FAQPage"}</script></head>' +
      '<body><script src="/assets/x.js"></script><script nonce="n"></script><script>b()</script>' +
      '<script type="module" async="">import "/assets/y.js";</script><script>a()</script><script type="text/javascript">c()</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()'), sha256('import "/assets/y.js";'), sha256('c()')]);
  });

  it('leaves out data blocks, scripts with a source and empty scripts, which ask nothing of the policy', () => {
    const html =
      '<script type="application/json">{}</script><script type=text/plain>x</script><script data-x="1" src=/a.js></script><script></script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('hashes the text as the browser parses it: line ends as LF, characters as UTF-8', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()\rc("é")</script>')).toEqual([sha256('a()\nb()\nc("é")')]);
  });

  it('matches the hash a browser computes for a known script', () => {
    // Chromium's console named this hash for <script>console.log("ran")</script> under a policy without it
    expect(inlineScriptHashes('<script>console.log("ran")</script>')).toEqual(["'sha256-wKWJUflXpCI+k1LymZePqN2Atgh73kVyTHRfIfRP15A='"]);
  });
});

describe('the page policy', () => {
  it('runs the scripts it names and what they load, and nothing of Stripe’s without Stripe', () => {
    expect(pagePolicy(["'nonce-abc'"], { stripe: false })).toBe(
      "script-src 'strict-dynamic' 'self' 'nonce-abc';object-src 'none';base-uri 'none';frame-ancestors 'none'",
    );
  });

  it('names Stripe.js’s host, for browsers without strict-dynamic, when Stripe takes the cards', () => {
    expect(pagePolicy(["'sha256-x'", "'sha256-y'"], { stripe: true })).toBe(
      "script-src 'strict-dynamic' 'self' https://js.stripe.com 'sha256-x' 'sha256-y';object-src 'none';base-uri 'none';frame-ancestors 'none'",
    );
  });
});

describe('a nonce', () => {
  it('is 128 random bits in base64, new each time', () => {
    const nonce = createNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(nonce);
  });
});
