"""The app's self-test fails when the search runs other modules than the app was built with."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import native
from game.ui import selftest


def test_the_modules_in_use_are_the_ones_the_status_names(capsys: pytest.CaptureFixture[str]) -> None:
    found = selftest.modules_in_use()
    assert found == native.status()
    assert capsys.readouterr().err == ""


def test_a_build_said_to_be_in_use_but_not_running_fails(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    running_compiled = native.status().folder is not None
    claimed = native.Status(None, "claimed plain") if running_compiled else native.Status(Path("app"), "claimed")
    monkeypatch.setattr(native, "status", lambda: claimed)
    assert selftest.modules_in_use() is None
    err = capsys.readouterr().err
    assert "self-test: FAILED" in err and "ai.strong" in err and "game.engine.cards" in err
