/** The tab's title: what the page shows, then the workspace where it helps, then "Docket". */
import { useEffect } from "react";
import { useMe } from "../queries.ts";

export function pageTitle(...parts: (string | undefined | null | false)[]): string {
  return [...parts.filter((p): p is string => Boolean(p)), "Docket"].join(" · ");
}

/** Sets document.title while the page is shown ("ENG-42 Fix login · Docket", "Issues · Acme · Docket"). */
export function useDocumentTitle(...parts: (string | undefined | null | false)[]): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** A workspace's page: "Inbox · Acme · Docket". */
export function useWorkspaceTitle(page: string | undefined | null | false, ws: string): void {
  const name = useMe().workspaces.find((w) => w.slug === ws)?.name;
  useDocumentTitle(page, name ?? ws);
}
