/**
 * The cards the checkout takes and what happens to the card number, under the card fields. The
 * marks are drawn here as plain shapes and words (no brand's artwork); the sentence says the same
 * for screen readers.
 */
export function SecurePayment() {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 text-sm text-muted">
      <p className="sr-only">We accept Visa, Mastercard, American Express and Discover.</p>
      <ul aria-hidden="true" className="flex flex-wrap gap-2">
        <li>
          <svg viewBox="0 0 48 30" className="h-7 w-11">
            <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#fff" stroke="#cbd5e1" />
            <text
              x="24"
              y="20"
              textAnchor="middle"
              fontFamily="Arial, sans-serif"
              fontSize="12"
              fontStyle="italic"
              fontWeight="700"
              fill="#1a1f71"
            >
              VISA
            </text>
          </svg>
        </li>
        <li>
          <svg viewBox="0 0 48 30" className="h-7 w-11">
            <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#fff" stroke="#cbd5e1" />
            <circle cx="19" cy="15" r="8" fill="#eb001b" />
            <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.85" />
          </svg>
        </li>
        <li>
          <svg viewBox="0 0 48 30" className="h-7 w-11">
            <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#2e77bc" />
            <text x="24" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10" fontWeight="700" fill="#fff">
              AMEX
            </text>
          </svg>
        </li>
        <li>
          <svg viewBox="0 0 48 30" className="h-7 w-11">
            <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#fff" stroke="#cbd5e1" />
            <text x="20" y="18.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="7.5" fontWeight="700" fill="#231f20">
              DISCOVER
            </text>
            <circle cx="41" cy="15" r="3" fill="#f48120" />
          </svg>
        </li>
      </ul>
      <p className="flex items-center gap-2">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-brand">
          <rect x="4" y="9" width="12" height="9" rx="2" fill="currentColor" />
          <path d="M7 9V6a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span>
          Secure payment: your card travels encrypted to our payment processor. Base never stores your card number, only its brand and last
          four digits for your receipt.
        </span>
      </p>
    </div>
  );
}
