#!/usr/bin/env bash
# Builds stripe-mock (Stripe's own mock of its API, which validates every request against Stripe's
# OpenAPI) into .engines/stripe-mock/bin with the Go toolchain, from the Go module proxy:
#   go install github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION
# A machine whose `go` is missing or older than stripe-mock's go.mod asks for gets a Go toolchain
# from the same proxy (the golang.org/toolchain module, what GOTOOLCHAIN=auto downloads) into
# .engines/go; Debian's golang-go is too old for it. Safe to re-run: skipped when the marker
# matches this script. Called by scripts/engines/fetch-engines.sh and by test/harness/stripeMock.ts
# when the binary is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="$root/.engines/stripe-mock"
marker="$target/.complete"
STRIPE_MOCK_VERSION="v0.203.0"
# stripe-mock v0.203.0's go.mod says go 1.22.1.
GO_MINIMUM="1.22"
GO_BOOTSTRAP="1.24.4"
proxy="${GOPROXY_URL:-https://proxy.golang.org}"

fingerprint() { sha256sum "$here/fetch.sh" | cut -d' ' -f1; }

if [ -f "$marker" ] && [ "$(cat "$marker")" = "$(fingerprint)" ] && [ -x "$target/bin/stripe-mock" ]; then
  echo "stripe-mock: already in $target/bin"
  exit 0
fi

version_at_least() { # $1 version (1.22.1), $2 minimum (1.22)
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

go_bin=""
if command -v go >/dev/null 2>&1; then
  have="$(go env GOVERSION 2>/dev/null | sed 's/^go//')"
  if [ -n "$have" ] && version_at_least "$have" "$GO_MINIMUM"; then go_bin="$(command -v go)"; fi
fi
if [ -z "$go_bin" ] && [ -x "$root/.engines/go/bin/go" ]; then go_bin="$root/.engines/go/bin/go"; fi
if [ -z "$go_bin" ]; then
  case "$(uname -m)" in
    x86_64) arch=amd64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "stripe-mock: no Go toolchain for $(uname -m); install Go $GO_MINIMUM+ and re-run" >&2; exit 1 ;;
  esac
  module="v0.0.1-go$GO_BOOTSTRAP.linux-$arch"
  echo "stripe-mock: fetching Go $GO_BOOTSTRAP from $proxy (golang.org/toolchain@$module)"
  mkdir -p "$root/.engines"
  scratch_go="$(mktemp -d "$root/.engines/.go-XXXXXX")"
  curl -fsSL "$proxy/golang.org/toolchain/@v/$module.zip" -o "$scratch_go/go.zip"
  if command -v unzip >/dev/null 2>&1; then
    unzip -q "$scratch_go/go.zip" -d "$scratch_go/unpacked"
  else
    python3 -m zipfile -e "$scratch_go/go.zip" "$scratch_go/unpacked"
  fi
  dist="$scratch_go/unpacked/golang.org/toolchain@$module"
  chmod +x "$dist"/bin/* "$dist"/pkg/tool/*/* 2>/dev/null || true
  rm -rf "$root/.engines/go"
  mv "$dist" "$root/.engines/go"
  rm -rf "$scratch_go"
  go_bin="$root/.engines/go/bin/go"
fi

mkdir -p "$target"
# Build in a scratch folder (its own module and build caches) and move the binary into place, so
# an interrupted build never leaves something that looks complete, and $HOME gets no Go caches.
scratch="$(mktemp -d "$target/.build-XXXXXX")"
trap 'chmod -R u+w "$scratch" 2>/dev/null || true; rm -rf "$scratch"' EXIT
echo "stripe-mock: go install github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION ($("$go_bin" env GOVERSION))"
GOBIN="$scratch/bin" GOPATH="$scratch/gopath" GOMODCACHE="$scratch/gopath/pkg/mod" GOCACHE="$scratch/cache" \
  GOPROXY="$proxy" GOFLAGS="-modcacherw -buildvcs=false" GOTOOLCHAIN=local CGO_ENABLED=0 \
  "$go_bin" install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
mkdir -p "$target/bin"
mv "$scratch/bin/stripe-mock" "$target/bin/stripe-mock"
echo "$STRIPE_MOCK_VERSION" > "$target/version"
fingerprint > "$marker"
echo "stripe-mock: $STRIPE_MOCK_VERSION in $target/bin"
