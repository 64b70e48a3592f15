"""Build the Daifugo desktop app with PyInstaller for the machine it runs on.

    python build/build_app.py [--onefile] [--dist DIR] [--native auto|on|off]

Output: ``dist/Daifugo/`` (a folder app; ``Daifugo.exe`` on Windows,
``Daifugo.app`` on macOS) or, with ``--onefile``, one executable.  On Linux a
``daifugo.desktop`` file, the icon and ``install-desktop-entry.sh`` are put in
the app's folder: the desktop file starts the ``Daifugo`` next to it wherever
the folder is moved (it holds no path), and the script adds the game to the
user's application menu from where the folder is now.

The app ships the compiled copies of the search's modules (``build/native.py``:
about twice the Expert's playouts in its think time) in place of their Python
sources: built first when the checkout has no current build, and when they
cannot be built here (no mypyc or no C compiler) the app ships the plain
Python modules and says so (``--native on`` makes that an error, ``--native
off`` ships the plain modules).  PyInstaller's work files go to
``.build/`` (ignored by git), never into ``build/``.  Each platform's app must
be built on that platform.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build" / "daifugo.spec"
sys.path.insert(0, str(ROOT))

from game.engine import native  # noqa: E402


def version() -> str:
    for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("version"):
            return line.split("=", 1)[1].strip().strip('"')
    return "0.0.0"


def windows_version_file(folder: Path) -> Path:
    """The version resource of the Windows .exe (file properties → details)."""
    numbers = [int(p) for p in version().split(".")[:3]] + [0]
    text = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={tuple(numbers)}, prodvers={tuple(numbers)}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'Daifugo developers'),
      StringStruct('FileDescription', 'Daifugo (大富豪) card game'),
      StringStruct('FileVersion', '{version()}'),
      StringStruct('InternalName', 'Daifugo'),
      StringStruct('OriginalFilename', 'Daifugo.exe'),
      StringStruct('ProductName', 'Daifugo'),
      StringStruct('ProductVersion', '{version()}')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
    path = folder / "version_info.txt"
    path.write_text(text, encoding="utf-8")
    return path


RELOCATABLE_EXEC = r'sh -c "d=\\${1:-./-}; d=\\${d#file://}; exec \\"\\${d%%/*}/Daifugo\\"" daifugo %k'
"""The Exec line of the folder's desktop file: it starts the ``Daifugo`` beside the desktop file (``%k``: its path,
or a file:// URI; a launcher that gives none starts ``./Daifugo`` from its working folder), so moving the folder
breaks nothing.  Written with the file's escapes: in the quoted argument ``\\"`` and ``\\$`` with the backslash
doubled, ``%%`` for a percent sign."""
INSTALLER = ROOT / "build" / "install-desktop-entry.sh"
"""Writes the user's menu entry with the folder's absolute paths (run again after moving the folder)."""


def linux_launcher(app_dir: Path) -> None:
    """A desktop file that finds the app wherever the folder goes, the icon, and the menu entry's installer."""
    icon = ROOT / "assets" / "icon" / "daifugo.png"
    shutil.copy2(icon, app_dir / "daifugo.png")
    entry = (ROOT / "assets" / "icon" / "daifugo.desktop").read_text(encoding="utf-8")
    lines = [f"Exec={RELOCATABLE_EXEC}" if line.startswith("Exec=") else line for line in entry.splitlines()]
    desktop = app_dir / "daifugo.desktop"
    desktop.write_text("\n".join(lines) + "\n", encoding="utf-8")
    desktop.chmod(0o755)
    script = app_dir / INSTALLER.name
    shutil.copy2(INSTALLER, script)
    script.chmod(0o755)


def compiled_modules(mode: str) -> Path | None:
    """The build of the compiled modules the app ships (None: the plain Python modules), building it first when
    the checkout's own is missing or stale.  ``mode``: ``auto`` (plain when they cannot be built), ``on`` (an
    error then: raises RuntimeError) or ``off``."""
    if mode == "off":
        print("search modules: plain Python (--native off)")
        return None
    found = native.status(env="")
    if found.folder is None:
        print(f"compiling the search modules first ({found.reason})")
        built = subprocess.run([sys.executable, str(ROOT / "build" / "native.py")], cwd=ROOT)
        if built.returncode != 0:
            if mode == "on":
                raise RuntimeError("the compiled modules could not be built (why is printed above)")
            print("search modules: plain Python, the compiled ones could not be built (why is printed above)")
            return None
        found = native.status(env="")
        if found.folder is None:  # built, yet not from these sources: one was edited during the build
            raise RuntimeError(f"the compiled modules do not match the sources: {found.reason}")
    print(f"search modules: compiled ({found.folder})")
    return found.folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--onefile", action="store_true", help="one executable instead of a folder app")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app goes (default dist/)")
    parser.add_argument("--native", choices=("auto", "on", "off"), default="auto",
                        help="ship the compiled search modules: auto (when they can be built), on (or fail), off")
    args = parser.parse_args()
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        print("PyInstaller is not installed: pip install -e '.[build]'", file=sys.stderr)
        return 2
    try:
        os.environ["DAIFUGO_NATIVE_BUILD"] = str(compiled_modules(args.native) or "")
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    work = ROOT / ".build"
    work.mkdir(exist_ok=True)
    os.environ["DAIFUGO_ONEFILE"] = "1" if args.onefile else "0"
    if sys.platform == "win32":
        os.environ["DAIFUGO_VERSION_FILE"] = str(windows_version_file(work))
    with tempfile.TemporaryDirectory(dir=work) as scratch:
        pyinstaller.run([
            str(SPEC), "--noconfirm", "--log-level", "WARN",
            "--distpath", str(args.dist), "--workpath", str(Path(scratch) / "work"),
        ])
    target = args.dist / ("Daifugo.app" if sys.platform == "darwin" and not args.onefile else "Daifugo")
    if sys.platform.startswith("linux") and not args.onefile:
        linux_launcher(target)
    print(f"built {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
