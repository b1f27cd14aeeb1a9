import { describe, expect, it } from 'vitest';
import { orderApprovedEmail } from './kit-templates.ts';

const lab = {
  name: 'Quest Diagnostics & Co',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  hours: 'Mon–Fri 7:00 am – 5:00 pm',
};

describe('the approval e-mail', () => {
  it('tells a home kit’s member that the kit is being prepared and ships', () => {
    const mail = orderApprovedEmail({
      to: 'a@example.com',
      orderNumber: 100123,
      method: 'home',
      lab: null,
      url: 'https://shop.example/o/1',
    });
    expect(mail).toMatchObject({ to: 'a@example.com', subject: 'Your order #100123 is approved', template: 'order-approved' });
    expect(mail.text).toContain('We are preparing your kit and will e-mail you its tracking number when it ships.');
    expect(mail.text).toContain('Follow my order: https://shop.example/o/1');
    expect(mail.text).not.toContain('partner lab');
  });

  it('names the partner lab with its address, escaped in HTML, and says what to do there', () => {
    const mail = orderApprovedEmail({ to: 'a@example.com', orderNumber: 100124, method: 'lab', lab, url: 'https://shop.example/o/2' });
    expect(mail.text).toContain(
      'partner lab you chose (within 2 business days): Quest Diagnostics & Co, 100 Congress Ave, Austin, TX 78701.',
    );
    expect(mail.html).toContain('Quest Diagnostics &#38; Co');
    expect(mail.text).toContain('Its opening hours: Mon–Fri 7:00 am – 5:00 pm.');
    expect(mail.text).toContain('with a photo ID and your lab requisition: download it (PDF) from your order page');
    expect(mail.text).toContain('The visit takes 15-20 minutes');
    expect(mail.text).not.toContain('preparing your kit');
  });

  it('still says where the lab order goes when the order names no lab', () => {
    const mail = orderApprovedEmail({
      to: 'a@example.com',
      orderNumber: 100125,
      method: 'lab',
      lab: null,
      url: 'https://shop.example/o/3',
    });
    expect(mail.text).toContain('We are sending your lab order to the partner lab you chose (within 2 business days).');
  });
});
