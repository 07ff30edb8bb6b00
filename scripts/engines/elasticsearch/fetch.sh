#!/usr/bin/env bash
# Installs the Elasticsearch 8 test engine into .engines/elasticsearch/home (gitignored):
#   1. Maven resolves Elastic's integ-test-zip distribution from Maven Central (pom.xml);
#   2. it is unpacked and made readable by every user (the harness runs it as `nobody` when
#      the tests run as root, because Elasticsearch refuses to start as root);
#   3. analysis/CommonAnalysisSubsetPlugin.java is compiled against the server's jars and
#      installed as a plugin (Maven Central has no 8.x analysis-common module; see that file).
# Safe to re-run: skipped when the marker matches the inputs. Called by scripts/engines/fetch-engines.sh
# and by test/harness/elasticsearch.ts when the engine is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="$root/.engines/elasticsearch"
home="$target/home"
marker="$target/.complete"
plugin_name="analysis-common-subset"

fingerprint() {
  cat "$here/pom.xml" "$here/fetch.sh" "$here/analysis/CommonAnalysisSubsetPlugin.java" | sha256sum | cut -d' ' -f1
}

if [ -f "$marker" ] && [ "$(cat "$marker")" = "$(fingerprint)" ] && [ -x "$home/bin/elasticsearch" ]; then
  echo "elasticsearch: already in $home"
  exit 0
fi
for tool in mvn javac jar; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "elasticsearch: '$tool' is required (a JDK 17+ and Apache Maven: apt-get install -y openjdk-17-jdk-headless maven)" >&2
    exit 1
  fi
done

mkdir -p "$target"
# Work in a scratch folder and move the result into place, so an interrupted fetch never leaves
# a half-installed engine that looks complete.
scratch="$(mktemp -d "$target/.fetch-XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

version="$(sed -n 's:.*<elasticsearch.version>\(.*\)</elasticsearch.version>.*:\1:p' "$here/pom.xml")"
echo "elasticsearch: resolving the $version distribution from Maven Central"
mvn -q -B -Dstyle.color=never -f "$here/pom.xml" dependency:copy-dependencies \
  -DincludeTypes=zip -DoutputDirectory="$scratch/zip"
zip_file="$(ls "$scratch"/zip/elasticsearch-*.zip)"
mkdir -p "$scratch/unpacked"
if command -v unzip >/dev/null 2>&1; then
  unzip -q "$zip_file" -d "$scratch/unpacked"
else
  (cd "$scratch/unpacked" && jar xf "$zip_file")
fi
dist="$scratch/unpacked/elasticsearch-$version"
chmod +x "$dist"/bin/*

echo "elasticsearch: building the $plugin_name plugin"
mkdir -p "$scratch/classes" "$dist/plugins/$plugin_name"
javac --release 17 -nowarn -cp "$dist/lib/*" -d "$scratch/classes" "$here/analysis/CommonAnalysisSubsetPlugin.java"
jar cf "$dist/plugins/$plugin_name/$plugin_name.jar" -C "$scratch/classes" .
cat > "$dist/plugins/$plugin_name/plugin-descriptor.properties" <<PROPS
description=Test-engine registration of Lucene's stemmer, edge_ngram, synonym and asciifolding filters
version=$version
name=$plugin_name
classname=org.businessdiscovery.esanalysis.CommonAnalysisSubsetPlugin
java.version=17
elasticsearch.version=$version
extended.plugins=
has.native.controller=false
PROPS
chmod -R a+rX "$dist"

rm -rf "$home"
mv "$dist" "$home"
echo "$version" > "$target/version"
fingerprint > "$marker"
echo "elasticsearch: $version installed in $home"
