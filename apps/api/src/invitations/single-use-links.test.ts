import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invitationStatus, linkTokenHash, mintLink, spendLink } from './single-use-links.ts';

const now = new Date('2026-11-27T12:00:00Z');

describe('single-use links', () => {
  it('mints a fresh URL-safe token whose hash alone is kept, valid for the days given', () => {
    const first = mintLink(now, 7);
    const second = mintLink(now, 7);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.tokenHash).toBe(createHash('sha256').update(first.token).digest('hex'));
    expect(first.tokenHash).not.toContain(first.token);
    expect(first.expiresAt.toISOString()).toBe('2026-12-04T12:00:00.000Z');
  });

  it('hashes a token with its purpose, so that one kind of link cannot stand for another', () => {
    const link = mintLink(now, 7, 'employer-admin');
    expect(link.tokenHash).toBe(createHash('sha256').update(`employer-admin:${link.token}`).digest('hex'));
    expect(linkTokenHash(link.token, 'employer-admin')).toBe(link.tokenHash);
    expect(linkTokenHash(link.token)).not.toBe(link.tokenHash);
  });

  it('tells accepted, revoked, expired and pending apart, accepted first', () => {
    const later = new Date(now.getTime() + 1000);
    const earlier = new Date(now.getTime() - 1000);
    expect(invitationStatus({ acceptedAt: earlier, revokedAt: earlier, expiresAt: earlier }, now)).toBe('accepted');
    expect(invitationStatus({ acceptedAt: null, revokedAt: earlier, expiresAt: later }, now)).toBe('revoked');
    expect(invitationStatus({ acceptedAt: null, revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(invitationStatus({ acceptedAt: null, expiresAt: later }, now)).toBe('pending');
  });

  it('spends a claimed link, refuses one that cannot be claimed, and gives the claim back when its use fails', async () => {
    const givenBack: string[] = [];
    const steps = (claimed: string | undefined, use: (row: string) => Promise<string>) => ({
      claim: async () => claimed,
      invalid: () => new Error('invalid link'),
      use,
      giveBack: async (row: string) => givenBack.push(row),
    });
    await expect(spendLink(steps('row-1', async (row) => `used ${row}`))).resolves.toBe('used row-1');
    await expect(spendLink(steps(undefined, async () => 'never'))).rejects.toThrow('invalid link');
    expect(givenBack).toEqual([]);
    await expect(
      spendLink(
        steps('row-2', async () => {
          throw new Error('account exists');
        }),
      ),
    ).rejects.toThrow('account exists');
    expect(givenBack).toEqual(['row-2']);
  });
});
