"""Compiled copies of the modules the search spends its time in, used when they match the sources.

``python3 dev.py native`` compiles ``MODULES`` with mypyc (the same Python,
type annotations turned into C: about twice the playouts per second, the same
moves) into ``.build/native/<tag>/`` beside a manifest of the sources they
were built from.  ``game.engine`` and ``ai`` call ``extend_path`` first thing,
so their compiled modules come before the Python ones, but only when the
manifest names this Python and every source still has the hash it was built
from: an edited source, another Python or a missing build all mean the plain
Python modules, never a stale copy.

``DAIFUGO_NATIVE`` chooses another build folder, or ``off`` for the plain
Python modules whatever is built (the tests compare the two).

The desktop app (``build/build_app.py``) ships the compiled modules in place
of the Python ones when they are built from its sources: in the app they are
the only copy, found where the Python modules would be.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.machinery
import json
import os
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

MODULES: Final = (
    "game.engine.cards", "game.engine.plays", "game.engine.movegen", "game.engine.effects", "game.engine.legality",
    "game.engine.state", "game.engine.game",
    "ai.hand", "ai.hand_plan", "ai.strong", "ai.normal", "ai.playout", "ai.inference", "ai.sampling",
    "ai.opponents", "ai.refined", "ai.forcing",
)
"""The compiled modules: the search's own evaluation, its players, the game they play out and the rules
they call most."""
GROUP: Final = "daifugo_native"
"""The name of the shared library holding them all (``GROUP__mypyc``, at the top of the build folder)."""
MANIFEST: Final = "manifest.json"
ENV: Final = "DAIFUGO_NATIVE"
ROOT: Final = Path(__file__).resolve().parents[2]
"""The folder holding the packages ``game`` and ``ai`` (a checkout: the build goes in its ``.build``)."""


def tag() -> str:
    """This Python's build tag: its implementation, version and platform (compiled modules fit only it)."""
    return f"{sys.implementation.cache_tag}-{sysconfig.get_platform()}"


def default_folder(root: Path = ROOT) -> Path:
    """Where ``dev.py native`` builds for this Python in the checkout at ``root``."""
    return root / ".build" / "native" / tag()


def source_hashes(root: Path = ROOT) -> dict[str, str]:
    """Each compiled module's source hash (SHA-256), by module name."""
    hashes: dict[str, str] = {}
    for module in MODULES:
        path = root.joinpath(*module.split(".")).with_suffix(".py")
        hashes[module] = hashlib.sha256(path.read_bytes()).hexdigest()
    return hashes


@dataclass(frozen=True, slots=True)
class Status:
    """Whether the compiled modules are used, and why (or why not)."""

    folder: Path | None
    """The build in use (None: the plain Python modules)."""
    reason: str

    def __str__(self) -> str:
        return f"compiled modules from {self.folder}" if self.folder else f"plain Python modules ({self.reason})"


def status(env: str | None = None, root: Path = ROOT) -> Status:
    """Which modules to use: the build named by ``env`` (``DAIFUGO_NATIVE``, by default from the environment;
    ``off`` for none) or the checkout's own, when its manifest fits this Python and the sources."""
    if getattr(sys, "frozen", False):  # the desktop app: built in or not, nothing else to choose
        return bundled(Path(getattr(sys, "_MEIPASS", ROOT)))
    chosen = os.environ.get(ENV) if env is None else env
    if chosen == "off":
        return Status(None, f"{ENV}=off")
    folder = Path(chosen) if chosen else default_folder(root)
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Status(None, f"not built: python3 dev.py native builds them into {folder}")
    except (OSError, ValueError) as error:
        return Status(None, f"unreadable manifest in {folder}: {error}")
    if not isinstance(manifest, dict) or manifest.get("tag") != tag():
        found = manifest.get("tag") if isinstance(manifest, dict) else None
        return Status(None, f"built for {found!r}, this is {tag()!r}")
    try:
        current = source_hashes(root)
    except OSError as error:  # the sources are not beside the packages (a frozen app)
        return Status(None, f"sources not found: {error}")
    changed = [module for module, digest in current.items() if manifest.get("sources", {}).get(module) != digest]
    if changed:
        return Status(None, f"sources changed since the build: {', '.join(changed)} (python3 dev.py native)")
    return Status(folder, "built from these sources")


def bundled(app: Path) -> Status:
    """Whether the desktop app unpacked at ``app`` was built with the compiled modules (their shared library)."""
    if shared_library(app) is not None:
        return Status(app, "built into the app")
    return Status(None, "the app was built without them")


def shared_library(folder: Path) -> Path | None:
    """The shared library all the compiled modules load (``GROUP__mypyc``) in ``folder``, if there."""
    return extension(folder, f"{GROUP}__mypyc")


def extension(folder: Path, name: str) -> Path | None:
    """The extension module ``name`` in ``folder`` (by any of this Python's suffixes), if there."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = folder / f"{name}{suffix}"
        if path.is_file():
            return path
    return None


def built_files(folder: Path) -> list[tuple[Path, str]]:
    """Every file of the build in ``folder`` an app needs, each with the folder it goes to (relative to the
    app's root: the shared library at the top, each module's own extension beside where its source would be).
    Raises FileNotFoundError naming the first one missing."""
    library = shared_library(folder)
    if library is None:
        raise FileNotFoundError(f"no {GROUP}__mypyc library in {folder}")
    files = [(library, ".")]
    for module in MODULES:
        package, _, name = module.rpartition(".")
        place = folder.joinpath(*package.split("."))
        found = extension(place, name)
        if found is None:
            raise FileNotFoundError(f"no compiled {module} in {place}")
        files.append((found, package.replace(".", "/")))
    return files


Reduced = tuple[type[Any], tuple[Any, ...]]
"""What ``rebuilt`` gives ``pickle``: the class and the arguments that rebuild the object."""


def rebuilt(obj: Any) -> Reduced:
    """``__reduce__`` for a frozen dataclass of a compiled module: pickle it as its class and its fields.
    A compiled class's own unpickling assigns the fields one by one, which a frozen class refuses, so a
    player or a card could not go to a decision process; every frozen dataclass in ``MODULES`` defines
    ``def __reduce__(self): return rebuilt(self)`` (a test holds them to it)."""
    return type(obj), tuple(getattr(obj, field.name) for field in dataclasses.fields(obj))


def extend_path(package: str, path: list[str]) -> None:
    """Put the compiled modules of ``package`` (whose ``__path__`` is ``path``) before its Python ones when
    ``status`` says to; the build folder goes on ``sys.path`` for the shared library they load."""
    found = status().folder
    if found is None:
        return
    compiled = str(found.joinpath(*package.split(".")))
    if compiled not in path:
        path.insert(0, compiled)
    if str(found) not in sys.path:
        sys.path.append(str(found))


def in_use(module: object) -> bool:
    """Whether ``module`` is a compiled one (an extension module rather than Python source)."""
    return not str(getattr(module, "__file__", "")).endswith(".py")
