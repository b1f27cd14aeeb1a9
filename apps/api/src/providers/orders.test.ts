import { describe, expect, it } from 'vitest';
import { payLinkState } from './orders.ts';

const now = new Date('2026-11-27T12:00:00Z');
const later = new Date('2026-12-11T12:00:00Z');
const earlier = new Date('2026-11-27T11:59:59Z');

describe('a pay link’s state, as the clinic sees it', () => {
  it('is sent, then opened, until it expires', () => {
    expect(payLinkState({ status: 'sent', openedAt: null, expiresAt: later }, now)).toBe('sent');
    expect(payLinkState({ status: 'sent', openedAt: now, expiresAt: later }, now)).toBe('opened');
    expect(payLinkState({ status: 'sent', openedAt: now, expiresAt: earlier }, now)).toBe('expired');
    expect(payLinkState({ status: 'sent', openedAt: null, expiresAt: now }, now)).toBe('expired');
  });

  it('stays paid or cancelled after its expiry', () => {
    expect(payLinkState({ status: 'paid', openedAt: now, expiresAt: earlier }, now)).toBe('paid');
    expect(payLinkState({ status: 'cancelled', openedAt: null, expiresAt: earlier }, now)).toBe('cancelled');
  });
});
