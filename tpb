#!/usr/bin/env bash
# The tpb command. Runs on $JAVA_HOME/bin/java when JAVA_HOME is set, else on the java on PATH (as
# Maven's wrapper, which builds with the same one), and refuses a Java older than 17 in one line.
# Runs the runtime's classes (runtime/target/classes and the class path the build
# wrote to runtime/target/tpb.classpath), so `./mvnw compile` refreshes what it runs. Compiles
# them with the project's Maven wrapper first when they are missing or older than a source, spec
# or POM. `tpb check-spec` reads the spec it is given and never needs a rebuild for a YAML edit.
set -euo pipefail
# the project's root: where this script really is, through any symlinks to it (a `tpb` on PATH)
src="${BASH_SOURCE[0]}"
while [ -L "$src" ]; do
  dir="$(cd -P "$(dirname "$src")" && pwd)"
  src="$(readlink "$src")"
  [[ "$src" != /* ]] && src="$dir/$src"
done
here="$(cd -P "$(dirname "$src")" && pwd)"
cp_file="$here/runtime/target/tpb.classpath"
if [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
  if [ ! -x "$java" ]; then
    echo "tpb: JAVA_HOME is $JAVA_HOME, which has no bin/java: point it at a Java 17 or later, or unset it" >&2
    exit 1
  fi
elif ! java="$(command -v java)"; then
  echo "tpb: no java on PATH and JAVA_HOME is not set: install a Java 17 or later" >&2
  exit 1
fi
# Its feature version from the JDK's release file (read, not run: a JVM start costs more than all the
# rest of this script); from `java -version` when there is none
java_home="$(cd -P "$(dirname "$(readlink -f "$java")")/.." 2>/dev/null && pwd || true)"
java_version="$(sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "$java_home/release" 2>/dev/null || true)"
if [ -z "$java_version" ]; then
  java_version="$("$java" -version 2>&1 | sed -n '1s/.* version "\([^"]*\)".*/\1/p')"
fi
feature="${java_version#1.}"
feature="${feature%%[!0-9]*}"
if [ -z "$feature" ] || [ "$feature" -lt 17 ]; then
  echo "tpb: $java is Java ${java_version:-of an unknown version}; tpb needs Java 17 or later (set JAVA_HOME to one)" >&2
  exit 1
fi
# Maven 3.9's own libraries (jansi, Guava) print JDK 24's native-access and Unsafe warnings when the
# first run compiles; they are Maven's, not tpb's, and say nothing to a tpb user
if [ "$feature" -ge 24 ]; then
  export MAVEN_OPTS="--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow${MAVEN_OPTS:+ $MAVEN_OPTS}"
fi
inputs=("$here/pom.xml" "$here"/*/pom.xml "$here/codec-api/src/main" "$here/processor/src/main" \
  "$here/isa-codecs/src/main" "$here/runtime/src/main")
if [ "${1:-}" != "check-spec" ]; then
  inputs+=("$here/isa-spec/src/main")
fi
stale() {
  [ ! -f "$cp_file" ] && return 0
  [ -n "$(find "${inputs[@]}" -newer "$cp_file" -type f -print -quit 2>/dev/null)" ]
}
# The runtime compiles without Maven's incremental analysis (so a spec edit does not recompile it),
# which leaves the classes of a moved or deleted source behind; after a pull across such a move
# they shadow nothing but still link against the old types. A class whose source file (its
# SourceFile attribute) is gone means: start that module's classes afresh.
orphaned() {
  local cls="$here/runtime/target/classes" src="$here/runtime/src/main/java" f rel dir name
  [ -d "$cls/tpb" ] || return 1
  while IFS= read -r f; do
    rel="${f#"$cls"/}"
    [ -f "$src/${rel%.class}.java" ] && continue
    dir="$(dirname "$rel")"
    name="$(LC_ALL=C grep -a -o -m1 '[A-Za-z0-9_]*\.java' "$f" | head -n1 || true)"
    [ -n "$name" ] && [ -f "$src/$dir/$name" ] && continue
    return 0
  done < <(find "$cls/tpb" -name '*.class' ! -name '*$*')
  return 1
}
if stale; then
  if orphaned; then
    echo "tpb: runtime/target/classes holds classes of sources that are gone; recompiling the runtime afresh" >&2
    rm -rf "$here/runtime/target/classes"
  fi
  echo "tpb: compiling (first run, or sources changed) ..." >&2
  # Maven's own advice after a failure ("Re-run Maven using the -X switch", "mvn <args> -rf :isa-codecs")
  # is noise around a spec's file:line:column diagnostics: only what the build said is shown
  if ! (cd "$here" && ./mvnw -q -B -pl runtime -am compile 2>&1 | sed -E \
      -e '/^\[ERROR\] *$/d' -e '/^\[ERROR\] (To see the full stack trace|Re-run Maven|For more information|After correcting|  mvn <args>|-> \[Help|\[Help 1\]|Failed to execute goal)/d' >&2
      exit "${PIPESTATUS[0]}"); then
    echo "tpb: the build failed; see the messages above" >&2
    exit 1
  fi
fi
# --version names the checkout's commit (git is asked only then, and only if it is there)
props=()
for a in "$@"; do
  if [ "$a" = "--version" ] || [ "$a" = "-V" ]; then
    if commit="$(git -C "$here" rev-parse --short=12 HEAD 2>/dev/null)"; then
      [ -n "$(git -C "$here" status --porcelain --untracked-files=no 2>/dev/null)" ] && commit="$commit-dirty"
      props=("-Dtpb.commit=$commit")
    fi
    break
  fi
done
exec "$java" ${props[@]+"${props[@]}"} -cp "$(cat "$cp_file")" tpb.cli.Tpb "$@"
