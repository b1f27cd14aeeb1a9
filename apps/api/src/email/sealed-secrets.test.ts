import { describe, expect, it } from 'vitest';
import { createSecretSealer } from './sealed-secrets.ts';
import { giftRecipientEmail } from './gift-templates.ts';
import { passwordResetEmail } from './templates.ts';

const sealer = createSecretSealer('the-application-secret-of-32-characters');
const link = 'https://shop.example/new-password?token=Secret&Token';

describe('sealed e-mail secrets', () => {
  it('hide every secret in the text and the HTML, and give the same e-mail back when opened', () => {
    const message = passwordResetEmail('ann@example.com', link, 60);
    const sealed = sealer.seal(message);
    expect(sealed.text).toContain('Choose a new password: [hidden 1]');
    expect(sealed.html).toContain('href="[hidden 1]"');
    expect(JSON.stringify(sealed)).not.toContain('Secret');
    expect(sealed).not.toHaveProperty('secrets');
    expect(sealer.open(sealed)).toEqual(message);
  });

  it('hide a link whole before the code inside it', () => {
    const message = giftRecipientEmail({
      to: 'sam@example.com',
      recipientName: 'Sam',
      purchaserName: 'Dana',
      type: 'one_off',
      contents: { kind: 'complete' },
      message: null,
      code: 'ABCD0123EFGH4567',
      publicUrl: 'https://shop.example',
    });
    const sealed = sealer.seal(message);
    expect(sealed.text).toContain('Your gift code: [hidden 2]');
    expect(sealed.text).toContain('Redeem your gift: [hidden 1]');
    expect(JSON.stringify(sealed)).not.toMatch(/ABCD.?0123/);
    expect(sealer.open(sealed)).toEqual(message);
  });

  it('leave an e-mail without secrets as it is', () => {
    const message = { to: 'a@example.com', subject: 'Hi', template: 'note', text: 'Hello', html: '<p>Hello</p>' };
    expect(sealer.seal(message)).toEqual(message);
    expect(sealer.open(message)).toEqual(message);
  });

  it('open only with the key that sealed, and refuse what was tampered with', () => {
    const sealed = sealer.seal(passwordResetEmail('ann@example.com', link, 60));
    expect(() => createSecretSealer('another-application-secret-of-32-chars').open(sealed)).toThrow();
    const flipped = `${sealed.sealed!.slice(0, -2)}${sealed.sealed!.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => sealer.open({ ...sealed, sealed: flipped })).toThrow();
  });
});

describe('a stored secret (a clinic’s webhook signing secret)', () => {
  it('is sealed unreadably, opened back only with the same application secret, and never sealed the same twice', () => {
    const sealer = createSecretSealer('application-secret-one-that-is-long');
    const sealed = sealer.sealValue('whsec_abc123');
    expect(sealed).not.toContain('abc123');
    expect(sealer.openValue(sealed)).toBe('whsec_abc123');
    expect(sealer.sealValue('whsec_abc123')).not.toBe(sealed);
    expect(() => createSecretSealer('another-application-secret-long').openValue(sealed)).toThrow();
  });
});
