import { describe, expect, it } from 'vitest';
import { publicOriginFor } from './public-origin.ts';

const development = { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' };
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', TRUSTED_ORIGINS: ['https://www.shop.example'] };

describe('the origin of a server-rendered page’s links', () => {
  it('is the address the page was asked on, outside production', () => {
    expect(publicOriginFor({ protocol: 'http', host: '127.0.0.1:3000' }, development)).toBe('http://127.0.0.1:3000');
    expect(publicOriginFor({ protocol: 'http', host: 'localhost:3000' }, development)).toBe('http://localhost:3000');
    expect(publicOriginFor({ protocol: 'http', host: 'shop-box.lan:8080' }, development)).toBe('http://shop-box.lan:8080');
  });

  it('is a trusted address in production, and PUBLIC_URL for any other Host header', () => {
    expect(publicOriginFor({ protocol: 'https', host: 'www.shop.example' }, production)).toBe('https://www.shop.example');
    expect(publicOriginFor({ protocol: 'https', host: 'shop.example' }, production)).toBe('https://shop.example');
    expect(publicOriginFor({ protocol: 'https', host: 'evil.example' }, production)).toBe('https://shop.example');
    expect(publicOriginFor({ protocol: 'http', host: 'shop.example' }, production)).toBe('https://shop.example');
  });

  it('falls back to PUBLIC_URL for a Host header that is no address', () => {
    expect(publicOriginFor({ protocol: 'http', host: 'bad host/<x>' }, development)).toBe('http://localhost:3000');
  });
});
