export function StaffOnly() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">The console is for the shop's staff</h1>
      <p className="mt-3 text-muted">Your account does not have access to it.</p>
    </section>
  );
}
