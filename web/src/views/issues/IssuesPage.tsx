export function IssuesPage({ view }: { view: "all" | "mine" | "ready" | "board" }) {
  return <h1>{view}</h1>;
}
