/**
 * The workspace's labels as the app shows and picks them: coloured chips, and a picker with type-ahead
 * over the workspace's labels that creates one inline ("Create label “x”"). Used by the issue page, and
 * meant for any other place that sets labels (the new-issue dialog, palette actions).
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { ApiError, api, type Schemas, unwrap } from "../api.ts";
import { allPages, keys } from "../queries.ts";
import { type Option, Picker } from "../views/issue/Picker.tsx";
import { toastError } from "./toast.tsx";
import "./labels.css";

export type Label = Schemas["Label"];

/** The colour a label without an object (not loaded yet, or just made) is drawn in. */
const NEUTRAL = "var(--text-muted)";

export const labelsQuery = (ws: string) =>
  queryOptions({
    queryKey: [...keys.ws(ws), "labels"] as const,
    queryFn: ({ signal }) =>
      allPages((cursor) => unwrap(api.GET("/labels", { signal, params: { query: { limit: 100, cursor } } }))),
    staleTime: 30_000,
  });

/** Every label of the workspace, by name (ignoring case). */
export function useLabels(ws: string, enabled = true) {
  return useQuery({ ...labelsQuery(ws), enabled });
}

/** Labels by their name in lower case, for colours. */
export function useLabelIndex(ws: string): Map<string, Label> {
  const labels = useLabels(ws);
  return useMemo(() => new Map((labels.data ?? []).map((l) => [l.name.toLowerCase(), l])), [labels.data]);
}

/** A label's name may not hold commas or control characters, and runs 1 to 50 characters (the API's rule). */
export function labelNameProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return "A label needs a name.";
  if ([...t].length > 50) return "A label's name is at most 50 characters.";
  if ([...t].some((c) => c === "," || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127))
    return "A label's name may not hold commas or control characters.";
  return null;
}

export function LabelDot({ color }: { color: string | undefined }) {
  return <span className="label-dot" style={{ background: color ?? NEUTRAL }} aria-hidden="true" />;
}

/** One label as a chip: its colour, then its name. */
export function LabelChip({ name, color }: { name: string; color?: string | undefined }) {
  return (
    <span className="label-chip">
      <LabelDot color={color} />
      {name}
    </span>
  );
}

/** An issue's labels as coloured chips. */
export function LabelChips({ ws, names }: { ws: string; names: readonly string[] }) {
  const index = useLabelIndex(ws);
  return (
    <>
      {names.map((n) => (
        <LabelChip key={n} name={n} color={index.get(n.toLowerCase())?.color} />
      ))}
    </>
  );
}

export interface LabelPickerProps {
  ws: string;
  /** The label names chosen now. */
  selected: readonly string[];
  /** The whole new set of names. */
  onChange: (names: string[]) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The property's name; "Labels". */
  name?: string;
  /** Its key, shown in the button's title ("l"). */
  shortcut?: string;
  disabled?: boolean;
}

/**
 * Picks labels from the workspace's, with type-ahead; a name no label has is offered as "Create label
 * “x”", which makes the label (with the palette's next colour) and adds it. Enter toggles the one
 * highlighted; the list stays open for more.
 */
export function LabelPicker(props: LabelPickerProps) {
  const { ws, selected, onChange, open, onOpenChange } = props;
  const labels = useLabels(ws, true);
  const client = useQueryClient();
  const index = useMemo(
    () => new Map((labels.data ?? []).map((l) => [l.name.toLowerCase(), l])),
    [labels.data],
  );
  const chosen = useMemo(() => new Set(selected.map((s) => s.toLowerCase())), [selected]);

  const options: Option[] = useMemo(() => {
    const list: Option[] = (labels.data ?? []).map((l) => ({
      value: l.name,
      label: l.name,
      icon: <LabelDot color={l.color} />,
      hint: l.issue_count === 1 ? "1 issue" : `${l.issue_count} issues`,
      keywords: l.description,
    }));
    // chosen names the workspace has no label for (yet): still shown, so they can be taken off
    for (const s of selected)
      if (!index.has(s.toLowerCase()))
        list.unshift({ value: s, label: s, icon: <LabelDot color={undefined} /> });
    return list;
  }, [labels.data, selected, index]);

  const toggle = (name: string) => {
    const key = name.toLowerCase();
    onChange(chosen.has(key) ? selected.filter((s) => s.toLowerCase() !== key) : [...selected, name]);
  };

  const createAndAdd = async (name: string) => {
    try {
      const made = await unwrap(api.POST("/labels", { body: { name } }));
      onChange([...selected, made.name]);
    } catch (error) {
      // made meanwhile by someone else: the name is enough, the issue takes that label
      if (error instanceof ApiError && error.status === 409) onChange([...selected, name]);
      else toastError(error, `Creating label “${name}”`);
    } finally {
      void client.invalidateQueries({ queryKey: labelsQuery(ws).queryKey });
    }
  };

  const shownNames = selected.map((s) => index.get(s.toLowerCase())?.name ?? s);
  return (
    <Picker
      name={props.name ?? "Labels"}
      shortcut={props.shortcut}
      multiple
      disabled={props.disabled}
      display={
        selected.length ? (
          <span className="label-list">
            {shownNames.map((n) => (
              <LabelChip key={n} name={n} color={index.get(n.toLowerCase())?.color} />
            ))}
          </span>
        ) : (
          <span className="muted">No labels</span>
        )
      }
      displayText={selected.length ? shownNames.join(", ") : "none"}
      options={options}
      selected={options.filter((o) => chosen.has(o.value.toLowerCase())).map((o) => o.value)}
      loading={labels.isLoading}
      open={open}
      onOpenChange={onOpenChange}
      placeholder="Add or remove labels…"
      create={(text) =>
        labelNameProblem(text) ||
        index.has(text.trim().toLowerCase()) ||
        chosen.has(text.trim().toLowerCase())
          ? null
          : {
              value: `\u0000new:${text.trim()}`,
              label: `Create label “${text.trim()}”`,
              icon: <span aria-hidden="true">+</span>,
            }
      }
      onSelect={(v) => {
        if (v.startsWith("\u0000new:")) void createAndAdd(v.slice(5));
        else toggle(v);
      }}
      footer={labels.error ? <span className="field-error">{labels.error.message}</span> : undefined}
    />
  );
}
