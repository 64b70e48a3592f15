"""The layering the folder names promise, checked on the imports themselves.

The contracts are in ``pyproject.toml`` (``[tool.importlinter]``): the engine
imports nothing of the program, the players import only the engine, storage
never imports the players, only the screens import pygame.  The engine's
imports are also checked here against the standard library's module names,
so a third-party package nobody thought to forbid cannot slip in.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_logo=True, no_cache=True))"


def test_the_import_contracts_hold() -> None:
    # In a process of its own: import-linter reconfigures logging for the process it runs in.
    run = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def optional_imports(tree: ast.AST) -> set[int]:
    """The imports (by ``id``) made in a ``try:`` whose ``except ImportError:`` carries on without them."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
            isinstance(handler.type, ast.Name) and handler.type.id in ("ImportError", "ModuleNotFoundError")
            for handler in node.handlers
        ):
            found.update(id(statement) for statement in node.body if isinstance(statement, ast.Import | ast.ImportFrom))
    return found


def required_modules(path: Path) -> set[str]:
    """The top-level names of the absolute imports in one source file, but the optional ones (made in a
    ``try:`` that carries on without them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    optional = optional_imports(tree)
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in optional:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_engine_imports_only_the_standard_library() -> None:
    engine = ROOT / "game" / "engine"
    for path in sorted(engine.rglob("*.py")):
        # An optional import may stay (the compiler's mark for a shared base class): the engine runs without it.
        others = required_modules(path) - set(sys.stdlib_module_names) - {"game"}
        assert not others, f"{path.relative_to(ROOT)} imports {sorted(others)}"
        text = path.read_text(encoding="utf-8")
        assert "from game." not in text or all(
            line.startswith("from game.engine") for line in text.splitlines() if line.lstrip().startswith("from game.")
        ), path


def test_nothing_in_the_program_sleeps() -> None:
    """Animations are tweens and timers, waiting uses timeouts: no sleeping in game or ai code."""
    for folder in ("game", "ai"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for bad in ("time.sleep(", "from time import sleep", "pygame.time.wait(", "pygame.time.delay("):
                assert bad not in text, f"{path.relative_to(ROOT)} uses {bad}"
