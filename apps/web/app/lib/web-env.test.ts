import { describe, expect, it } from 'vitest';
import { webEnvFrom } from './web-env';

describe("the web app's environment", () => {
  it('takes the defaults when nothing is set, and an empty variable as unset', () => {
    const defaults = { publicApiBaseUrl: '/api', publicUrl: 'http://localhost:3000', apiBaseUrl: undefined };
    expect(webEnvFrom({})).toEqual(defaults);
    expect(webEnvFrom({ PUBLIC_API_BASE_URL: '', PUBLIC_URL: ' ', API_BASE_URL: '' })).toEqual(defaults);
  });

  it('takes a path or a URL for the API, and URLs for the rest', () => {
    expect(
      webEnvFrom({
        PUBLIC_API_BASE_URL: 'https://api.example.com',
        PUBLIC_URL: 'https://shop.example.com',
        API_BASE_URL: 'http://10.0.0.2:3001/api',
      }),
    ).toEqual({
      publicApiBaseUrl: 'https://api.example.com',
      publicUrl: 'https://shop.example.com',
      apiBaseUrl: 'http://10.0.0.2:3001/api',
    });
  });

  it('refuses a wrong value, naming its variable', () => {
    expect(() => webEnvFrom({ PUBLIC_API_BASE_URL: 'api' })).toThrow('PUBLIC_API_BASE_URL must be a path such as /api or an http(s) URL');
    expect(() => webEnvFrom({ PUBLIC_URL: 'shop.example.com' })).toThrow('PUBLIC_URL must be an http(s) URL');
    expect(() => webEnvFrom({ API_BASE_URL: 'ftp://x' })).toThrow('API_BASE_URL must be an http(s) URL');
  });
});
