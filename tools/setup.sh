#!/usr/bin/env bash
# Set-up, build and run in one place; the README and .ci/run both call this.
#
#   bash tools/setup.sh run    install what is missing, build, analyse corpus/ (prints JSON)
#   bash tools/setup.sh test   install what is missing, build, run the test suite, then
#                              build again with ASan+UBSan and run the unit tests there
#
# Idempotent: packages are installed only when missing, the build directories
# are reused. BUILD_DIR (default: build) picks the build directory,
# ASAN_BUILD_DIR (default: build-asan) the sanitizer one; SANITIZE=false skips
# the sanitizer pass. With CI=true the builds treat warnings as errors.
set -euo pipefail

mode="${1:-}"
if [[ "$mode" != "run" && "$mode" != "test" ]]; then
  echo "usage: bash tools/setup.sh run|test" >&2
  exit 2
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build="${BUILD_DIR:-build}"

packages=(meson ninja-build g++ pkg-config libabsl-dev nlohmann-json3-dev doctest-dev libsqlite3-dev libcurl4-openssl-dev)
# The test command also renders dot output and validates OpenLineage events.
if [[ "$mode" == "test" ]]; then packages+=(graphviz python3-jsonschema); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${packages[@]}" >&2
fi

werror=false
if [[ "${CI:-}" == "true" ]]; then werror=true; fi
# Build chatter goes to stderr so that `run` prints nothing but the JSON on stdout.
if [[ -f "$build/build.ninja" ]]; then
  meson configure "$build" -Dwerror="$werror" >/dev/null
else
  meson setup "$build" --buildtype=release -Dwerror="$werror" >&2
fi
ninja -C "$build" >&2

if [[ "$mode" == "run" ]]; then
  status=0
  "$build/src/cli/hivelineage" --catalog corpus/catalog.json --var etl_date=2024-03-01 corpus/scripts || status=$?
  # 1 means some statement had an error: corpus/scripts/14_syntax_error_in_middle.sql has one on purpose.
  if ((status > 1)); then exit "$status"; fi
  echo "hivelineage exit status: $status" >&2
else
  meson test -C "$build" --print-errorlogs -v
  if [[ "${SANITIZE:-true}" != "false" ]]; then
    # The same unit tests (Hive corpus included) under AddressSanitizer and
    # UndefinedBehaviorSanitizer: any report fails the run. Only the unit test
    # binary and the CLI it drives are built; the install test needs a plain build.
    # GCC's -Wmaybe-uninitialized misfires under -fsanitize (libstdc++'s
    # <regex> at -O2); the release build above still checks it with -Werror.
    asan="${ASAN_BUILD_DIR:-build-asan}"
    if [[ -f "$asan/build.ninja" ]]; then
      meson configure "$asan" -Dwerror="$werror" -Dcpp_args=-Wno-maybe-uninitialized >/dev/null
    else
      meson setup "$asan" --buildtype=debugoptimized -Db_sanitize=address,undefined -Db_lundef=false \
        -Dwerror="$werror" -Dcpp_args=-Wno-maybe-uninitialized >&2
    fi
    ninja -C "$asan" tests/unit_tests src/cli/hivelineage >&2
    export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
    meson test -C "$asan" --no-rebuild --print-errorlogs -v --timeout-multiplier 3 unit
  fi
fi
