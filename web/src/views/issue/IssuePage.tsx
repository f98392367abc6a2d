export function IssuePage() {
  return <h1>Issue</h1>;
}
