/** A git branch name for an issue: the server's own rule (src/tracker/branch.ts), one copy for both. */
export { branchName } from "../../../src/tracker/branch.ts";

/** The issue's address in the app, for a link to paste. */
export function issueLink(ws: string, identifier: string): string {
  return `${window.location.origin}/${ws}/issue/${identifier}`;
}
