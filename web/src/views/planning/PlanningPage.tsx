export function PlanningPage({ what }: { what: string }) {
  return <h1>{what}</h1>;
}
