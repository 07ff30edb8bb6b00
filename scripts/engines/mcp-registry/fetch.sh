#!/usr/bin/env bash
# The MCP Registry's published server.json schema, for the test that validates our /server.json
# (test/http/publicPages/agentDiscovery.test.ts): the registry's own Go module, fetched with
#   go mod download github.com/modelcontextprotocol/registry@$REGISTRY_VERSION
# from the Go module proxy, embeds every published schema version (internal/validators/schemas/,
# what its validator checks); the one our server.json names is copied to
# .engines/mcp-registry/server.schema.json. Needs Go: the machine's, or the one
# scripts/engines/stripe-mock/fetch.sh bootstraps into .engines/go. Safe to re-run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="$root/.engines/mcp-registry"
marker="$target/.complete"
REGISTRY_VERSION="v1.8.9"
SCHEMA_VERSION="2025-12-11"
proxy="${GOPROXY_URL:-https://proxy.golang.org}"

fingerprint() { sha256sum "$here/fetch.sh" | cut -d' ' -f1; }
if [ -f "$marker" ] && [ "$(cat "$marker")" = "$(fingerprint)" ] && [ -f "$target/server.schema.json" ]; then
  echo "mcp registry schema: already in $target"
  exit 0
fi

go_bin="$(command -v go || true)"
if [ -z "$go_bin" ] && [ -x "$root/.engines/go/bin/go" ]; then go_bin="$root/.engines/go/bin/go"; fi
if [ -z "$go_bin" ]; then
  bash "$root/scripts/engines/stripe-mock/fetch.sh" # bootstraps a Go toolchain into .engines/go
  go_bin="$root/.engines/go/bin/go"
fi

mkdir -p "$target"
scratch="$(mktemp -d "$target/.fetch-XXXXXX")"
trap 'chmod -R u+w "$scratch" 2>/dev/null || true; rm -rf "$scratch"' EXIT
echo "mcp registry schema: go mod download github.com/modelcontextprotocol/registry@$REGISTRY_VERSION"
dir="$(cd "$scratch" && GOPATH="$scratch/gopath" GOMODCACHE="$scratch/gopath/pkg/mod" GOCACHE="$scratch/cache" GOPROXY="$proxy" \
  GOFLAGS="-modcacherw" GOTOOLCHAIN=local "$go_bin" mod download -json "github.com/modelcontextprotocol/registry@$REGISTRY_VERSION" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["Dir"])')"
cp "$dir/internal/validators/schemas/$SCHEMA_VERSION.json" "$target/server.schema.json"
cp "$dir/LICENSE" "$target/LICENSE" 2>/dev/null || true
echo "$REGISTRY_VERSION $SCHEMA_VERSION" > "$target/version"
fingerprint > "$marker"
echo "mcp registry schema: $SCHEMA_VERSION (registry $REGISTRY_VERSION) in $target"
