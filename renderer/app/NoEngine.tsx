// Shown when the page is opened outside the app (a plain browser): there is no engine to talk to.
export function NoEngine() {
  return (
    <main className="no-engine">
      <h1>Shingle</h1>
      <p>This page is Shingle’s interface; it needs the Shingle app (or its test harness) to reach the engine.</p>
    </main>
  );
}
