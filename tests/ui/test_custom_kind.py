"""A custom game is a kind of its own: the table's header, the rules page, the replays list, the export's file
name and the statistics call it Custom (with what it changes) and never count it with a preset's games."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from game.kinds import signature, variant_of
from game.ui.app import App
from game.ui.scenes.replays import ReplaysScene
from game.ui.scenes.result import ResultScene
from game.ui.scripted import Autopilot, headless_app, play_until, setup_for

from .spying import texts_drawn

HOUSE_RULES = {"five_skip": True, "nine_reverse": True, "seven_pass": True, "ten_discard": True, "sandstorm": True,
               "ambulance": True}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = headless_app((1280, 720), home=tmp_path, language="en", raise_errors=True)
    yield application
    application.close()


def drawn(app: App) -> list[str]:
    """The texts of one full frame."""
    return [text for text, _ in texts_drawn(app)]


def play_one(app: App, overrides: dict[str, object], seed: int) -> None:
    setup = replace(setup_for("standard", 4, "beginner", seed=seed, games=1), overrides=overrides)
    app.start_match(setup, confirmed=True)
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=seed))
    app.writer.flush()


@pytest.mark.slow
def test_a_custom_game_is_its_own_kind_everywhere(app: App) -> None:
    setup = replace(setup_for("standard", 4, "beginner", seed=4, games=1), overrides=HOUSE_RULES)
    app.start_match(setup)
    session = app.session
    assert session is not None
    rules = session.rules
    assert any(text.startswith("Custom  ·  Game 1") for text in drawn(app))
    assert not any(text.startswith("Common rules  ·") for text in drawn(app))
    app.show_rules(rules)
    page = drawn(app)
    assert any(text.startswith("Custom") for text in page)
    changed = next(text for text in page if text.startswith("Common rules with "))
    assert all(name in " ".join(page) for name in ("5-skip", "9-reverse", "7-pass", "10-discard"))
    assert changed
    app.stack.pop()
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=4))
    app.writer.flush()
    play_one(app, {}, seed=5)  # a game of the common rules as they are
    play_one(app, {"five_skip": True}, seed=6)  # a custom game of other switches
    stats = app.ctx.stats
    assert stats is not None
    groups = {(row.preset, row.variant): row.games for row in stats.summary(group_by=("preset",))}
    assert groups == {("standard", ""): 1, ("standard", variant_of(rules)): 1,
                      ("standard", '{"five_skip":true}'): 1}, "custom games are never counted with the preset's"
    app.show_stats()
    shown = " | ".join(drawn(app))
    assert "Custom  ·  Beginner" in shown and "Common rules  ·  Beginner" in shown
    assert "Common rules with 5-skip" in shown
    app.stack.pop()
    app.show_replays()
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene)
    listed = drawn(app)
    assert listed.count("Custom") == 2 and listed.count("Common rules") == 1
    custom = next(item for item in replays.items if item.variant == variant_of(rules))
    replays.select(custom.id)
    replays.export_selected()
    exported = sorted(p.name for p in app.paths.records_dir.glob("*.json"))
    assert len(exported) == 1 and exported[0].endswith(f"-custom-{signature(variant_of(rules))}.json")
