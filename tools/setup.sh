#!/usr/bin/env bash
# Set-up, build, run, test and install in one place; the README and .ci/run call this.
#
#   bash tools/setup.sh run                 build the command-line tool alone and analyse corpus/
#                                           (prints its JSON; exit status 1: one script has an error on purpose)
#   bash tools/setup.sh test                build and run every test suite (unit, corpus, install); with
#                                           CI=true or SANITIZE=true, then again under ASan+UBSan
#   bash tools/setup.sh install [PREFIX]    install the tool, its man page, the library, headers,
#                                           hivelineage.pc and the docs into PREFIX (default /usr/local)
#   bash tools/setup.sh uninstall [PREFIX]  remove what install put there
#
# Each installs the Debian packages it needs when they are missing (apt-get,
# with sudo when not root). Idempotent: the build directories are reused and
# only what changed is rebuilt. BUILD_DIR (default: build) picks the build
# directory, SAN_BUILD_DIR (default: build-san) the sanitizer one. With
# CI=true the builds treat warnings as errors and everything is built
# (benchmarks and tools too, so they keep compiling), and one clang build
# with ASan + UBSan runs the unit and corpus suites again and the libFuzzer
# targets once over their seeds (fuzz/run.sh 0). DESTDIR stages an
# install (or uninstall) under another root; ldconfig is then not run.
set -euo pipefail

mode="${1:-}"
case "$mode" in
  run | test | install | uninstall) ;;
  *)
    echo "usage: bash tools/setup.sh run|test|install [PREFIX]|uninstall [PREFIX]" >&2
    exit 2
    ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build="${BUILD_DIR:-build}"
prefix="${2:-/usr/local}"
destdir="${DESTDIR:-}"
ci=false
if [[ "${CI:-}" == "true" ]]; then ci=true; fi

# `sudo` when not root, for what needs root.
as_root() {
  if [[ "$(id -u)" == 0 ]]; then "$@"; else sudo "$@"; fi
}

# The prefix's files are written as root unless the user may write there.
writable() {
  local dir="$1"
  while [[ ! -e "$dir" ]]; do dir="$(dirname "$dir")"; done
  [[ -w "$dir" ]]
}
maybe_root() {
  if writable "$destdir$prefix"; then "$@"; else as_root "$@"; fi
}

# install-log.txt of the last `meson install`, kept in the prefix so that
# uninstall needs neither the build directory nor the same checkout.
manifest="$prefix/share/doc/hivelineage/install-manifest.txt"

if [[ "$mode" == "uninstall" ]]; then
  if [[ ! -f "$destdir$manifest" ]]; then
    echo "nothing to uninstall: $destdir$manifest not found (installed with bash tools/setup.sh install $prefix?)" >&2
    exit 1
  fi
  # Files and symlinks first, then the folders the install created, deepest
  # first and only when empty (something else may have put files there).
  mapfile -t paths < <(grep -v '^#' "$destdir$manifest")
  for p in "${paths[@]}"; do
    if [[ -L "$destdir$p" || -f "$destdir$p" ]]; then maybe_root rm -f "$destdir$p"; fi
  done
  maybe_root rm -f "$destdir$manifest"
  mapfile -t dirs < <(printf '%s\n' "${paths[@]}" | awk '{ print gsub("/", "/") "\t" $0 }' | sort -rn | cut -f2-)
  for d in "${dirs[@]}"; do
    if [[ -d "$destdir$d" && ! -L "$destdir$d" ]]; then maybe_root rmdir "$destdir$d" 2>/dev/null || true; fi
  done
  if [[ -z "$destdir" ]] && command -v ldconfig >/dev/null && [[ "$(id -u)" == 0 || -n "$(command -v sudo)" ]]; then
    as_root ldconfig
  fi
  echo "uninstalled hivelineage from $destdir$prefix" >&2
  exit 0
fi

packages=(meson ninja-build g++ pkg-config libabsl-dev nlohmann-json3-dev doctest-dev libsqlite3-dev libcurl4-openssl-dev libcpp-httplib-dev)
# The tests also render dot output, validate OpenLineage events, read the installed man page and
# open the lineage page in headless Chromium (a font for its screenshots).
if [[ "$mode" == "test" ]]; then packages+=(graphviz python3-jsonschema man-db chromium fonts-liberation); fi
# The Python package's suite (meson test python): the module is built with pybind11 against
# Python's headers; pytest runs it, and a Dask LocalCluster runs hivelineage.dask.
if [[ "$mode" == "test" ]]; then packages+=(python3-dev python3-pybind11 python3-pytest python3-dask python3-distributed python3-pandas); fi
if [[ "$mode" == "install" ]]; then packages+=(man-db); fi
# With CI=true (or SANITIZE=true) the sanitizer suites and the fuzz check
# build with clang, whose runtimes (libclang-rt-14-dev) clang only recommends.
sanitize="${SANITIZE:-$ci}"
if [[ "$mode" == "test" && "$sanitize" == "true" ]]; then packages+=(clang libclang-rt-14-dev); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  as_root apt-get update >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y "${missing[@]}" >&2
fi

# Build chatter goes to stderr so that `run` prints nothing but the JSON on stdout.
if [[ ! -f "$build/build.ninja" ]]; then
  meson setup "$build" --buildtype=release -Dwerror="$ci" -Dprefix="$prefix" >&2
elif [[ "$mode" == "install" ]]; then
  # Only when it changes: a reconfigured build directory regenerates on the next ninja.
  current="$(meson introspect "$build" --buildoptions |
    python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')"
  if [[ "$current" != "$prefix" ]]; then meson configure "$build" -Dprefix="$prefix" >/dev/null; fi
else
  meson configure "$build" -Dwerror="$ci" >/dev/null
fi

if [[ "$mode" == "run" ]]; then
  # The command-line tool alone (and the library it links), not the tests, benchmarks or tools.
  ninja -C "$build" src/cli/hivelineage >&2
  status=0
  "$build/src/cli/hivelineage" --catalog corpus/catalog.json --var etl_date=2024-03-01 corpus/scripts || status=$?
  # 1 means some statement had an error: corpus/scripts/14_syntax_error_in_middle.sql has one on purpose.
  if ((status > 1)); then exit "$status"; fi
  echo "hivelineage exit status: $status (1: corpus/scripts/14_syntax_error_in_middle.sql has a syntax error on purpose)" >&2
  exit 0
fi

if [[ "$mode" == "install" ]]; then
  # What is installed, and only that, is built.
  mapfile -t targets < <(meson introspect "$build" --targets | python3 -c '
import json, os, sys
build = os.path.realpath(sys.argv[1])
for t in json.load(sys.stdin):
    if t.get("installed"):
        for f in t["filename"]:
            print(os.path.relpath(f, build))' "$build")
  ninja -C "$build" "${targets[@]}" >&2
  maybe_root env DESTDIR="$destdir" meson install -C "$build" --no-rebuild >&2
  while IFS= read -r line; do
    if [[ "$line" != \#* ]]; then printf '%s\n' "${line#"$destdir"}"; fi
  done <"$build/meson-logs/install-log.txt" | maybe_root tee "$destdir$manifest" >/dev/null
  libdir="$(meson introspect "$build" --buildoptions |
    python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "libdir"))')"
  [[ "$libdir" == /* ]] || libdir="$prefix/$libdir"
  if [[ -n "$destdir" ]]; then
    echo "installed into $destdir$prefix (staged: ldconfig not run)" >&2
    exit 0
  fi
  # The dynamic loader's cache, so that programs find libhivelineage.so.0 at once.
  if [[ "$(id -u)" == 0 || -n "$(command -v sudo)" ]]; then as_root ldconfig; fi
  echo "installed hivelineage into $prefix (uninstall: bash tools/setup.sh uninstall $prefix)" >&2
  if ! ldconfig -p | grep -qF "$libdir/libhivelineage.so.0"; then
    echo "note: $libdir is not searched by the dynamic loader or pkg-config; for programs using the library:" >&2
    echo "  export LD_LIBRARY_PATH=$libdir PKG_CONFIG_PATH=$libdir/pkgconfig" >&2
  fi
  if [[ "$(command -v hivelineage || true)" != "$prefix/bin/hivelineage" ]]; then
    echo "note: $prefix/bin is not first on PATH: export PATH=$prefix/bin:\$PATH" >&2
  fi
  exit 0
fi

# test: meson builds what the suites need (the library, the tool, the test
# programs, the man page); under CI everything else too.
if [[ "$ci" == "true" ]]; then ninja -C "$build" >&2; fi
meson test -C "$build" --print-errorlogs -v
if [[ "$sanitize" == "true" ]]; then
  # One clang build serves both the sanitizer suites and the libFuzzer
  # targets (a way the library is used): ASan + UBSan, the library
  # instrumented for libFuzzer (-Dfuzz=true), -O1 with line tables for
  # readable reports. The unit and corpus suites run again in it (any report
  # fails the run), then every fuzz target once over its seeds, so that a
  # change that breaks a target or crashes on a seed fails here. Only the
  # test programs, the tool they drive and the fuzz targets are built; the
  # install test needs the plain build above.
  san="${SAN_BUILD_DIR:-build-san}"
  if [[ -f "$san/build.ninja" ]]; then
    meson configure "$san" -Dwerror="$ci" >/dev/null
  else
    CXX=clang++ meson setup "$san" -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false \
      -Doptimization=1 -Ddebug=false -Dcpp_args=-gline-tables-only -Dwerror="$ci" >&2
  fi
  # The suites run the CLI of this build (and the network module it loads for
  # serve and --openlineage-url); the corpus suite also tools/spark_plan_report.
  ninja -C "$san" tests/unit_tests tests/corpus_tests src/cli/hivelineage src/cli/hivelineage-net.so \
    tools/spark_plan_report >&2
  export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
  meson test -C "$san" --no-rebuild --print-errorlogs -v --timeout-multiplier 3 unit corpus
  # fuzz/run.sh builds the targets it runs (every one fuzz/meson.build lists).
  FUZZ_BUILD_DIR="$san" bash fuzz/run.sh 0 >&2
fi
