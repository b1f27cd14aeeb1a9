import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../http/content-security-policy.ts';
import { thirdPartyScriptsFrom, thirdPartySources } from '../http/third-party-sources.ts';
import { withThirdPartyLoader } from './third-party.ts';

describe('the third-party scripts of a page', () => {
  const scripts = thirdPartyScriptsFrom({
    TAG_MANAGER_SCRIPT_URL: 'https://tags.example.com/gtm.js?id=GTM-1',
    AD_ANALYTICS_SCRIPT_URL: 'https://tags.example.com/ads.js?id=AW-1',
  });

  it('are those whose address is set', () => {
    expect(thirdPartyScriptsFrom({})).toEqual({});
    expect(scripts).toEqual({
      tagManager: 'https://tags.example.com/gtm.js?id=GTM-1',
      adAnalytics: 'https://tags.example.com/ads.js?id=AW-1',
    });
  });

  it("name their hosts, once each, in a marketing page's policy only", () => {
    expect(thirdPartySources(scripts, '/')).toEqual(['https://tags.example.com']);
    expect(thirdPartySources(scripts, '/account/results')).toEqual([]);
    expect(thirdPartySources({}, '/')).toEqual([]);
  });

  it('start from one inline script at the end of the body, with a nonce on a rendered page', () => {
    const page = '<html><body><main>Hi</main><script>boot()</script></body></html>';
    const html = withThirdPartyLoader(page, '/assets/third-party-x.js', scripts);
    expect(html).toBe(
      '<html><body><main>Hi</main><script>boot()</script><script>{const s=document.createElement("script");s.type="module";' +
        's.src="/assets/third-party-x.js";s.dataset.thirdPartyScripts="{\\"tagManager\\":\\"https://tags.example.com/gtm.js?id=GTM-1\\",' +
        '\\"adAnalytics\\":\\"https://tags.example.com/ads.js?id=AW-1\\"}";document.body.append(s)}</script></body></html>',
    );
    expect(inlineScriptHashes(html)).toHaveLength(2);
    expect(withThirdPartyLoader(page, '/assets/third-party-x.js', scripts, { nonce: 'abc' })).toContain('<script nonce="abc">{const s=');
    // an address cannot close the element
    expect(withThirdPartyLoader(page, '/l.js', { formService: 'https://f.example.com/</script>' })).not.toContain('</script>\\"');
  });

  it('tell the loader when the browser sent Global Privacy Control, and only then', () => {
    const page = '<html><body></body></html>';
    expect(withThirdPartyLoader(page, '/l.js', scripts, { gpc: true })).toContain('s.dataset.gpc="1";document.body.append(s)');
    expect(withThirdPartyLoader(page, '/l.js', scripts)).not.toContain('gpc');
  });
});
