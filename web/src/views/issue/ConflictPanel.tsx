/**
 * A 412 that is a real conflict: someone else changed a field I changed since I read it. Both values are
 * shown, field by field; the person chooses theirs, mine (read again, then sent with the new ETag), or,
 * for text, to edit mine again over theirs. Nothing is dropped before that choice.
 */
import { useEffect, useRef } from "react";
import type { Issue } from "../../api.ts";
import { fieldName, type NameOf, showValue } from "./model.ts";
import type { Conflict } from "./useIssue.ts";

function shown(issue: Partial<Issue>, field: string, nameOf: NameOf): string {
  const v = (issue as Record<string, unknown>)[field];
  return showValue(field, v, nameOf);
}

export function ConflictPanel({
  conflict,
  lastActor,
  nameOf,
  takeTheirs,
  keepMine,
  editAgain,
}: {
  conflict: Conflict;
  lastActor: string | null;
  nameOf: NameOf;
  takeTheirs: () => void;
  keepMine: () => void;
  editAgain?: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const theirs = conflict.theirs.data;
  const mine: Partial<Issue> =
    conflict.write.kind === "ice"
      ? { status: "iced" }
      : { ...(conflict.write.patch as Partial<Issue>), ...conflict.view };
  return (
    <section ref={ref} className="conflict" aria-labelledby="conflict-heading" tabIndex={-1}>
      <h2 id="conflict-heading" role="alert">
        <span aria-hidden="true">⚠ </span>
        {lastActor ?? "Someone else"} changed the {conflict.fields.map(fieldName).join(" and ")} since you
        read it
      </h2>
      <p className="muted">
        Your change ({conflict.what.toLowerCase()}) was not saved, and is kept here. Choose which to keep.
      </p>
      <div className="conflict-grid">
        {conflict.fields.map((f) => {
          const long = f === "description";
          const theirsText = long ? theirs.description : shown(theirs, f, nameOf);
          const mineText = long ? String(mine.description ?? "") : shown(mine, f, nameOf);
          return (
            <div key={f} className="conflict-field">
              <h3>{fieldName(f).replace(/^./, (c) => c.toUpperCase())}</h3>
              <div className="conflict-sides">
                <figure className="conflict-side">
                  <figcaption>Theirs (now saved)</figcaption>
                  {long ? (
                    <pre className="conflict-text">{theirsText || "(empty)"}</pre>
                  ) : (
                    <p className="conflict-value">{theirsText}</p>
                  )}
                </figure>
                <figure className="conflict-side conflict-mine">
                  <figcaption>Yours (not saved)</figcaption>
                  {long ? (
                    <pre className="conflict-text">{mineText || "(empty)"}</pre>
                  ) : (
                    <p className="conflict-value">{mineText}</p>
                  )}
                </figure>
              </div>
            </div>
          );
        })}
      </div>
      <div className="conflict-actions">
        <button type="button" className="btn" onClick={takeTheirs}>
          Use theirs
        </button>
        {editAgain && (
          <button type="button" className="btn" onClick={editAgain}>
            Edit mine again
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={keepMine}>
          Keep mine (overwrite)
        </button>
      </div>
    </section>
  );
}
