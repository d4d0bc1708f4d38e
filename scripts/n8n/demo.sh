#!/usr/bin/env bash
# `npm run demo`: a real n8n 2.41.1 with this package installed, a local Inventory Pro sandbox,
# a credential pointing at it and the example workflows imported. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source .ci/node24.sh

echo "[demo] 1/4 n8n 2.41.1 (the first run installs it into ${INVENTORY_PRO_CACHE}: several minutes)"
n8n_dir="$(bash scripts/n8n/ensure-n8n.sh)"

echo "[demo] 2/4 building the package (dist/) and the sandbox (.build/)"
npm run --silent build
npm run --silent build:dev

echo "[demo] 3/4 starting the sandbox and n8n"
exec node .build/scripts/n8n/demo.js "$n8n_dir"
