import { billingAddressLines } from '@shop/core';

interface BillingDetails {
  address: { line1: string; line2: string | null; city: string; state: string; zip: string } | null;
  email: string | null;
  poNumber: string | null;
}

/** A group's billing details as its admins keep them in the portal, for the console's employer page. */
export function EmployerBillingDetails({ billing }: { billing: BillingDetails }) {
  return (
    // no region of its own: the page's "Billing" region is the bank's
    <div className="mt-4 rounded-2xl bg-white p-4 text-sm shadow-sm">
      <h2 className="font-bold">Billing details</h2>
      {billing.address || billing.email ? (
        <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Billing address</dt>
          <dd>{billing.address ? billingAddressLines(billing.address).join(', ') : 'Not set'}</dd>
          <dt className="font-semibold">Accounts payable</dt>
          <dd className="break-all">{billing.email ?? 'Not set'}</dd>
          <dt className="font-semibold">PO number</dt>
          <dd>{billing.poNumber ?? 'None'}</dd>
        </dl>
      ) : (
        <p className="mt-1 text-muted">Not set yet: the group’s admins set them in the portal, and invoices print them once set.</p>
      )}
    </div>
  );
}
