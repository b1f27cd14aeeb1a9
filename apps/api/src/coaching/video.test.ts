import { describe, expect, it } from 'vitest';
import { dailyVideo, embeddedVideo } from './video.ts';

const session = { startsAt: new Date('2026-12-01T15:00:00Z'), endsAt: new Date('2026-12-01T15:30:00Z') };

describe('the embedded video port', () => {
  it('gives each session a room of its own on the shop’s domain', async () => {
    const video = embeddedVideo('https://shop.example');
    const [one, two] = await Promise.all([video.createRoom(session), video.createRoom(session)]);
    expect(one.url).toBe(`https://shop.example/meet/${one.room}`);
    expect(one.room).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(two.room).not.toBe(one.room);
  });
});

describe('the Daily adapter', () => {
  // a local stand-in for the provider's endpoint: the adapter is never pointed at the real one here
  function provider(answer: { status: number; body: unknown }) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchStub = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { calls, fetchStub };
  }

  it('asks for a room open from a quarter of an hour before the session to an hour after, and returns its link', async () => {
    const { calls, fetchStub } = provider({ status: 200, body: { name: 'coaching-abc', url: 'https://base.daily.co/coaching-abc' } });
    const video = dailyVideo({ apiKey: 'key', apiUrl: 'http://video.test/v1/', fetch: fetchStub });
    expect(await video.createRoom(session)).toEqual({ room: 'coaching-abc', url: 'https://base.daily.co/coaching-abc' });
    expect(calls[0]!.url).toBe('http://video.test/v1/rooms');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer key');
    const body = JSON.parse(calls[0]!.init.body as string);
    expect(body.name).toMatch(/^coaching-[A-Za-z0-9_-]{22}$/);
    expect(body.properties).toEqual({
      nbf: Date.parse('2026-12-01T14:45:00Z') / 1000,
      exp: Date.parse('2026-12-01T16:30:00Z') / 1000,
    });
  });

  it('fails loudly when the provider refuses, so the booking is not made without a room', async () => {
    const { fetchStub } = provider({ status: 401, body: { error: 'authentication-error' } });
    await expect(dailyVideo({ apiKey: 'bad', apiUrl: null, fetch: fetchStub }).createRoom(session)).rejects.toThrow('HTTP 401');
  });
});
