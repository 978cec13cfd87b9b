#!/usr/bin/env bash
# The install as the README documents it: `bash tools/setup.sh install`, staged
# under a temporary DESTDIR (nothing outside it is touched), then checked:
#   - every file in place: the tool, its man page, headers, libhivelineage.so.0
#     (SONAME, read with readelf -d) and its links, the static library,
#     hivelineage.pc, the network module, the docs;
#   - the installed tool runs and serves (it finds its network module), and
#     `man hivelineage` finds and renders the page;
#   - docs/library.md's build commands, run exactly as written (pkg-config
#     pointed at the staged prefix), build its examples, which then run;
#   - `bash tools/setup.sh uninstall` leaves nothing behind.
# With CI=true, as root on a machine where nothing is installed yet, the same
# is done for real into /usr/local, where the examples and `man hivelineage`
# must work with no environment at all (ldconfig), and then uninstalled.
#
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
pass() {
  echo "ok: $*"
  passed=$((passed + 1))
}
fail() {
  echo "FAILED: $*"
  exit 1
}

option() {
  meson introspect "$build" --buildoptions |
    python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))' "$1"
}
prefix=$(option prefix)
libdir=$(option libdir)
[[ "$libdir" == /* ]] || libdir="$prefix/$libdir"
version=$("$build/src/cli/hivelineage" --version)

# The ```sh block of docs/library.md that builds the examples, one command a line.
doc_commands() {
  awk '/^```sh$/ { block = 1; next } /^```/ { block = 0 } block && /^(c\+\+|cc) / { print }' "$src/docs/library.md"
}

# Runs docs/library.md's build commands (each builds an example and runs it)
# and its Python example in a folder holding demo.cc, demo.c and demo.py, with
# the environment as the caller set it.
check_examples() {
  local dir=$work/examples_$1
  mkdir "$dir"
  cp "$src/tests/install/demo.cc" "$src/tests/install/demo.c" "$src/tests/install/demo.py" "$dir/"
  mapfile -t commands < <(doc_commands)
  ((${#commands[@]} == 3)) || fail "docs/library.md: expected 3 build commands, found ${#commands[@]}"
  for cmd in "${commands[@]}"; do
    (cd "$dir" && eval "$cmd") >"$dir/out.txt" 2>&1 || { cat "$dir/out.txt"; fail "docs/library.md: $cmd"; }
    grep -q "ods.users\|ods.src_table" "$dir/out.txt" || { cat "$dir/out.txt"; fail "no lineage printed by: $cmd"; }
    pass "docs/library.md, built and run: $cmd"
  done
  (cd "$dir" && python3 demo.py) >"$dir/py.txt" 2>&1 || { cat "$dir/py.txt"; fail "demo.py"; }
  pass "docs/library.md: python3 demo.py (ctypes.CDLL(\"libhivelineage.so.0\"))"
}

# Every installed file, staged under $1 (empty: the real root).
check_files() {
  local root=$1
  for f in "$prefix/bin/hivelineage" "$prefix/share/man/man1/hivelineage.1" \
    "$prefix/include/hivelineage/hivelineage.h" "$prefix/include/hivelineage/hivelineage.hpp" \
    "$libdir/libhivelineage.so.0" "$libdir/libhivelineage.so" "$libdir/libhivelineage.a" \
    "$libdir/pkgconfig/hivelineage.pc" "$libdir/hivelineage/hivelineage-net.so" \
    "$prefix/share/doc/hivelineage/output-format.md" \
    "$prefix/share/doc/hivelineage/library.md"; do
    [[ -e "$root$f" ]] || fail "$f not installed"
  done
  pass "every file installed under $root$prefix"
  local soname
  soname=$(readelf -d "$root$libdir/libhivelineage.so.0" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
  [[ "$soname" == "libhivelineage.so.0" ]] || fail "SONAME is '$soname', not libhivelineage.so.0"
  [[ "$(readlink "$root$libdir/libhivelineage.so")" == "libhivelineage.so.0" ]] || fail "libhivelineage.so link"
  pass "SONAME libhivelineage.so.0 (readelf -d), libhivelineage.so -> libhivelineage.so.0"
  [[ "$("$root$prefix/bin/hivelineage" --version)" == "$version" ]] || fail "the installed tool does not run"
  pass "the installed tool runs: $version"
  check_serve "$root$prefix/bin/hivelineage"
}

# The installed tool serves: it finds its network module
# (LIBDIR/hivelineage/hivelineage-net.so) from its own folder, staged or not.
check_serve() {
  local log=$work/serve.err pid
  "$1" serve --port 0 "$src/corpus/scripts/07_cte_chain_order_stats.sql" >/dev/null 2>"$log" &
  pid=$!
  for _ in $(seq 100); do
    grep -q "on http://" "$log" && break
    sleep 0.1
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  grep -q "on http://" "$log" || { cat "$log"; fail "the installed tool cannot serve"; }
  pass "the installed tool serves (its network module found): $(grep -o 'on http://[^ ]*' "$log")"
}

# `man hivelineage` renders the page, with groff finding nothing wrong in it.
check_man() {
  local page
  page=$("$@" 2>"$work/man.err") || { cat "$work/man.err"; fail "man: $*"; }
  [[ -s "$work/man.err" ]] && { cat "$work/man.err"; fail "man warned"; }
  for want in "SYNOPSIS" "--hivevar NAME=VALUE" "EXIT STATUS" "HIVELINEAGE GRAPH" "--downstream NAME"; do
    grep -qF -- "$want" <<<"$page" || fail "man page lacks '$want'"
  done
  pass "man page renders: $*"
}

# Nothing left under $1 but what was there before ($2: the listing then).
check_uninstalled() {
  local root=$1 before=$2
  find "$root$prefix" | sort >"$work/after.txt"
  diff "$before" "$work/after.txt" >"$work/left.txt" || { cat "$work/left.txt"; fail "uninstall left files behind"; }
  pass "uninstall leaves nothing behind in $root$prefix"
}

setup() { BUILD_DIR="$build" bash "$src/tools/setup.sh" "$@" >"$work/setup.log" 2>&1 || { cat "$work/setup.log"; fail "setup.sh $*"; }; }

echo "== staged install (DESTDIR)"
stage=$work/stage
mkdir -p "$stage$prefix"
find "$stage$prefix" | sort >"$work/before.txt"
DESTDIR=$stage setup install "$prefix"
check_files "$stage"
groff -man -Tutf8 -ww -z "$stage$prefix/share/man/man1/hivelineage.1" 2>"$work/groff.err" && [[ ! -s "$work/groff.err" ]] ||
  { cat "$work/groff.err"; fail "groff warns about the man page"; }
pass "groff -ww: no warnings"
check_man man -l "$stage$prefix/share/man/man1/hivelineage.1"
check_man env MANPATH="$stage$prefix/share/man" man hivelineage
# As docs/library.md says for a prefix off the default paths, plus the staging root.
export PKG_CONFIG_PATH=$stage$libdir/pkgconfig PKG_CONFIG_SYSROOT_DIR=$stage LD_LIBRARY_PATH=$stage$libdir
check_examples staged
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR LD_LIBRARY_PATH
DESTDIR=$stage setup uninstall "$prefix"
check_uninstalled "$stage" "$work/before.txt"

if [[ "${CI:-}" == "true" && "$(id -u)" == 0 ]]; then
  echo "== installed for real into $prefix (CI=true, root)"
  if [[ -e "$prefix/bin/hivelineage" || -e "$libdir/libhivelineage.so.0" ]]; then
    echo "not run: hivelineage is already installed in $prefix"
  else
    find "$prefix" | sort >"$work/before_real.txt"
    setup install "$prefix"
    check_files ""
    check_man env -u MANPATH man hivelineage
    check_examples real
    setup uninstall "$prefix"
    check_uninstalled "" "$work/before_real.txt"
  fi
fi
echo "install test: $passed passed, 0 failed"
