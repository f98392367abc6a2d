import type { Readable } from "node:stream";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Core } from "../core.ts";
import { notFound } from "../errors.ts";
import { LocalFileStore } from "../tracker/files/local.ts";
import { attachmentDisposition, fileStore } from "../tracker/files/store.ts";

/** The local store, or 404: with an S3 store these URLs are the bucket's, not ours. */
function localStore(core: Core): LocalFileStore {
  const store = fileStore(core);
  if (!(store instanceof LocalFileStore)) throw notFound("Files are not served by this service.");
  return store;
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === "string" ? v : undefined;
};

/** A refused upload whose body was not read: close the connection rather than drain the bytes. */
function closeIfUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header("connection", "close");
}

/**
 * The local file store's signed URLs, outside /v1: the signature in the URL is the authority, not a
 * token. `PUT /files/upload/<workspace>/<upload>` streams the body to disk (any media type, so it has
 * its own body parser and no 1 MiB JSON limit); `GET /files/download/<workspace>/<file>` serves the
 * file as an attachment.
 */
export function fileRoutes(core: Core): FastifyPluginAsync {
  return async (app) => {
    // Bodies here are raw bytes of any type: hand the stream to the route, which enforces its own limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    app.put("/files/upload/*", async (request, reply) => {
      const store = localStore(core);
      const rest = (request.params as Record<string, string>)["*"] ?? "";
      try {
        const result = await store.receive(
          `uploads/${rest}`,
          request.query as Record<string, unknown>,
          { contentType: header(request, "content-type"), contentLength: header(request, "content-length") },
          (request.body as Readable | undefined) ?? request.raw,
        );
        reply.header("cache-control", "no-store");
        return result;
      } catch (error) {
        closeIfUnread(request, reply);
        throw error;
      }
    });

    // HEAD is routed here too, so it answers from the file's size without reading the file.
    app.route({
      method: ["GET", "HEAD"],
      url: "/files/download/*",
      handler: async (request, reply) => {
        const store = localStore(core);
        const rest = (request.params as Record<string, string>)["*"] ?? "";
        const file = await store.download(`files/${rest}`, request.query as Record<string, unknown>);
        reply
          .header("content-type", file.contentType || "application/octet-stream")
          .header("content-length", String(file.size))
          .header("content-disposition", attachmentDisposition(file.name || "download"))
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, no-store");
        if (request.method === "HEAD") {
          file.stream.destroy();
          return reply.send();
        }
        return reply.send(file.stream);
      },
    });
  };
}
