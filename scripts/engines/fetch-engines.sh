#!/usr/bin/env bash
# Fetches the test engines into .engines/ (gitignored): the MongoDB wire server and Elasticsearch
# from Maven Central, stripe-mock built with Go from the Go module proxy.
#   bash scripts/engines/fetch-engines.sh               # every engine
#   bash scripts/engines/fetch-engines.sh mongo         # only the MongoDB wire server
#   bash scripts/engines/fetch-engines.sh stripe-mock   # only stripe-mock
#   bash scripts/engines/fetch-engines.sh mcp-registry  # only the MCP Registry's server.json schema (Go module)
# Redis is not fetched here: it is Debian's redis-server (apt-get install -y redis-server).
# Safe to re-run: an engine whose jars are already in place is skipped.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
engines_dir="$root/.engines"
wanted="${1:-all}"

fetch_mongo() {
  local target="$engines_dir/mongo/lib"
  local marker="$engines_dir/mongo/.complete"
  local pom="$root/scripts/engines/mongo/pom.xml"
  # The marker records which pom produced the jars, so a version bump in the pom refetches.
  if [ -f "$marker" ] && [ "$(cat "$marker")" = "$(sha256sum "$pom" | cut -d' ' -f1)" ]; then
    echo "mongo wire server: already in $target"
    return
  fi
  if ! command -v mvn >/dev/null 2>&1; then
    echo "mvn (Apache Maven) is required to fetch the MongoDB wire server: apt-get install -y maven" >&2
    exit 1
  fi
  echo "mongo wire server: resolving jars from Maven Central into $target"
  # Copy into a scratch folder first and move it into place, so an interrupted fetch never
  # leaves a half-filled lib/ that looks complete.
  local scratch
  scratch="$(mktemp -d "$engines_dir/.mongo-XXXXXX")"
  mvn -q -B -Dstyle.color=never -f "$pom" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$scratch/lib"
  rm -rf "$engines_dir/mongo"
  mkdir -p "$engines_dir/mongo"
  mv "$scratch/lib" "$target"
  rmdir "$scratch"
  sha256sum "$pom" | cut -d' ' -f1 > "$marker"
  echo "mongo wire server: $(ls "$target" | wc -l) jars"
}

mkdir -p "$engines_dir"
case "$wanted" in
  all)
    fetch_mongo
    # Elasticsearch has its own fetch script (owned by the search harness); run it when present.
    if [ -f "$root/scripts/engines/elasticsearch/fetch.sh" ]; then
      bash "$root/scripts/engines/elasticsearch/fetch.sh"
    fi
    bash "$root/scripts/engines/stripe-mock/fetch.sh"
    bash "$root/scripts/engines/mcp-registry/fetch.sh"
    ;;
  mongo) fetch_mongo ;;
  stripe-mock) bash "$root/scripts/engines/stripe-mock/fetch.sh" ;;
  mcp-registry) bash "$root/scripts/engines/mcp-registry/fetch.sh" ;;
  *) echo "unknown engine '$wanted' (expected: all, mongo, stripe-mock, mcp-registry)" >&2; exit 2 ;;
esac
