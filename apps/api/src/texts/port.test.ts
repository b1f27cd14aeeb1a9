import { describe, expect, it } from 'vitest';
import { textSenderFrom, usTextNumber } from './port.ts';

describe('a US number for a text', () => {
  it('is read from what a person typed, in E.164', () => {
    for (const typed of ['(512) 555-0142', '512.555.0142', '+1 512 555 0142', '15125550142'])
      expect(usTextNumber(typed)).toBe('+15125550142');
  });

  it('is none for anything that is not ten digits of a US number', () => {
    for (const typed of ['', null, undefined, '12345', '0125550142', '+44 20 7946 0958', '512-555-01423'])
      expect(usTextNumber(typed)).toBeUndefined();
  });
});

describe('the text sender', () => {
  it('is the outbox without a provider, the provider with its address and token', () => {
    expect(textSenderFrom({}).transport).toBe('outbox');
    expect(textSenderFrom({ TEXT_PROVIDER_URL: 'https://sms.example.com/messages', TEXT_PROVIDER_TOKEN: 'provider-token' }).transport).toBe(
      'http',
    );
  });
});
