import type { TestContext } from "node:test";
import { SMTPServer } from "smtp-server";

/** A real SMTP peer: keeps every message it receives. */
export async function startSmtp(t: TestContext) {
  const inbox: { to: string[]; raw: string }[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const w of waiting.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async next(count: number): Promise<{ to: string[]; raw: string }> {
      while (inbox.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
      return inbox[count - 1]!;
    },
  };
}
