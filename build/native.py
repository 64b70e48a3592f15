"""Compile the search's hot modules with mypyc (``game.engine.native.MODULES``).

    python3 dev.py native          (or: python build/native.py [--into FOLDER])

Needs mypy (which brings mypyc), setuptools and a C compiler for this Python
(gcc or clang, and the Python headers; on Windows, the Visual Studio build
tools).  The compiled modules go to ``.build/native/<tag>/`` (work files to
``.build/native/<tag>-work/``) with a manifest of the sources they were built from;
``game.engine.native`` uses them while the sources match.  A failed build
leaves no manifest, so nothing half built is ever used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine import native  # noqa: E402


def build(folder: Path, work: Path) -> None:
    """Compile ``native.MODULES`` into ``folder`` and write its manifest (last, once all went well)."""
    from mypy.version import __version__ as mypy_version
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    folder.mkdir(parents=True, exist_ok=True)
    (folder / native.MANIFEST).unlink(missing_ok=True)
    hashes = native.source_hashes()  # before compiling: a source edited meanwhile makes the build stale
    sources = [str(Path(*module.split(".")).with_suffix(".py")) for module in native.MODULES]
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    os.chdir(ROOT)  # mypy names the modules by their paths from here
    extensions = mypycify(
        ["--no-warn-unused-configs", "--python-version", version, "--cache-dir", str(work / "mypy"), *sources],
        opt_level="3", group_name=native.GROUP, target_dir=str(work / "c"),
    )
    dist = Distribution({"name": "daifugo-native", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(folder)
    command.build_temp = str(work / "obj")
    dist.run_command("build_ext")
    manifest = {"tag": native.tag(), "mypyc": mypy_version, "sources": hashes}
    (folder / native.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compile the search's hot modules with mypyc.")
    parser.add_argument("--into", type=Path, default=None, help="the build folder (default .build/native/<tag>)")
    args = parser.parse_args(argv)
    folder = (args.into or native.default_folder()).resolve()
    work = folder.with_name(f"{folder.name}-work")  # its own: two builds at once never share their files
    start = time.perf_counter()
    try:
        build(folder, work)
    except ImportError as error:
        print(f"error: cannot compile: {error} (python3 dev.py native installs mypy and setuptools)", file=sys.stderr)
        return 1
    except (Exception, SystemExit) as error:  # the compiler's or mypyc's own failure, already printed above
        print(f"error: the compiled modules were not built ({error!r}); the plain Python ones stay in use",
              file=sys.stderr)
        return 1
    print(f"compiled {len(native.MODULES)} modules into {folder} in {time.perf_counter() - start:.0f} s")
    print(native.status(str(folder)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
