#!/usr/bin/env python3
"""hivelineage from Python against the command line, in one run, on Apache Hive's query tests.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--corpus DIR] [--cli BIN] [--runs N] [-j N]

Measures, best of N runs each, wall time and CPU time (the machine is shared: CPU time is the
steadier figure), the runs interleaved so that load changes hit both alike:

  cli             the command: `hivelineage --format json --quiet -j J CORPUS`, output read from a pipe
  package         hivelineage.analyze([CORPUS], jobs=J): the same C++ in this process
  cli+json        the command, then json.loads of its output (what a Python caller of the CLI pays)
  package+read    analyze(), then reading every statement (its JSON parsed on first use)

and prints package/cli (target: within 1.3x). Then, only when they are importable (they are not
Debian packages; each is skipped with a line saying so), sqlglot's `parse` and sqllineage's
`LineageRunner` on the same statements, one statement at a time (a statement they reject is
counted and skipped), with the time they took per statement against hivelineage's.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def cpu_seconds(who):
    u = resource.getrusage(who)
    return u.ru_utime + u.ru_stime


def measure(fn, child):
    """(wall seconds, CPU seconds of this process, or of the child it waited for when `child`)."""
    who = resource.RUSAGE_CHILDREN if child else resource.RUSAGE_SELF
    c, w = cpu_seconds(who), time.perf_counter()
    fn()
    return time.perf_counter() - w, cpu_seconds(who) - c


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus", "hive-qtests", "queries"))
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "src", "cli", "hivelineage"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--others-statements", type=int, default=2000,
                        help="statements given to sqlglot and sqllineage (they are slow)")
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        print(f"python bench NOT RUN: {args.corpus} not found")
        return 77
    import hivelineage

    # Both render the warnings (the package keeps them in Analysis.diagnostics).
    cli_cmd = [args.cli, "--format", "json", "--quiet", "-j", str(args.jobs), args.corpus]

    def cli():
        return subprocess.run(cli_cmd, capture_output=True).stdout

    def package():
        return hivelineage.analyze([args.corpus], jobs=args.jobs)

    # Warm the page cache and both paths once, then interleave.
    reference = json.loads(cli())
    assert package().to_dict() == reference, "package and CLI differ"
    # Only what the report needs stays alive: a large live heap slows every json.loads after it.
    reference = {"statements": [{k: s[k] for k in ("file", "kind", "span", "errors")}
                                for s in reference["statements"]]}
    wall = {k: [] for k in ("cli", "package", "cli+json", "package+read")}
    cpu = {k: [] for k in wall}
    runs = {
        "cli": (cli, True),
        "package": (package, False),
        "cli+json": (lambda: json.loads(cli()), None),
        "package+read": (lambda: len(package().statements), False),
    }
    for _ in range(args.runs):
        for k, (fn, child) in runs.items():
            if child is None:  # the CLI's CPU time plus this process's json.loads
                c0, s0, w0 = cpu_seconds(resource.RUSAGE_CHILDREN), cpu_seconds(resource.RUSAGE_SELF), time.perf_counter()
                fn()
                wall[k].append(time.perf_counter() - w0)
                cpu[k].append(cpu_seconds(resource.RUSAGE_CHILDREN) - c0 + cpu_seconds(resource.RUSAGE_SELF) - s0)
            else:
                w, c = measure(fn, child)
                wall[k].append(w)
                cpu[k].append(c)
    b = {k: min(v) for k, v in wall.items()}
    bc = {k: min(v) for k, v in cpu.items()}
    statements = len(reference["statements"])
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(args.corpus) for f in fs)
    print(f"corpus: {args.corpus}: {statements} statements, {size / 1e6:.2f} MB, -j {args.jobs}, best of {args.runs}"
          f" (load average {os.getloadavg()[0]:.1f})")
    for k in wall:
        print(f"  {k:<14} wall {b[k]:7.3f} s   CPU {bc[k]:7.3f} s   {statements / bc[k]:9.0f} statements/CPU-s")
    print(f"  package / cli: CPU {bc['package'] / bc['cli']:.2f}x, wall {b['package'] / b['cli']:.2f}x "
          f"(target: within 1.30x); package+read / cli+json: CPU {bc['package+read'] / bc['cli+json']:.2f}x, "
          f"wall {b['package+read'] / b['cli+json']:.2f}x")

    texts = [s for s in statement_texts(reference, args.others_statements)]
    per_statement_ours = bc["package"] / statements
    for name, runner in (("sqlglot", sqlglot_runner), ("sqllineage", sqllineage_runner)):
        try:
            run_one = runner()
        except ImportError as e:
            print(f"  {name}: skipped ({e.name or name} is not importable)")
            continue
        failed = 0
        start = time.perf_counter()
        for sql in texts:
            try:
                run_one(sql)
            except Exception:
                failed += 1
        seconds = time.perf_counter() - start
        per = seconds / max(1, len(texts))
        print(f"  {name}: {len(texts)} statements in {seconds:.3f} s ({failed} rejected), "
              f"{per * 1e3:.3f} ms per statement: {per / per_statement_ours:.0f}x hivelineage's")
    return 0


def statement_texts(reference, limit):
    """The first `limit` statements' SQL text (from the files, by the spans the analysis gives)."""
    out = []
    cache = {}
    for s in reference["statements"]:
        if s["kind"] in ("command",) or s["errors"]:
            continue
        path = s["file"]
        if path not in cache:
            with open(path, "rb") as f:
                cache[path] = f.read()
        text = cache[path][s["span"]["begin"]:s["span"]["end"]].decode("utf-8", "replace")
        out.append(text)
        if len(out) >= limit:
            break
    return out


def sqlglot_runner():
    import sqlglot
    return lambda sql: sqlglot.parse(sql, read="hive")


def sqllineage_runner():
    from sqllineage.runner import LineageRunner
    return lambda sql: LineageRunner(sql, dialect="hive").get_column_lineage()


if __name__ == "__main__":
    sys.exit(main())
