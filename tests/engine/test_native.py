"""The compiled modules: used only when built from the sources as they are, and playing the same moves."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from game.engine import native

ROOT = Path(__file__).resolve().parents[2]


def fake_checkout(tmp_path: Path) -> Path:
    """A folder with a source file for every compiled module (their hashes are what matters)."""
    root = tmp_path / "checkout"
    for module in native.MODULES:
        path = root.joinpath(*module.split(".")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {module}\n", encoding="utf-8")
    return root


def fake_build(root: Path, folder: Path, **changes: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    manifest = {"tag": native.tag(), "mypyc": "1.0", "sources": native.source_hashes(root), **changes}
    (folder / native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_a_build_from_these_sources_is_used(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path)
    folder = fake_build(root, tmp_path / "build")
    assert native.status(str(folder), root).folder == folder
    own = fake_build(root, root / ".build" / "native" / native.tag())
    assert native.status("", root).folder == own, "by default the checkout's own build"


def test_an_edited_source_means_the_python_modules(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path)
    folder = fake_build(root, tmp_path / "build")
    (root / "ai" / "strong.py").write_text("# edited\n", encoding="utf-8")
    found = native.status(str(folder), root)
    assert found.folder is None and "ai.strong" in found.reason and "dev.py native" in found.reason
    assert str(found).startswith("plain Python modules")


@pytest.mark.parametrize(
    ("manifest", "expected"),
    [
        (None, "not built"),
        ("{not json", "unreadable manifest"),
        ('["a list"]', "built for None"),
        (json.dumps({"tag": "cpython-39-win32", "sources": {}}), "built for 'cpython-39-win32'"),
    ],
)
def test_no_usable_build_means_the_python_modules(tmp_path: Path, manifest: str | None, expected: str) -> None:
    root = fake_checkout(tmp_path)
    folder = tmp_path / "build"
    folder.mkdir()
    if manifest is not None:
        (folder / native.MANIFEST).write_text(manifest, encoding="utf-8")
    found = native.status(str(folder), root)
    assert found.folder is None and expected in found.reason


def test_off_means_the_python_modules_whatever_is_built(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path)
    fake_build(root, root / ".build" / "native" / native.tag())
    assert native.status("off", root) == native.Status(None, "DAIFUGO_NATIVE=off")


def test_the_compiled_folder_goes_first_on_the_package_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = fake_build(ROOT, tmp_path / "build")
    monkeypatch.setenv(native.ENV, str(folder))
    monkeypatch.setattr(sys, "path", ["elsewhere"])
    path = [str(ROOT / "ai")]
    native.extend_path("ai", path)
    native.extend_path("ai", path)
    assert path == [str(folder / "ai"), str(ROOT / "ai")]
    assert sys.path == ["elsewhere", str(folder)], "once, for the shared library"
    monkeypatch.setenv(native.ENV, "off")
    plain = [str(ROOT / "ai")]
    native.extend_path("ai", plain)
    assert plain == [str(ROOT / "ai")]


def can_compile() -> str | None:
    """Why the compiled modules cannot be built here (None: they can)."""
    if importlib.util.find_spec("mypyc") is None or importlib.util.find_spec("setuptools") is None:
        return "mypyc or setuptools is not installed"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "the Python headers are not installed"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    return None


SAME_MOVES = """
import json, random, sys
import ai.strong
from ai.expert import Expert, ExpertOptions, Tally
from ai.normal import normal_policy
from ai.playout import settle_handoff
from ai.strong import strong_policy
from game.engine import Game, Phase, native, observe, preset_rules

out = {"compiled": native.in_use(ai.strong)}
expert = Expert(ExpertOptions(iterations=60))
for preset in ("uecda", "standard", "akita", "tournament"):
    rules = preset_rules(preset)
    for seed in range(3):
        game = Game.new(rules, random.Random(seed))
        moves = []
        while not game.over:
            if game.phase is Phase.HANDOFF:
                settle_handoff(game)
                continue
            seat = game.turn
            policy = strong_policy if seat % 2 else normal_policy
            move = policy(game)
            moves.append(repr(move))
            if len(moves) % 9 == 4:
                found = expert.tally(observe(game, seat), random.Random(len(moves)))
                moves.append(repr(found if not isinstance(found, Tally) else (found.pulls, found.totals)))
            game.apply(move)
        out[f"{preset}/{seed}"] = moves
json.dump(out, sys.stdout)
"""


@pytest.mark.slow
def test_the_compiled_modules_play_the_same_moves(tmp_path: Path) -> None:
    reason = can_compile()
    if reason is not None:
        pytest.skip(f"cannot compile here: {reason}")
    folder = tmp_path / "native"
    build = subprocess.run([sys.executable, str(ROOT / "build" / "native.py"), "--into", str(folder)],
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert native.status(str(folder)).folder == folder

    def run(choice: str, *args: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, native.ENV: choice, "PYTHONHASHSEED": "0"}
        return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=900)

    compiled = json.loads(run(str(folder), "-c", SAME_MOVES).stdout)
    plain = json.loads(run("off", "-c", SAME_MOVES).stdout)
    assert compiled.pop("compiled") and not plain.pop("compiled")
    assert compiled == plain
    # The players', the rules' and the game's own tests, on the compiled modules.
    # And what goes to a decision process: the players and the compiled frozen dataclasses pickle.
    tests = ["tests/ai/test_strong.py", "tests/ai/test_normal.py", "tests/ai/test_expert.py",
             "tests/ai/test_inference.py", "tests/engine/test_movegen.py", "tests/engine/test_scenarios.py",
             "tests/engine/test_basics.py", "tests/engine/test_house_rules.py", "tests/engine/test_record.py",
             "tests/engine/test_random_games.py",
             "tests/test_pickling.py", "tests/test_worker.py"]
    suite = run(str(folder), "-m", "pytest", "-q", *tests)
    assert suite.returncode == 0, suite.stdout[-5000:] + suite.stderr[-3000:]


def fake_compiled(folder: Path) -> Path:
    """A build folder's files (empty stand-ins) as ``build/native.py`` lays them out."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{native.GROUP}__mypyc{suffix}").write_bytes(b"")
    for module in native.MODULES:
        path = folder.joinpath(*module.split("."))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_name(path.name + suffix).write_bytes(b"")
    return folder


def test_an_app_gets_every_compiled_module_where_its_source_would_be(tmp_path: Path) -> None:
    folder = fake_compiled(tmp_path / "build")
    files = native.built_files(folder)
    places = {path.name.split(".")[0]: dest for path, dest in files}
    assert places[f"{native.GROUP}__mypyc"] == "."
    assert places["strong"] == "ai" and places["movegen"] == "game/engine"
    assert len(files) == len(native.MODULES) + 1
    (folder / "ai" / f"hand_plan{importlib.machinery.EXTENSION_SUFFIXES[0]}").unlink()
    with pytest.raises(FileNotFoundError, match=r"ai\.hand_plan"):
        native.built_files(folder)


def test_in_the_app_the_compiled_modules_are_there_or_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fake_compiled(tmp_path / "app")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(app), raising=False)
    assert native.status("off") == native.Status(app, "built into the app"), "the app has one copy: no choice"
    (app / f"{native.GROUP}__mypyc{importlib.machinery.EXTENSION_SUFFIXES[0]}").unlink()
    assert native.status() == native.Status(None, "the app was built without them")
