"""A match saved and resumed shows the play log exactly as it read live, after every kind of event.

The resumed table's log is made from the game's one history (``Game.replayed_events``): each clear
with its reason (passes, 8切り, スペ3返し, 砂嵐, 救急車, 5スキップ), the handoffs (7渡し, 10捨て), the exchange,
locks, revolutions, J-backs, 9リバース, 都落ち, 下克上 and the hopeless hand all read as they did.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.engine import Gift, Play
from game.engine.cards import RANK_5
from game.engine.events import (
    Ambulance,
    ClearReason,
    EightCut,
    FiveSkip,
    Gekokujo,
    HopelessHand,
    JBack,
    Locked,
    MiyakoOchi,
    NineReverse,
    Revolution,
    Sandstorm,
    SevenPass,
    Spade3Return,
    TenDiscard,
    TrickCleared,
)
from game.engine.rules import PresetId
from game.engine.state import GiftKind
from game.levels import Level
from game.session import SeatSpec, Session, SessionSetup
from game.setups import SeatKind
from game.ui.app import App
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import Autopilot, find_position, headless_app, play_until
from game.ui.table.log import line_for

Want = Callable[[Session], bool]


def cleared(reason: ClearReason) -> Want:
    return lambda s: any(t.cleared is reason for t in s.game.turns())


def handed(kind: GiftKind) -> Want:
    return lambda s: any(isinstance(e, Gift) and e.kind is kind for e in s.game.history)


def five_played(s: Session) -> bool:
    return any(isinstance(t.move, Play) and t.move.has_rank(RANK_5) for t in s.game.turns())


SHOWS: dict[str, type | ClearReason] = {
    "passes": ClearReason.PASSES, "8-cut": EightCut, "spade-3 return": Spade3Return, "sandstorm": Sandstorm,
    "ambulance": Ambulance, "5-skip": FiveSkip, "5-skip round": ClearReason.FIVE_SKIP, "9-reverse": NineReverse,
    "7-pass": SevenPass, "10-discard": TenDiscard, "lock": Locked, "revolution": Revolution, "J-back": JBack,
    "miyako-ochi": MiyakoOchi, "gekokujo": Gekokujo, "hopeless hand": HopelessHand,
}
"""The line each scenario is about."""

SCENARIOS: dict[str, tuple[dict[str, Any], Level, Want]] = {
    "passes": ({}, Level.NORMAL, cleared(ClearReason.PASSES)),
    "8-cut": ({}, Level.NORMAL, cleared(ClearReason.EIGHT_CUT)),
    "spade-3 return": ({}, Level.STRONG, cleared(ClearReason.SPADE3_RETURN)),
    "sandstorm": ({"sandstorm": True}, Level.NORMAL, cleared(ClearReason.SANDSTORM)),
    "ambulance": ({"ambulance": True}, Level.NORMAL, cleared(ClearReason.AMBULANCE)),
    "5-skip": ({"five_skip": True}, Level.NORMAL, five_played),
    "5-skip round": ({"five_skip": True}, Level.NORMAL, cleared(ClearReason.FIVE_SKIP)),
    "9-reverse": ({"nine_reverse": True}, Level.NORMAL, lambda s: s.game.backwards),
    "7-pass": ({"seven_pass": True}, Level.NORMAL, handed(GiftKind.SEVEN_PASS)),
    "10-discard": ({"ten_discard": True}, Level.NORMAL, handed(GiftKind.TEN_DISCARD)),
    "lock": ({}, Level.NORMAL, lambda s: s.game.lock != 0),
    "revolution": ({}, Level.NORMAL, lambda s: s.game.revolution),
    "J-back": ({"j_back": True}, Level.NORMAL, lambda s: s.game.j_back),
    "miyako-ochi": ({}, Level.NORMAL, lambda s: s.game.miyako >= 0),
    "gekokujo": ({"gekokujo": True}, Level.NORMAL, lambda s: s.game.gekokujo >= 0),
    "hopeless hand": ({"hand_size": 5, "forbidden_finish": True}, Level.NORMAL, lambda s: s.game.hopeless != 0),
}


def setup(seed: int, overrides: dict[str, Any], level: Level) -> SessionSetup:
    seats = (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER, level) for _ in range(3)))
    return SessionSetup(preset=PresetId.STANDARD, players=4, seats=seats, overrides=overrides, seed=seed, games=6)


def fresh(session: Session) -> bool:
    """Nothing decided yet in the current game (only the deal and the automatic part of the exchange)."""
    return all(isinstance(e, Gift) and not e.chosen for e in session.game.history)


def starts(index: int) -> Want:
    """The first moment of game ``index`` of the match."""
    return lambda s: s.match.index == index and fresh(s)


def table(app: App) -> TableScene:
    scene = app.stack.scenes[0]
    assert isinstance(scene, TableScene)
    return scene


def shown(app: App) -> list[tuple[object, str, str]]:
    """The play log's events and lines, in English."""
    scene = table(app)
    return [(e, *line_for(e, scene.words())) for e in scene.director.log.events]


QUICK = ("8-cut", "7-pass")
"""Scenarios run by the quick tests too (the others are marked slow)."""


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in SCENARIOS])
def test_a_resumed_game_logs_what_was_shown_live(tmp_path: Path, name: str) -> None:
    overrides, level, want = SCENARIOS[name]
    reference = headless_app(home=tmp_path / "find")
    worker = reference.ctx.worker
    found = None
    for seed in range(1, 40):
        at = find_position(setup(seed, overrides, level), want, worker=worker, max_actions=800)
        if at is not None:
            start = find_position(setup(seed, overrides, level), starts(at.match.index), worker=worker)
            assert start is not None
            found = seed, start
            break
    reference.close()
    assert found is not None, f"no seed shows {name}"
    seed, start = found
    # Live: the game played on the table from its first action until the event has been shown.
    live = headless_app(home=tmp_path / "play", language="en", raise_errors=True)
    live.autosave.save(start.autosave_data())
    assert live.resume_match()
    play_until(live, lambda a: a.session is not None and want(a.session) and (
        table(a).director.idle or isinstance(a.stack.top, ResultScene)), autopilot=Autopilot("normal", seed=seed),
               max_frames=20_000)
    lines = shown(live)
    about = SHOWS[name]
    if isinstance(about, ClearReason):
        assert any(isinstance(e, TrickCleared) and e.reason is about for e, *_ in lines), f"no {about} line"
    else:
        assert any(isinstance(e, about) for e, *_ in lines), f"no {about.__name__} line"
    live.show_title()
    live.close()
    # Resumed from the autosave in a new app: the same lines.
    again = headless_app(home=tmp_path / "play", language="en", raise_errors=True)
    assert again.resume_match()
    assert shown(again) == lines
    again.close()
