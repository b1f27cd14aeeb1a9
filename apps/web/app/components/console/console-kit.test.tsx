import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConsoleField, consoleFields } from './console-field';
import { Cell, ConsoleTable, Unseen } from './console-table';

describe('a console table', () => {
  it('names itself to screen readers and heads each column for them', () => {
    const html = renderToString(
      <ConsoleTable caption="Invitations" headings={['Person', <Unseen key="actions">Actions</Unseen>]} empty={false}>
        <tr>
          <Cell className="font-semibold">Ann</Cell>
          <Cell>Resend</Cell>
        </tr>
      </ConsoleTable>,
    );
    expect(html).toContain('<caption class="sr-only">Invitations</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toContain('<span class="sr-only">Actions</span>');
    expect(html).toContain('<td class="px-4 py-3 font-semibold">Ann</td>');
    expect(html).not.toContain('<h2');
  });

  it('says what an empty table would list, across every column, in its own words or in the console’s', () => {
    const own = renderToString(
      <ConsoleTable caption="Coupons" headings={['Code', 'Discount', 'Limit']} empty emptyText="No coupons yet.">
        <tr>
          <Cell>never shown</Cell>
        </tr>
      </ConsoleTable>,
    );
    expect(own).toContain('colSpan="3"');
    expect(own).toContain('No coupons yet.');
    expect(own).not.toContain('never shown');
    const console = renderToString(
      <ConsoleTable caption="Jobs" headings={['Job']} empty>
        {null}
      </ConsoleTable>,
    );
    expect(console).toContain('Nothing here.');
  });

  it('comes under its heading and explanation when it has them', () => {
    const html = renderToString(
      <ConsoleTable title="Held back" explanation="The card was declined." caption="Held deliveries" headings={['Due']} empty>
        {null}
      </ConsoleTable>,
    );
    expect(html.indexOf('Held back</h2>')).toBeLessThan(html.indexOf('The card was declined.</p>'));
    expect(html.indexOf('The card was declined.')).toBeLessThan(html.indexOf('<table'));
  });
});

describe('a console form’s field', () => {
  const field = consoleFields('invite', { errors: { email: 'Please enter an e-mail address.' }, values: { email: 'ann@', name: 'Ann' } });

  it('keeps what was typed and ties the error to its input', () => {
    expect(field('email')).toEqual({
      id: 'invite-email',
      name: 'email',
      defaultValue: 'ann@',
      'aria-invalid': true,
      'aria-describedby': 'invite-email-error',
    });
    expect(field('name')).toMatchObject({
      id: 'invite-name',
      defaultValue: 'Ann',
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
  });

  it('labels its input and shows the error under it, with the id the input points to', () => {
    const html = renderToString(
      <ConsoleField id="invite-email" label="E-mail address" error="Please enter an e-mail address.">
        <input {...field('email')} />
      </ConsoleField>,
    );
    expect(html).toContain('<label for="invite-email"');
    expect(html).toMatch(/<p id="invite-email-error"[^>]*>Please enter an e-mail address.<\/p>/);
    const fine = renderToString(
      <ConsoleField id="invite-name" label="Name" error={undefined}>
        <input {...field('name')} />
      </ConsoleField>,
    );
    expect(fine).not.toContain('<p');
  });
});
