import { z } from "zod";
import {
  createUploadUrl,
  createUploadUrlInput,
  fileId,
  fileView,
  getFile,
  listFiles,
  listFilesQuery,
  registerFile,
  registerFileInput,
  uploadUrlView,
} from "../../tracker/files.ts";
import { op, page } from "./route.ts";

op({
  method: "POST",
  path: "/files/upload-url",
  operationId: "createFileUploadUrl",
  tag: "Files",
  summary: "Get a signed URL to upload a file's bytes to",
  description:
    "Step 1 of 2. The answer's `url` takes one PUT of exactly `size` bytes with the `headers` given, for 15 minutes. Files may be of any media type, up to `max_size` bytes (100 MiB unless the operator set FILE_MAX_BYTES); downloads are always served as attachments. Then register the file with POST /v1/files.",
  scope: "workspace.write",
  status: 201,
  body: createUploadUrlInput,
  response: uploadUrlView,
  handler: async ({ ctx, body }) => createUploadUrl(ctx, body),
});

op({
  method: "POST",
  path: "/files",
  operationId: "registerFile",
  tag: "Files",
  summary: "Register uploaded bytes as a file",
  description:
    "Step 2 of 2. The service reads the bytes back and checks their SHA-256: a mismatch is 400 naming `sha256`, and the bytes are deleted. An upload registers once (again: 409). Bytes sent before the upload URL expired can be registered up to an hour after.",
  scope: "workspace.write",
  status: 201,
  body: registerFileInput,
  response: fileView,
  slowOutsideDatabase: true,
  handler: async ({ ctx, body }) => registerFile(ctx, body),
});

op({
  method: "GET",
  path: "/files/:id",
  operationId: "getFile",
  tag: "Files",
  summary: "One file's metadata, with a download URL good for 15 to 30 minutes",
  description:
    "Download URLs are signed per 15-minute window (valid until the end of the next one), so every read within a window gets the same URL and the same ETag: If-None-Match answers 304 while the file and the window are unchanged.",
  scope: "workspace.read",
  params: z.strictObject({ id: fileId }),
  response: fileView,
  handler: async ({ ctx, params }) => getFile(ctx, params.id),
});

op({
  method: "GET",
  path: "/files",
  operationId: "listFiles",
  tag: "Files",
  summary: "List the workspace's files, newest first",
  description:
    "Filters combine with AND. Each file comes with a download URL good for 15 to 30 minutes, signed per 15-minute window: reads within a window get the same URLs, and the same ETag while the files are unchanged.",
  scope: "workspace.read",
  query: listFilesQuery,
  response: page(fileView),
  handler: async ({ ctx, query }) => listFiles(ctx, query),
});
