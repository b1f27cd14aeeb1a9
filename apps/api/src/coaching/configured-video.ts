import type { Env } from '../env.ts';
import { dailyVideo, embeddedVideo, type VideoPort } from './video.ts';

/** The video port VIDEO_ROOMS names: rooms on Daily, or the shop's own room page. */
export function videoPortFrom(env: Pick<Env, 'VIDEO_ROOMS' | 'DAILY_API_KEY' | 'DAILY_API_URL' | 'PUBLIC_URL'>): VideoPort {
  return env.VIDEO_ROOMS === 'daily' && env.DAILY_API_KEY
    ? dailyVideo({ apiKey: env.DAILY_API_KEY, apiUrl: env.DAILY_API_URL ?? null })
    : embeddedVideo(env.PUBLIC_URL);
}
