#!/usr/bin/env python3
"""A new node kind must not compile until every switch over its category names it.

Adds an expression kind, ProbeExpr, to copies of ast/node_kind.def and ast/ast.h
(nothing in the source tree changes), then compiles, with the build's own flags,
the files that must handle every expression kind: the printer, the dumper, the
traversal and lineage. Each must fail with a -Wswitch error naming ProbeExpr;
ast.cc, whose switches expand from node_kind.def, must still compile (so the
failures come from the switches, not from a broken probe).

usage: new_kind_probe.py BUILD_DIR SOURCE_DIR
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

MUST_FAIL = ["src/ast/print_expr.cc", "src/ast/dump.cc", "src/ast/children.cc",
             "src/lineage/resolver_expr.cc", "src/lineage/trace.cc"]
MUST_COMPILE = ["src/ast/ast.cc"]


def main():
    build, source = sys.argv[1], os.path.realpath(sys.argv[2])
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = {os.path.realpath(os.path.join(c["directory"], c["file"])): c for c in json.load(f)}
    with tempfile.TemporaryDirectory() as probe:
        os.mkdir(os.path.join(probe, "ast"))
        with open(os.path.join(source, "src/ast/node_kind.def")) as f:
            kinds = f.read()
        anchor = "HIVEQL_EXPR_NODE(StructExpr)\n"
        assert anchor in kinds, "node_kind.def changed: update the probe's anchor"
        with open(os.path.join(probe, "ast/node_kind.def"), "w") as f:
            f.write(kinds.replace(anchor, anchor + "HIVEQL_EXPR_NODE(ProbeExpr)\n"))
        with open(os.path.join(source, "src/ast/ast.h")) as f:
            header = f.read()
        anchor = "#undef HIVEQL_NODE_KIND\n"
        assert anchor in header, "ast.h changed: update the probe's anchor"
        probe_struct = "struct ProbeExpr : Expr {\n  using Base = Expr;\n  HIVEQL_NODE_KIND(ProbeExpr)\n};\n"
        with open(os.path.join(probe, "ast/ast.h"), "w") as f:
            f.write(header.replace(anchor, probe_struct + anchor))

        failures = []
        for rel, want_error in [(r, True) for r in MUST_FAIL] + [(r, False) for r in MUST_COMPILE]:
            entry = commands.get(os.path.join(source, rel))
            if entry is None:
                failures.append(f"{rel}: not in compile_commands.json")
                continue
            args = shlex.split(entry["command"])
            # The probe's headers first; check only, write nothing.
            out = []
            skip = False
            for a in args:
                if skip:
                    skip = False
                    continue
                if a in ("-o", "-MF", "-MQ"):
                    skip = True
                    continue
                if a in ("-MD", "-c") or a == "ccache":
                    continue
                out.append(a)
            cmd = [out[0], "-I" + probe, "-fsyntax-only"] + out[1:]
            r = subprocess.run(cmd, cwd=entry["directory"], capture_output=True, text=True)
            # gcc writes [-Werror=switch], clang [-Werror,-Wswitch]
            named = "ProbeExpr" in r.stderr and ("-Werror=switch" in r.stderr or "-Wswitch" in r.stderr)
            if want_error and (r.returncode == 0 or not named):
                failures.append(f"{rel}: compiled with a new expression kind no switch handles\n{r.stderr[-2000:]}")
            elif not want_error and r.returncode != 0:
                failures.append(f"{rel}: the probe itself does not compile\n{r.stderr[-2000:]}")
            else:
                print(f"ok: {rel} {'refuses' if want_error else 'accepts'} the new kind")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
