/**
 * The bench's floor: a bare `node:http` server answering every request with a small JSON body, started
 * by `npm run bench` in its own process and loaded like the service. What it reaches is what this
 * machine, this Node and autocannon allow at all; every scenario's requests/s is printed as a share of it.
 *
 *   node bench/floor.ts <port>
 */
import http from "node:http";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: node bench/floor.ts <port>");

const body = JSON.stringify({ id: "ws_floor", name: "Floor", slug: "floor", spaces: [] });
http
  .createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(body);
    });
  })
  .listen(port, "127.0.0.1", () => console.error(`floor on ${port}`));
