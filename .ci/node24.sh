# Sourced by .ci/run and scripts: puts Node 24 (or newer) on PATH, what the development tooling needs (the dev
# dependencies are n8n 2.41's packages). Fetched from the npm registry when the machine's node is older (.ci/node.sh).
# shellcheck source=node.sh
source "$(dirname "${BASH_SOURCE[0]}")/node.sh"
use_node 24 or-newer || { return 1 2>/dev/null || exit 1; }
