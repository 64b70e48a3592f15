"""The table with 5スキップ, 9リバース, 7渡し, 10捨て, 砂嵐 and 救急車: banners, the handoff choice, a whole game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine import Gift, Phase
from game.engine.rules import PresetId
from game.engine.state import GiftKind
from game.levels import Level
from game.session import SeatSpec, SessionSetup
from game.setups import SeatKind
from game.ui.app import App
from game.ui.scenes.drawing import label_text
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import Autopilot, headless_app, play_until

HOUSE = {"five_skip": True, "nine_reverse": True, "seven_pass": True, "ten_discard": True, "sandstorm": True,
         "ambulance": True}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = headless_app(home=tmp_path, language="en")
    yield application
    application.close()


def setup(seed: int, players: int = 4) -> SessionSetup:
    seats = (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER, Level.NORMAL) for _ in range(players - 1)))
    return SessionSetup(preset=PresetId.STANDARD, players=players, seats=seats, overrides=HOUSE, seed=seed)


def table(app: App) -> TableScene:
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return scene


@pytest.mark.slow
def test_a_whole_game_with_every_house_rule_shows_their_banners(app: App) -> None:
    texts: set[str] = set()
    for seed in (1, 2, 3):
        app.start_match(setup(seed, players=5), confirmed=True)

        def done(a: App) -> bool:
            top = a.stack.top
            if isinstance(top, TableScene):
                texts.update(b.text for b in top.director.banners)
            return isinstance(top, ResultScene)

        play_until(app, done, autopilot=Autopilot("normal", seed=seed))
        session = app.session
        assert session is not None and session.game.result is not None
        assert sorted(session.game.result.places) == list(range(5))
    joined = " | ".join(texts)
    for word in ("5-skip!", "9-reverse!", "7-pass:", "10-discard:"):
        assert word in joined, f"no {word} banner in {joined}"


def handoff_due(app: App) -> bool:
    """The human is to hand on or discard (or the game ended first)."""
    session = app.session
    assert session is not None
    if session.game.over:
        return True
    return table(app).director.idle and session.game.phase is Phase.HANDOFF and session.human_to_act()


def test_the_human_chooses_the_cards_to_hand_on_by_clicking(app: App) -> None:
    """After the human's 7 the table asks for the cards; clicking them and Give hands them on."""
    for seed in range(40):
        app.start_match(setup(seed), confirmed=True)
        scene = table(app)
        session = scene.session
        try:
            play_until(app, handoff_due, autopilot=Autopilot("normal", seed=seed), max_frames=20_000)
        except RuntimeError:
            continue
        if session.game.over:
            continue
        gift = session.game.pending[0]
        expected = "Discard" if gift.kind is GiftKind.TEN_DISCARD else "Give"
        assert label_text(scene.play_button.label) == expected
        assert not scene.play_button.enabled
        for cid in scene.hand.cards[: gift.count]:
            rect = dict(scene.hand.rects(scene.layout_now))[cid]
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rect.left + 8, rect.top + 12), button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(rect.left + 8, rect.top + 12), button=1))
            app.step(1 / 60)
        chosen = scene.hand.selected
        assert chosen.bit_count() == gift.count and scene.play_button.enabled
        rect = scene.play_button.rect
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
        app.step(1 / 60)
        last = session.game.history[-1]
        assert isinstance(last, Gift) and (last.giver, last.cards) == (session.human_seat, chosen)
        assert not session.game.hands[session.human_seat] & chosen
        return
    pytest.fail("the human never had to hand on or discard in 40 games")
