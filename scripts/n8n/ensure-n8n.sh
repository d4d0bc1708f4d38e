#!/usr/bin/env bash
# Installs the pinned real n8n into a cache outside the repo, once; later runs reuse it.
#   stdout: the install folder (run `$dir/node_modules/.bin/n8n`); progress goes to stderr.
# Why the extra steps: n8n only installs with --ignore-scripts (some dependencies download or compile
# binaries we do not need), but its database driver sqlite3 is native, so it is built afterwards from
# source against the Node 24 headers (this machine's npm default nodedir is Node 20's).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../../.ci/node24.sh
source "$repo/.ci/node24.sh" >&2

N8N_VERSION="${N8N_VERSION:-2.40.7}"
dir="$INVENTORY_PRO_CACHE/n8n-$N8N_VERSION"
marker="$dir/.install-complete"

log() { echo "[ensure-n8n] $*" >&2; }

if [ -f "$marker" ]; then
	# The Node binary n8n and its sqlite3 belong to (read by test/e2e/n8n.ts).
	[ -f "$dir/.node-path" ] || command -v node >"$dir/.node-path"
	log "n8n $N8N_VERSION ready in $dir (cached)"
	echo "$dir"
	exit 0
fi

# One installer at a time (a test run and `npm run demo` may start together).
mkdir -p "$INVENTORY_PRO_CACHE"
exec 9>"$INVENTORY_PRO_CACHE/n8n-$N8N_VERSION.lock"
if ! flock -n 9; then
	log "another process is installing n8n $N8N_VERSION; waiting for it ..."
	flock 9
fi
if [ -f "$marker" ]; then
	log "n8n $N8N_VERSION ready in $dir (installed by the other process)"
	echo "$dir"
	exit 0
fi

start=$(date +%s)
elapsed() { echo "$(($(date +%s) - start))s"; }

# Heartbeat while npm and the compiler are quiet (npm prints nothing without a terminal).
heartbeat() {
	while sleep 15; do
		if [ "$1" != downloading ]; then
			log "... $1, $(elapsed) elapsed"
			continue
		fi
		size=$(du -sm "$dir/node_modules" 2>/dev/null | cut -f1 || true)
		if [ "${size:-0}" -lt 2 ]; then
			log "... downloading: resolving the dependency tree (npm reads package metadata first), $(elapsed) elapsed"
		else
			log "... downloading: ${size} MB of about 2900 MB on disk, $(elapsed) elapsed"
		fi
	done
}

log "installing n8n@$N8N_VERSION into $dir (first run only: about 2.9 GB, 4-6 minutes)"
rm -rf "$dir"
mkdir -p "$dir"
cat >"$dir/package.json" <<EOF
{
	"name": "inventory-pro-n8n-cache",
	"private": true,
	"description": "Pinned n8n for n8n-nodes-inventory-pro's end-to-end suite and demo",
	"dependencies": { "n8n": "$N8N_VERSION" },
	"allowScripts": { "sqlite3": true }
}
EOF

heartbeat "downloading" &
hb=$!
trap 'kill $hb 2>/dev/null || true' EXIT
(cd "$dir" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
kill $hb 2>/dev/null || true
# Headers of the Node that will run n8n. node24.sh sets this only when it switched Node itself; a
# Node 24 already on PATH would otherwise get the user config's nodedir (here /usr: Node 20's headers).
node_prefix="$(cd "$(dirname "$(command -v node)")/.." && pwd)"
if [ -f "$node_prefix/include/node/node_api.h" ]; then
	export npm_config_nodedir="$node_prefix"
fi
log "npm install done ($(elapsed)); building sqlite3 against Node $(node -v) headers in ${npm_config_nodedir:-<node-gyp default>}"

# Build from source: prebuild-install would try to download a binary from GitHub.
heartbeat "compiling sqlite3 (about 1-2 minutes)" &
hb=$!
(cd "$dir" && npm_config_build_from_source=true npm rebuild sqlite3 --ignore-scripts=false --foreground-scripts \
	--loglevel=error >"$dir/sqlite3-build.log" 2>&1) || {
	kill $hb 2>/dev/null || true
	log "sqlite3 build failed; last lines of $dir/sqlite3-build.log:"
	tail -n 30 "$dir/sqlite3-build.log" >&2
	exit 1
}
kill $hb 2>/dev/null || true

# The binding must load under the Node that will run n8n.
if ! (cd "$dir" && node -e "require('sqlite3'); new (require('sqlite3').Database)(':memory:').close()") >&2; then
	log "sqlite3 does not load under Node $(node -v); see $dir/sqlite3-build.log"
	exit 1
fi

version=$("$dir/node_modules/.bin/n8n" --version 2>/dev/null | tail -n 1)
if [ "$version" != "$N8N_VERSION" ]; then
	log "unexpected 'n8n --version' output: $version"
	exit 1
fi

command -v node >"$dir/.node-path"
# Object files of the sqlite3 build are not needed at run time.
rm -rf "$dir/node_modules/sqlite3/build/Release/obj" "$dir/node_modules/sqlite3/build/Release/obj.target"
date -u +%FT%TZ >"$marker"
log "n8n $N8N_VERSION installed in $(elapsed) ($(du -sm "$dir" | cut -f1) MB)"
echo "$dir"
