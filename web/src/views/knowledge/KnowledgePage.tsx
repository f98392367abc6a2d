export function KnowledgePage({ what }: { what: string }) {
  return <h1>{what}</h1>;
}
