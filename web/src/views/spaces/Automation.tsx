/**
 * A space's code host automation (docs/code-hosts.md): three switches, each on unless an admin turns it
 * off — a branch or draft pull request starts a backlog or todo issue, a pull request ready for review
 * moves it to In review, a merge with a closing word finishes it (through the review policy above).
 * Each switch is saved as it is flipped (PATCH /v1/spaces/{prefix}); everyone else reads them.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api, unwrap } from "../../api.ts";
import { toast, toastError } from "../../ui/toast.tsx";
import { convKeys, type Space } from "../conversation/data.ts";
import "./spaces.css";

type Switch = "auto_start_on_branch" | "auto_review_on_pr" | "auto_done_on_merge";

const SWITCHES: { key: Switch; label: string; help: string }[] = [
  {
    key: "auto_start_on_branch",
    label: "Start on a branch",
    help: "A branch or a draft pull request naming a Backlog or Todo issue moves it to In progress.",
  },
  {
    key: "auto_review_on_pr",
    label: "In review on a pull request",
    help: "A pull request opened or marked ready for review moves its issue to In review.",
  },
  {
    key: "auto_done_on_merge",
    label: "Done on merge",
    help: "Merging a pull request whose closing word (Fixes ENG\u201142) or branch names the issue finishes it, as the review policy allows.",
  },
];

export function SpaceAutomation({ ws, space, admin }: { ws: string; space: Space; admin: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  // the change being saved, shown at once: set in the same event as the click, so the box never flips
  // back for a frame before the mutation's pending state arrives
  const [pending, setPending] = useState<Partial<Record<Switch, boolean>>>();
  const save = useMutation({
    mutationFn: (change: Partial<Record<Switch, boolean>>) =>
      unwrap(api.PATCH("/spaces/{prefix}", { params: { path: { prefix: space.prefix } }, body: change })),
    onSuccess: (s, change) => {
      queryClient.setQueryData(convKeys.space(ws, space.prefix), s);
      void queryClient.invalidateQueries({ queryKey: convKeys.spaces(ws) });
      const [key, on] = Object.entries(change)[0] ?? [];
      const label = SWITCHES.find((w) => w.key === key)?.label;
      if (label) toast(`${label}: ${on ? "on" : "off"} in ${s.prefix}`);
    },
    onError: (error) => toastError(error, "Saving the switch"),
    onSettled: () => setPending(undefined),
  });
  return (
    <section className="spaces-automation" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Code hosts</h2>
      <p className="muted spaces-help">
        What pull requests and branches linked from GitHub or GitLab do to this space's issues. Links are made
        either way; nothing ever moves an issue back.
        {!admin && " Only the workspace's Owner and admins change these."}
      </p>
      <ul className="spaces-switches">
        {SWITCHES.map((w) => {
          const on = pending && w.key in pending ? Boolean(pending[w.key]) : space[w.key] !== false;
          return (
            <li key={w.key}>
              <label className="spaces-switch">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!admin || pending !== undefined}
                  onChange={(e) => {
                    const change = { [w.key]: e.target.checked };
                    setPending(change);
                    save.mutate(change);
                  }}
                />
                <span>
                  <strong>{w.label}</strong>
                  <span className="muted spaces-help">{w.help}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
