#!/usr/bin/env bash
# The tpb command. Builds runtime/target/tpb.jar (spec -> codecs -> CLI) with the project's Maven
# wrapper when the jar is missing or older than any source or spec file, then runs it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/runtime/target/tpb.jar"
stale() {
  [ ! -f "$jar" ] && return 0
  [ -n "$(find "$here/pom.xml" "$here/isa-spec" "$here/processor/src/main" "$here/processor/pom.xml" \
        "$here/runtime/src/main" "$here/runtime/pom.xml" -newer "$jar" -type f -print -quit 2>/dev/null)" ]
}
if stale; then
  echo "tpb: building $jar (first run, or sources changed) ..." >&2
  if ! (cd "$here" && ./mvnw -q -B -DskipTests -pl runtime -am package >&2); then
    echo "tpb: the build failed; see the messages above" >&2
    exit 1
  fi
fi
exec java -jar "$jar" "$@"
