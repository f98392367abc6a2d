/**
 * A small directed graph (blockers of an issue, dependencies between milestones): nodes laid out in
 * layers by elkjs, drawn as SVG, each node a link to its page that the keyboard reaches in reading
 * order. elkjs is loaded the first time a graph is shown (a dynamic import), never with the first page.
 * A list of the edges in words goes with the picture for screen readers.
 */
import { useRouter } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { STATUS_LABEL } from "./meta.tsx";

export interface GraphNode {
  id: string;
  /** The short name drawn first: ENG-42, a milestone's name. */
  label: string;
  /** The line under it: the issue's title. */
  sublabel?: string;
  /** An issue status (its mark and name are drawn) or any other word (drawn as text). */
  status?: string;
  /** Where the node leads: an app path (/acme/issue/ENG-42). */
  href?: string;
}
export interface GraphEdge {
  from: string;
  to: string;
}

export interface GraphProps {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** What the graph shows, for screen readers: "Blockers of ENG-42". */
  label: string;
  /** The node drawn as the one the page is about. */
  current?: string;
  /** How an edge reads in the list for screen readers: "blocks" (the default). */
  verb?: string;
  /** Layers flow this way: RIGHT (the default) or DOWN. */
  direction?: "RIGHT" | "DOWN";
  /** RIGHT layers that would not fit the width they have are turned DOWN (the default: true). */
  fit?: boolean;
  className?: string;
}

const NODE_W = 184;
const NODE_H = 50;
const GLYPH: Record<string, string> = {
  backlog: "◌",
  todo: "○",
  in_progress: "◐",
  in_review: "◑",
  done: "●",
  canceled: "⊘",
  iced: "❄",
};

interface Point {
  x: number;
  y: number;
}
interface Layout {
  width: number;
  height: number;
  nodes: Map<string, Point>;
  edges: { key: string; points: Point[] }[];
}

type Elk = {
  layout(graph: unknown): Promise<{
    width?: number;
    height?: number;
    children?: { id: string; x?: number; y?: number }[];
    edges?: {
      id: string;
      sections?: { startPoint: Point; endPoint: Point; bendPoints?: Point[] }[];
    }[];
  }>;
};
let elk: Promise<Elk> | null = null;
function loadElk(): Promise<Elk> {
  elk ??= import("elkjs/lib/elk.bundled.js").then((m) => new m.default() as unknown as Elk);
  return elk;
}

/** Lays the graph out (exported for tests); edges whose ends are not both nodes are left out. */
export async function layoutGraph(
  nodes: Pick<GraphNode, "id">[],
  edges: GraphEdge[],
  direction: "RIGHT" | "DOWN" = "RIGHT",
): Promise<Layout> {
  const ids = new Set(nodes.map((n) => n.id));
  const kept = edges.filter((e) => ids.has(e.from) && ids.has(e.to) && e.from !== e.to);
  const engine = await loadElk();
  const result = await engine.layout({
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": direction,
      "elk.edgeRouting": "SPLINES",
      "elk.layered.spacing.nodeNodeBetweenLayers": "36",
      "elk.spacing.nodeNode": "18",
      "elk.padding": "[top=8,left=8,bottom=8,right=12]",
    },
    children: nodes.map((n) => ({ id: n.id, width: NODE_W, height: NODE_H })),
    edges: kept.map((e, i) => ({ id: `e${i}`, sources: [e.from], targets: [e.to] })),
  });
  const placed = new Map<string, Point>();
  for (const c of result.children ?? []) placed.set(c.id, { x: c.x ?? 0, y: c.y ?? 0 });
  const drawn = (result.edges ?? []).map((e, i) => {
    const s = e.sections?.[0];
    const points = s ? [s.startPoint, ...(s.bendPoints ?? []), s.endPoint] : [];
    return { key: `${kept[i]?.from}->${kept[i]?.to}`, points };
  });
  return { width: result.width ?? 0, height: result.height ?? 0, nodes: placed, edges: drawn };
}

function path(points: Point[]): string {
  const [first, ...rest] = points;
  if (!first || rest.length === 0) return "";
  const xy = (p: Point) => `${p.x},${p.y}`;
  // elk's spline sections: the start, then control points in threes
  if (rest.length > 1 && rest.length % 3 === 0) {
    let d = `M${xy(first)}`;
    for (let i = 0; i < rest.length; i += 3)
      d += ` C${rest
        .slice(i, i + 3)
        .map(xy)
        .join(" ")}`;
    return d;
  }
  return `M${xy(first)} ${rest.map((p) => `L${xy(p)}`).join(" ")}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function statusName(status: string): string {
  return (STATUS_LABEL as Record<string, string>)[status] ?? status.replace(/_/g, " ");
}

export function Graph({
  nodes,
  edges,
  label,
  current,
  verb = "blocks",
  direction: wanted = "RIGHT",
  fit = true,
  className,
}: GraphProps) {
  const router = useRouter();
  const box = useRef<HTMLElement>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const [direction, setDirection] = useState(wanted);
  useEffect(() => setDirection(wanted), [wanted]);
  const [failed, setFailed] = useState<string | null>(null);
  // the same graph again (a refetch with nothing changed) keeps its layout
  const shape = useMemo(
    () =>
      JSON.stringify([
        nodes.map((n) => n.id).sort(),
        edges.map((e) => `${e.from}>${e.to}`).sort(),
        direction,
      ]),
    [nodes, edges, direction],
  );
  useEffect(() => {
    let live = true;
    const [ids, pairs] = JSON.parse(shape) as [string[], string[]];
    layoutGraph(
      ids.map((id) => ({ id })),
      pairs.map((p) => {
        const [from = "", to = ""] = p.split(">");
        return { from, to };
      }),
      direction,
    ).then(
      (l) => {
        if (!live) return;
        const width = box.current?.clientWidth ?? 0;
        if (fit && direction === "RIGHT" && width > 0 && l.width > width) {
          setDirection("DOWN");
          return;
        }
        setLayout(l);
        setFailed(null);
      },
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [shape, direction, fit]);

  const byId = new Map(nodes.map((n) => [n.id, n]));
  const described = edges.filter((e) => byId.has(e.from) && byId.has(e.to));
  // nodes in reading order (top to bottom, left to right), so Tab follows the picture
  const order = layout
    ? [...nodes].sort((a, b) => {
        const pa = layout.nodes.get(a.id) ?? { x: 0, y: 0 };
        const pb = layout.nodes.get(b.id) ?? { x: 0, y: 0 };
        return direction === "RIGHT" ? pa.x - pb.x || pa.y - pb.y : pa.y - pb.y || pa.x - pb.x;
      })
    : nodes;

  const open = (event: React.MouseEvent, href: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  };

  return (
    <figure ref={box} className={`graph ${className ?? ""}`} aria-label={label}>
      {failed ? (
        <p className="muted">The graph could not be drawn: {failed}</p>
      ) : !layout ? (
        <div className="graph-loading" style={{ height: NODE_H + 16 }} aria-busy="true">
          <span className="muted">Drawing…</span>
        </div>
      ) : (
        <div className="graph-scroll">
          <svg width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`}>
            <title>{label}</title>
            <defs>
              <marker
                id="graph-arrow"
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0,0 L10,5 L0,10 z" className="graph-arrowhead" />
              </marker>
            </defs>
            <g>
              {layout.edges.map((e) => (
                <path key={e.key} d={path(e.points)} className="graph-edge" markerEnd="url(#graph-arrow)" />
              ))}
            </g>
            {order.map((n) => {
              const p = layout.nodes.get(n.id);
              if (!p) return null;
              const status = n.status ? statusName(n.status) : "";
              const name = [n.label, n.sublabel, status].filter(Boolean).join(", ");
              const body = (
                <>
                  <title>{name}</title>
                  <rect
                    width={NODE_W}
                    height={NODE_H}
                    rx={7}
                    className={`graph-box${n.id === current ? " graph-current" : ""}`}
                  />
                  {n.status && (
                    <text x={12} y={21} className={`graph-glyph status-${n.status}`}>
                      {GLYPH[n.status] ?? "•"}
                    </text>
                  )}
                  <text x={n.status ? 30 : 12} y={21} className="graph-label">
                    {clip(n.label, n.status ? 12 : 22)}
                  </text>
                  {n.status && (
                    <text x={NODE_W - 10} y={21} textAnchor="end" className="graph-status">
                      {clip(status, 12)}
                    </text>
                  )}
                  {n.sublabel && (
                    <text x={12} y={39} className="graph-sublabel">
                      {clip(n.sublabel, 27)}
                    </text>
                  )}
                </>
              );
              return (
                <g key={n.id} transform={`translate(${p.x},${p.y})`}>
                  {n.href && n.id !== current ? (
                    <a
                      href={n.href}
                      className="graph-node"
                      aria-label={name}
                      onClick={(event) => open(event, n.href as string)}
                    >
                      {body}
                    </a>
                  ) : (
                    <g className="graph-node graph-node-static">{body}</g>
                  )}
                </g>
              );
            })}
          </svg>
        </div>
      )}
      <figcaption className="sr-only">
        {described.length === 0
          ? "No edges."
          : described.map((e) => `${byId.get(e.from)?.label} ${verb} ${byId.get(e.to)?.label}.`).join(" ")}
      </figcaption>
    </figure>
  );
}
