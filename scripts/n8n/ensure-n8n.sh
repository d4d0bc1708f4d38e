#!/usr/bin/env bash
# Installs a pinned real n8n into a cache outside the repo, once; later runs reuse it.
#   N8N_VERSION     the n8n to install (default 2.41.1, what the package is developed against)
#   N8N_NODE_MAJOR  the Node major it runs on (default: 22 for n8n 1.x, the official 1.x image's; 24 otherwise)
#   stdout: the install folder (run `$dir/node_modules/.bin/n8n`); progress goes to stderr.
# One folder per n8n version and Node major (n8n-<version>-node<major>): the 2.41.1 / Node 24 install of the full
# suite and the 1.123.x / Node 22 install of the compatibility subset live side by side.
# Why the extra steps: n8n only installs with --ignore-scripts (some dependencies download or compile
# binaries we do not need), but its database driver sqlite3 is native, so it is built afterwards from
# source against the headers of the Node that runs n8n (this machine's npm default nodedir is Node 20's).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
N8N_VERSION="${N8N_VERSION:-2.41.1}"
case "$N8N_VERSION" in
1.*) N8N_NODE_MAJOR="${N8N_NODE_MAJOR:-22}" ;;
*) N8N_NODE_MAJOR="${N8N_NODE_MAJOR:-24}" ;;
esac
# shellcheck source=../../.ci/node.sh
source "$repo/.ci/node.sh"
use_node "$N8N_NODE_MAJOR" >&2 || exit 1

dir="$INVENTORY_PRO_CACHE/n8n-$N8N_VERSION-node$N8N_NODE_MAJOR"
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
exec 9>"$dir.lock"
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
			log "... downloading: ${size} MB on disk (1.x about 1800, 2.40 about 2900), $(elapsed) elapsed"
		fi
	done
}

# A step that fails says which, why and how to retry, and takes the half-built install away (its logs stay), so
# no later run mistakes it for a complete one: only the marker, written last, means complete.
step="preparing $dir"
on_exit() {
	local code=$?
	if [ -n "${hb:-}" ]; then kill "$hb" 2>/dev/null || true; fi
	[ "$code" -eq 0 ] && return 0
	log "FAILED while $step (exit $code)."
	[ -n "${why:-}" ] && log "$why"
	rm -rf "$dir/node_modules"
	log "The half-built install was removed (logs kept in $dir). Retry: N8N_VERSION=$N8N_VERSION" \
		"N8N_NODE_MAJOR=$N8N_NODE_MAJOR bash scripts/n8n/ensure-n8n.sh, or run npm test / npm run demo again: the" \
		"install starts over."
}
trap on_exit EXIT

log "installing n8n@$N8N_VERSION for Node $N8N_NODE_MAJOR into $dir (first run only: 1.8-2.9 GB, 4-6 minutes)"
rm -rf "$dir"
mkdir -p "$dir"
# This folder's npm configuration, stated here; npm_own drops what a parent npm passes down (scripts/lib/npm-own.sh).
cat >"$dir/.npmrc" <<EOF
ignore-scripts=true
strict-allow-scripts=false
audit=false
fund=false
loglevel=error
EOF
# n8n-nodes-base 1.x takes its `xlsx` from SheetJS's own server, not from the npm registry (the one registry these
# machines and many CI runners reach). The same SheetJS release is on the registry as @e965/xlsx, the package
# n8n 2.x itself switched to: `xlsx` is pointed there whenever n8n-nodes-base names it by URL.
step="reading n8n $N8N_VERSION's dependencies from the registry (npm view)"
why="Check the version (npm view n8n versions) and the connection to the npm registry."
nodes_base="$(npm_own view "n8n@$N8N_VERSION" dependencies.n8n-nodes-base)"
xlsx="$(npm_own view "n8n-nodes-base@$nodes_base" dependencies.xlsx)"
overrides="{}"
if [[ "$xlsx" =~ ^https?://.*/xlsx-([0-9][0-9.]*)\.tgz$ ]]; then
	overrides="{ \"xlsx\": \"npm:@e965/xlsx@${BASH_REMATCH[1]}\" }"
	log "n8n-nodes-base $nodes_base names xlsx by URL ($xlsx): installing @e965/xlsx@${BASH_REMATCH[1]} from the registry instead"
fi
cat >"$dir/package.json" <<EOF
{
	"name": "inventory-pro-n8n-cache",
	"private": true,
	"description": "Pinned n8n for n8n-nodes-inventory-pro's end-to-end suite and demo",
	"dependencies": { "n8n": "$N8N_VERSION" },
	"overrides": $overrides,
	"allowScripts": { "sqlite3": true }
}
EOF

# The whole tree pinned where the repo has its lock (scripts/n8n/locks, written by a first install: refresh it by
# deleting it and copying the new install's package-lock.json there): npm ci reads no dependency tree, and every
# run gets the same transitive versions. A lock npm refuses (out of step with package.json) falls back to install.
lock="$repo/scripts/n8n/locks/n8n-$N8N_VERSION.package-lock.json"
install=(install)
if [ -f "$lock" ]; then
	cp "$lock" "$dir/package-lock.json"
	install=(ci)
fi
step="downloading n8n $N8N_VERSION (npm ${install[*]}, log: $dir/npm-install.log)"
why="npm could not install n8n; the log's last lines are above (a network or registry problem is the usual cause)."
heartbeat "downloading" &
hb=$!
(cd "$dir" && npm_own "${install[@]}" >"$dir/npm-install.log" 2>&1) || {
	[ "${install[*]}" = ci ] || {
		tail -n 20 "$dir/npm-install.log" >&2
		exit 1
	}
	log "npm ci refused $lock (log: $dir/npm-install.log); resolving afresh with npm install"
	rm -rf "$dir/node_modules" "$dir/package-lock.json"
	install=(install)
	(cd "$dir" && npm_own install >"$dir/npm-install.log" 2>&1) || {
		tail -n 20 "$dir/npm-install.log" >&2
		exit 1
	}
}
kill $hb 2>/dev/null || true
# Headers of the Node that will run n8n, stated: otherwise node-gyp takes the user config's nodedir (on these
# machines /usr, Node 20's headers).
node_prefix="$(cd "$(dirname "$(command -v node)")/.." && pwd)"
nodedir=()
[ -f "$node_prefix/include/node/node_api.h" ] && nodedir=(--nodedir="$node_prefix")
log "npm ${install[*]} done ($(elapsed)); building sqlite3 against Node $(node -v) headers in ${nodedir[*]:-<node-gyp default>}"

# Build from source: prebuild-install would try to download a binary from GitHub.
step="building sqlite3 from source (log: $dir/sqlite3-build.log)"
why="The build needs python3, make and a C++ compiler (g++) on PATH; the log's last lines are above."
heartbeat "compiling sqlite3 (about 1-2 minutes)" &
hb=$!
(cd "$dir" && npm_own rebuild sqlite3 --ignore-scripts=false --build-from-source --foreground-scripts "${nodedir[@]}" \
	>"$dir/sqlite3-build.log" 2>&1) || {
	tail -n 30 "$dir/sqlite3-build.log" >&2
	exit 1
}
kill $hb 2>/dev/null || true

# The binding must load under the Node that will run n8n.
step="loading the sqlite3 binding under Node $(node -v)"
why="The build finished but the binding does not load; see $dir/sqlite3-build.log."
(cd "$dir" && node -e "require('sqlite3'); new (require('sqlite3').Database)(':memory:').close()") >&2

step="checking n8n --version"
version=$("$dir/node_modules/.bin/n8n" --version 2>/dev/null | tail -n 1) || true
why="n8n printed '$version', not $N8N_VERSION."
[ "$version" = "$N8N_VERSION" ]

command -v node >"$dir/.node-path"
# Object files of the sqlite3 build are not needed at run time.
rm -rf "$dir/node_modules/sqlite3/build/Release/obj" "$dir/node_modules/sqlite3/build/Release/obj.target"
date -u +%FT%TZ >"$marker"
log "n8n $N8N_VERSION (Node $(node -v)) installed in $(elapsed) ($(du -sm "$dir" | cut -f1) MB)"
echo "$dir"
