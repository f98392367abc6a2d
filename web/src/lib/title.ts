/** The tab's title: what the page shows, then the workspace where it helps, then "Docket". */
import { useEffect } from "react";

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
