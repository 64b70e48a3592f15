#!/usr/bin/env python3
"""Set up everything in a local virtual environment (.venv), then play or test.

    python3 dev.py play            install what the game needs and start it
    python3 dev.py test            install what the tests need and run lint, type checks and the whole suite
    python3 dev.py test --quick    the same without the slow tests (long random runs, the app build)
    python3 dev.py native          compile the search's hot modules (mypyc, a C compiler): over twice as fast

Extra arguments go to the game (``play``) or to pytest (``test``).  Only the
Python standard library is needed to run this script (Python 3.10 or newer).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def run(*args: str | Path) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True)


def ensure_installed(extra: str) -> Path:
    """Create .venv if needed and install the project with ``extra``, once per pyproject change."""
    if not venv_python().exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    python = venv_python()
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = VENV / f".installed-{extra or 'game'}"
    if not stamp.exists() or stamp.read_text() != digest:
        target = f".[{extra}]" if extra else "."
        run(python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", target)
        stamp.write_text(digest)
    return python


def play(args: list[str]) -> int:
    python = ensure_installed("")
    return subprocess.run([str(python), str(ROOT / "main.py"), *args], cwd=ROOT).returncode


QUICK = "--quick"
"""``dev.py test --quick``: every check but the tests marked slow."""


def test(args: list[str]) -> int:
    python = ensure_installed("test")
    # The suite runs the plain Python modules, built or not (tests/engine/test_native.py compares the compiled ones).
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONHASHSEED": "0",
           "DAIFUGO_NATIVE": "off"}
    quick = QUICK in args
    args = [a for a in args if a != QUICK]
    pytest = [python, "-m", "pytest", *(["-m", "not slow"] if quick else [])]
    steps = [
        [python, "-m", "ruff", "check", "."],
        [python, "-m", "mypy", "--strict", "game", "ai", "tests"],
        [*pytest, "-n", "auto", *args] if not args else [*pytest, *args],
    ]
    for step in steps:
        print("+", " ".join(str(a) for a in step), flush=True)
        code = subprocess.run([str(a) for a in step], cwd=ROOT, env=env).returncode
        if code:
            return code
    if not quick and not args:
        print(f"(while working: 'python3 dev.py test {QUICK}' skips the slow tests; "
              "CI and this command run them all)", flush=True)
    return 0


def native(args: list[str]) -> int:
    python = ensure_installed("native")
    return subprocess.run([str(python), str(ROOT / "build" / "native.py"), *args], cwd=ROOT).returncode


def main() -> int:
    command, args = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if command == "play":
        return play(args)
    if command == "test":
        return test(args)
    if command == "native":
        return native(args)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
