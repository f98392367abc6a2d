/**
 * Opening a comment where it is: the page of its issue, decision or note, at the comment (`#cmt_…`,
 * which Comments scrolls to). For search results and the palette, which know only the comment's id.
 */
import type { useNavigate } from "@tanstack/react-router";
import { api, unwrap } from "../../api.ts";

export async function openComment(
  navigate: ReturnType<typeof useNavigate>,
  ws: string,
  id: string,
): Promise<void> {
  const c = await unwrap(api.GET("/comments/{id}", { params: { path: { id } } }));
  const hash = c.id;
  if (c.subject.type === "issue")
    await navigate({
      to: "/$ws/issue/$key",
      params: { ws, key: c.subject.identifier ?? c.subject.id },
      hash,
    });
  else if (c.subject.type === "decision")
    await navigate({ to: "/$ws/decisions/$id", params: { ws, id: c.subject.id }, hash });
  else await navigate({ to: "/$ws/notes/$id", params: { ws, id: c.subject.id }, hash });
}
