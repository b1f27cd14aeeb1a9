import { describe, expect, it } from 'vitest';
import { guaranteeAppliedEmail, shoppingListEmail } from './program-templates.ts';

const list = {
  week: 3,
  groups: [
    {
      category: 'produce' as const,
      label: 'Produce',
      items: [
        { id: 'spinach' as const, name: 'Spinach', category: 'produce' as const, from: [] },
        { id: 'berries' as const, name: 'Berries <fresh> & frozen', category: 'produce' as const, from: [] },
      ],
    },
  ],
};

describe('the shopping list e-mail', () => {
  it('gives the week’s foods by aisle, as text and HTML, with the link to the program', () => {
    const mail = shoppingListEmail({ to: 'ann@example.com', list, programUrl: 'https://shop.example/account/program' });
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Your week 3 shopping list', template: 'program-shopping-list' });
    expect(mail.text).toContain('Week 3 shopping list\n\nProduce\n- Spinach\n- Berries <fresh> & frozen');
    expect(mail.text).toContain('Your program: https://shop.example/account/program');
    expect(mail.html).toContain('<h2 style="font-size:17px;margin:20px 0 6px">Produce</h2>');
    expect(mail.html).toContain('<li>Spinach</li><li>Berries &#60;fresh&#62; &#38; frozen</li>');
    expect(mail.html).toContain('href="https://shop.example/account/program"');
  });

  it('says so when a week has nothing to buy', () => {
    const mail = shoppingListEmail({
      to: 'ann@example.com',
      list: { week: 1, groups: [] },
      programUrl: 'https://shop.example/account/program',
    });
    expect(mail.text).toContain('Nothing to buy this week.');
    expect(mail.html).toContain('Nothing to buy this week.');
  });
});

describe('the guarantee’s e-mail', () => {
  it('says how much went back and where, quoting the terms, and nothing of the results', () => {
    const credit = guaranteeAppliedEmail({
      to: 'member@example.com',
      orderNumber: 100042,
      amount: '$79.95',
      method: 'store_credit',
      accountUrl: 'http://shop.test/account',
    });
    expect(credit).toMatchObject({
      to: 'member@example.com',
      subject: 'Your Improvement Program guarantee',
      template: 'program-guarantee-applied',
    });
    expect(credit.text).toContain('tests free if no health optimization is found within 3 tests');
    expect(credit.text).toContain('We have added $79.95 of store credit to your account.');
    expect(credit.text).toContain('See your store credit: http://shop.test/account');
    const refund = guaranteeAppliedEmail({
      ...{ to: 'm@example.com', orderNumber: 1, amount: '$79.95', accountUrl: 'http://x' },
      method: 'refund',
    });
    expect(refund.text).toContain('We have refunded $79.95 to the card you paid with.');
    expect(refund.html).toContain('order #1');
  });
});
