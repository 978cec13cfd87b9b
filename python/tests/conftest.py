"""Fixtures of the package's tests: the command line built beside the package (to compare with),
the repository's corpus, and `require`, which skips a test when an optional module is missing
but fails it under CI=true (CI installs everything: a missing module there is a broken set-up)."""

import importlib
import json
import os
import subprocess

import pytest

SOURCE_ROOT = os.environ.get("HIVELINEAGE_SOURCE_ROOT") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.environ.get("HIVELINEAGE_CLI") or os.path.join(SOURCE_ROOT, "build", "src", "cli", "hivelineage")


def require(module):
    try:
        return importlib.import_module(module)
    except ImportError as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{module} is missing under CI=true ({e}); tools/setup.sh test installs it")
        pytest.skip(f"{module} not installed")


def run_cli(*args, check_status=(0, 1)):
    """The command line's JSON output (parsed) and exit status, run in the source root."""
    p = subprocess.run([CLI, *args], cwd=SOURCE_ROOT, capture_output=True)
    assert p.returncode in check_status, p.stderr.decode()
    return p.stdout, p.returncode


@pytest.fixture(autouse=True)
def in_source_root(monkeypatch):
    """Relative paths (corpus/...) as the CLI sees them, so the two outputs name files alike."""
    monkeypatch.chdir(SOURCE_ROOT)


def cli_json(*args, check_status=(0, 1)):
    out, status = run_cli(*args, check_status=check_status)
    return json.loads(out), status
