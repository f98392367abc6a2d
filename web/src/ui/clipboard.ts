/** Copies text to the clipboard and says so in a toast; throws when the browser refuses. */
import { toast } from "./toast.tsx";

export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // without the clipboard API (an insecure page, a denied permission): a selected text area and copy
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    if (!ok) throw new Error("the browser refused to copy");
  }
  toast(done);
}
