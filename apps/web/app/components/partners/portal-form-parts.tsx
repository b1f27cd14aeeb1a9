/** Why the portal refused a form's field, under the field whose `aria-describedby` names `id`. */
export function FieldRefusal({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}

/** A portal form's button, off while the form is sent and saying so. */
export function PortalSubmit({ sending, label, sendingLabel }: { sending: boolean; label: string; sendingLabel: string }) {
  return (
    <button type="submit" disabled={sending} className="mt-4 rounded-full bg-brand px-5 py-2 font-semibold text-white disabled:opacity-60">
      {sending ? sendingLabel : label}
    </button>
  );
}
