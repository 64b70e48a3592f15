"""Which search modules the app build ships: the compiled ones when they are (or can be) built from these
sources, else the plain Python ones, said aloud (``build_app.compiled_modules``)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import native

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))
build_app = importlib.import_module("build_app")


class Checkout:
    """The checkout's build as ``native.status`` sees it, and the builds asked for (``build/native.py``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, current: bool, build_works: bool, build_fixes: bool) -> None:
        self.current = current
        self.builds = 0
        self.folder = ROOT / ".build" / "native" / "here"

        def status(env: str | None = None, root: Path = native.ROOT) -> native.Status:
            assert env == "", "the checkout's own build, whatever DAIFUGO_NATIVE says"
            return native.Status(self.folder, "built") if self.current else native.Status(None, "not built")

        def run(args: list[str], **_: object) -> subprocess.CompletedProcess[str]:
            assert args[1].endswith("native.py")
            self.builds += 1
            self.current = build_works and build_fixes
            return subprocess.CompletedProcess(args, 0 if build_works else 1)

        monkeypatch.setattr(build_app.native, "status", status)
        monkeypatch.setattr(build_app.subprocess, "run", run)


def test_a_current_build_is_shipped_as_it_is(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    checkout = Checkout(monkeypatch, current=True, build_works=True, build_fixes=True)
    assert build_app.compiled_modules("auto") == checkout.folder
    assert checkout.builds == 0
    assert "search modules: compiled" in capsys.readouterr().out


@pytest.mark.parametrize("mode", ["auto", "on"])
def test_a_missing_or_stale_build_is_built_first(monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    checkout = Checkout(monkeypatch, current=False, build_works=True, build_fixes=True)
    assert build_app.compiled_modules(mode) == checkout.folder
    assert checkout.builds == 1


def test_when_they_cannot_be_built_the_app_ships_the_plain_modules(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    Checkout(monkeypatch, current=False, build_works=False, build_fixes=False)
    assert build_app.compiled_modules("auto") is None
    assert "search modules: plain Python, the compiled ones could not be built" in capsys.readouterr().out
    with pytest.raises(RuntimeError, match="could not be built"):
        build_app.compiled_modules("on")


def test_a_build_that_does_not_match_the_sources_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    Checkout(monkeypatch, current=False, build_works=True, build_fixes=False)
    with pytest.raises(RuntimeError, match="do not match the sources"):
        build_app.compiled_modules("auto")


def test_off_ships_the_plain_modules_without_building(monkeypatch: pytest.MonkeyPatch) -> None:
    checkout = Checkout(monkeypatch, current=True, build_works=True, build_fixes=True)
    assert build_app.compiled_modules("off") is None
    assert checkout.builds == 0
