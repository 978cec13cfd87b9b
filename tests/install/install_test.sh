#!/usr/bin/env bash
# Installs the library into a temporary root and builds a C++ and a C program
# against it through pkg-config alone, then runs them on a real statement.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
meson install -C "$build" --destdir "$root" --quiet >/dev/null
pc=$(find "$root" -name hivelineage.pc | head -1)
[ -n "$pc" ] || { echo "hivelineage.pc not installed"; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$root
libdir=$(dirname "$(find "$root" -name 'libhivelineage.so' | head -1)")
c++ -std=c++20 "$src/tests/install/demo.cc" -o "$root/demo_cpp" $(pkg-config --cflags --libs hivelineage)
cc "$src/tests/install/demo.c" -o "$root/demo_c" $(pkg-config --cflags --libs hivelineage)
# The static library links too (with its private dependencies).
c++ -std=c++20 "$src/tests/install/demo.cc" -o "$root/demo_static" \
  $(pkg-config --cflags hivelineage) "$libdir/libhivelineage.a" $(pkg-config --libs --static hivelineage | sed 's/-lhivelineage//')
echo "== C++ (shared)"; LD_LIBRARY_PATH=$libdir "$root/demo_cpp"
echo "== C (shared)"; LD_LIBRARY_PATH=$libdir "$root/demo_c"
echo "== C++ (static)"; "$root/demo_static"
if command -v python3 >/dev/null; then
  echo "== Python (ctypes, shared)"; python3 "$src/tests/install/demo.py" "$libdir/libhivelineage.so"
  echo "install test: 4 passed, 0 failed"
else
  echo "install test: 3 passed, 0 failed (python3 not installed: ctypes example skipped)"
fi
