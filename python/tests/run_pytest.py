"""Runs the package's pytest suite on the package built in the build directory (meson test
python): no second build of the C++. Without pytest it says so in one line and is skipped;
with CI=true it fails."""
import argparse
import os
import sys



def main():
    # Dask's worker processes start by importing this module again (multiprocessing spawn): only
    # the parent runs pytest.
    parser = argparse.ArgumentParser()
    parser.add_argument("--package-dir", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source-root", required=True)
    args, rest = parser.parse_known_args()
    ci = os.environ.get("CI") == "true"
    try:
        import pytest
    except ImportError:
        print("python suite NOT RUN: pytest not found (apt-get install python3-pytest)")
        sys.exit(1 if ci else 77)

    os.environ["HIVELINEAGE_CLI"] = os.path.abspath(args.cli)
    os.environ["HIVELINEAGE_SOURCE_ROOT"] = os.path.abspath(args.source_root)
    sys.path.insert(0, os.path.abspath(args.package_dir))
    os.environ["PYTHONPATH"] = os.pathsep.join([os.path.abspath(args.package_dir)] + [
        p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    here = os.path.dirname(os.path.abspath(__file__))
    # Paths in the tests are relative to the source root, as the CLI's goldens name them; Dask's
    # workers start in the same directory.
    os.chdir(args.source_root)
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", here, here] + rest))


if __name__ == "__main__":
    main()
