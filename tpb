#!/usr/bin/env bash
# The tpb command. Runs the runtime's classes (runtime/target/classes and the class path the build
# wrote to runtime/target/tpb.classpath), so `./mvnw compile` refreshes what it runs. Compiles
# them with the project's Maven wrapper first when they are missing or older than a source, spec
# or POM. `tpb check-spec` reads the spec it is given and never needs a rebuild for a YAML edit.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cp_file="$here/runtime/target/tpb.classpath"
inputs=("$here/pom.xml" "$here"/*/pom.xml "$here/codec-api/src/main" "$here/processor/src/main" \
  "$here/isa-codecs/src/main" "$here/runtime/src/main")
if [ "${1:-}" != "check-spec" ]; then
  inputs+=("$here/isa-spec/src/main")
fi
stale() {
  [ ! -f "$cp_file" ] && return 0
  [ -n "$(find "${inputs[@]}" -newer "$cp_file" -type f -print -quit 2>/dev/null)" ]
}
if stale; then
  echo "tpb: compiling (first run, or sources changed) ..." >&2
  if ! (cd "$here" && ./mvnw -q -B -pl runtime -am compile >&2); then
    echo "tpb: the build failed; see the messages above" >&2
    exit 1
  fi
fi
exec java -cp "$(cat "$cp_file")" tpb.cli.Tpb "$@"
