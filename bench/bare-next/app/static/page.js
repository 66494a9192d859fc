export default function Page() {
  return (
    <main>
      <h1>Bare Next page</h1>
      <p>One server component, nothing else.</p>
    </main>
  );
}
