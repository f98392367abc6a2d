/** `?`: every shortcut live on this page, grouped. */
import * as Dialog from "@radix-ui/react-dialog";
import { useStore } from "../lib/store.ts";
import { displayKeys, shortcuts } from "./keys.ts";
import { ui } from "./ui.ts";

export function HelpDialog() {
  const open = useStore(ui.help);
  const list = useStore(shortcuts);
  const groups = new Map<string, { keys: string; label: string }[]>();
  for (const s of list) {
    const g = groups.get(s.group) ?? [];
    if (!g.some((x) => x.keys === s.keys)) g.push({ keys: s.keys, label: s.label });
    groups.set(s.group, g);
  }
  return (
    <Dialog.Root open={open} onOpenChange={ui.help.set}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog help-dialog">
          <Dialog.Title>Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="muted">
            Shortcuts do nothing while you type in a field; Escape leaves it.
          </Dialog.Description>
          <div className="help-groups">
            {[...groups].map(([group, items]) => (
              <section key={group}>
                <h3>{group}</h3>
                <dl>
                  {items.map((s) => (
                    <div key={s.keys} className="help-row">
                      <dt>
                        {displayKeys(s.keys).map((k, i) => (
                          <span key={k}>
                            {i > 0 && <span className="muted"> then </span>}
                            <kbd>{k}</kbd>
                          </span>
                        ))}
                      </dt>
                      <dd>{s.label}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
          <Dialog.Close className="btn">Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
