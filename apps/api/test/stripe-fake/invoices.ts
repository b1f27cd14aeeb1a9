import { amountParam, booleanParam, metadataParam, requiredParam, stringParam, type FormObject } from './form.ts';
import { invalidRequest, newId, now } from './objects.ts';

/**
 * Stripe Invoicing as the shop's adapter uses it: a draft invoice for a customer, invoice items
 * added to it, then finalized, which numbers it and gives it a hosted page. Amounts in cents; an
 * item may be negative (a credit).
 */
export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void';
  collection_method: string;
  days_until_due: number | null;
  /** the fields printed on the invoice (a PO number), as given: a list of { name, value } */
  custom_fields: unknown[] | null;
  description: string | null;
  metadata: Record<string, string>;
  lines: { object: 'list'; data: InvoiceItem[] };
  total: number;
  number: string | null;
  hosted_invoice_url: string | null;
  status_transitions: { finalized_at: number | null; paid_at: number | null; voided_at: number | null };
  created: number;
}

export interface InvoiceItem {
  id: string;
  object: 'invoiceitem';
  customer: string;
  invoice: string;
  amount: number;
  currency: string;
  description: string | null;
}

export class InvoiceBook {
  readonly invoices = new Map<string, Invoice>();
  private numbered = 0;

  constructor(
    private readonly customerExists: (id: string) => boolean,
    private readonly emit: (type: string, object: unknown) => void,
  ) {}

  create(form: FormObject): Invoice {
    const customer = this.customerOf(form);
    const invoice: Invoice = {
      id: newId('in'),
      object: 'invoice',
      customer,
      status: 'draft',
      collection_method: stringParam(form, 'collection_method') ?? 'charge_automatically',
      days_until_due: form.days_until_due === undefined ? null : amountParam(form, 'days_until_due'),
      description: stringParam(form, 'description'),
      custom_fields: Array.isArray(form.custom_fields) ? form.custom_fields : null,
      metadata: metadataParam(form),
      lines: { object: 'list', data: [] },
      total: 0,
      number: null,
      hosted_invoice_url: null,
      status_transitions: { finalized_at: null, paid_at: null, voided_at: null },
      created: now(),
    };
    if (invoice.collection_method === 'send_invoice' && invoice.days_until_due === null) {
      throw invalidRequest('Missing required param: days_until_due.', { code: 'parameter_missing', param: 'days_until_due' });
    }
    if (booleanParam(form, 'auto_advance'))
      throw invalidRequest('The fake finalizes invoices when asked, not by itself.', { param: 'auto_advance' });
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  addItem(form: FormObject): InvoiceItem {
    const customer = this.customerOf(form);
    const invoice = this.draft(requiredParam(form, 'invoice'));
    if (invoice.customer !== customer) throw invalidRequest('The invoice belongs to another customer.', { param: 'invoice' });
    const raw = requiredParam(form, 'amount');
    if (!/^-?\d+$/.test(raw)) throw invalidRequest('Invalid integer: amount', { param: 'amount' });
    const item: InvoiceItem = {
      id: newId('ii'),
      object: 'invoiceitem',
      customer,
      invoice: invoice.id,
      amount: Number(raw),
      currency: requiredParam(form, 'currency'),
      description: stringParam(form, 'description'),
    };
    invoice.lines.data.push(item);
    invoice.total += item.amount;
    return item;
  }

  finalize(id: string): Invoice {
    const invoice = this.draft(id);
    this.numbered += 1;
    invoice.status = 'open';
    invoice.number = `FAKE-${String(this.numbered).padStart(4, '0')}`;
    invoice.hosted_invoice_url = `https://invoice.stripe.test/i/${invoice.id}`;
    invoice.status_transitions.finalized_at = now();
    this.emit('invoice.finalized', invoice);
    return invoice;
  }

  /**
   * The customer pays an open invoice on its hosted page, or it is voided in the dashboard: as at
   * Stripe, only an open invoice is paid or voided, and each emits its event once.
   */
  settle(id: string, outcome: 'paid' | 'void'): Invoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw invalidRequest(`No such invoice: '${id}'`, { code: 'resource_missing', param: 'invoice', status: 404 });
    if (invoice.status !== 'open') throw invalidRequest(`This invoice is already ${invoice.status}.`, { code: 'invoice_not_open' });
    invoice.status = outcome;
    if (outcome === 'paid') invoice.status_transitions.paid_at = now();
    else invoice.status_transitions.voided_at = now();
    this.emit(outcome === 'paid' ? 'invoice.paid' : 'invoice.voided', invoice);
    return invoice;
  }

  private customerOf(form: FormObject): string {
    const customer = requiredParam(form, 'customer');
    if (!this.customerExists(customer)) {
      throw invalidRequest(`No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer', status: 404 });
    }
    return customer;
  }

  private draft(id: string): Invoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw invalidRequest(`No such invoice: '${id}'`, { code: 'resource_missing', param: 'invoice', status: 404 });
    if (invoice.status !== 'draft') throw invalidRequest(`This invoice is already ${invoice.status}.`, { code: 'invoice_not_editable' });
    return invoice;
  }
}
