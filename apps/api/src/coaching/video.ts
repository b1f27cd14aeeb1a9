import { randomBytes } from 'node:crypto';

/** A room a booked session happens in: the provider's id for it, and the link the member and the coach open. */
export interface VideoRoom {
  room: string;
  url: string;
}

export interface RoomRequest {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Where coaching sessions meet (VIDEO_ROOMS): the embedded default gives a room page on the shop's
 * own domain, for development and tests; a video provider by configuration. A room is made once
 * per booking, before its transaction, and kept when the session moves: the link in the member's
 * calendar stays right.
 */
export interface VideoPort {
  name: string;
  createRoom(request: RoomRequest): Promise<VideoRoom>;
}

/** A room id nobody can guess: 128 random bits, URL-safe. */
export function unguessableRoomId(): string {
  return randomBytes(16).toString('base64url');
}

/** The shop's own room page, `/meet/<room>`: it says who the session is with and when. */
export function embeddedVideo(publicUrl: string): VideoPort {
  return {
    name: 'embedded',
    async createRoom() {
      const room = unguessableRoomId();
      return { room, url: `${publicUrl}/meet/${room}` };
    },
  };
}

export interface DailyVideoConfig {
  apiKey: string;
  /** another base URL for the provider's API; null for https://api.daily.co/v1 */
  apiUrl: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** A room opens this long before its session and closes this long after its end. */
const EARLY_MS = 15 * 60_000;
const LATE_MS = 60 * 60_000;

/**
 * Rooms on Daily (daily.co): one room per session, its name chosen by us and unguessable, open
 * from a quarter of an hour before the session to an hour after it ends (`nbf`, `exp`).
 */
export function dailyVideo(config: DailyVideoConfig): VideoPort {
  const base = (config.apiUrl ?? 'https://api.daily.co/v1').replace(/\/$/, '');
  const send = config.fetch ?? fetch;
  return {
    name: 'daily',
    async createRoom({ startsAt, endsAt }) {
      const response = await send(`${base}/rooms`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `coaching-${unguessableRoomId()}`,
          privacy: 'public',
          properties: {
            nbf: Math.floor((startsAt.getTime() - EARLY_MS) / 1000),
            exp: Math.floor((endsAt.getTime() + LATE_MS) / 1000),
          },
        }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`the video provider refused a room: HTTP ${response.status}`);
      const made = (await response.json()) as { name?: unknown; url?: unknown };
      if (typeof made.name !== 'string' || typeof made.url !== 'string') throw new Error('the video provider answered without a room');
      return { room: made.name, url: made.url };
    },
  };
}
