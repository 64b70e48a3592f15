"""``--screenshot DIR``: PNGs of every screen at 1280×720 in Japanese and English.

Positions are found by playing real games with a seeded autopilot (no state
is faked): a 4-player table mid-trick with the revolution and lock
indicators, a 7-player table, the exchange, a game result, the 5-card
two-player mode and the Akita 2-player pile.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from game.engine import Phase, Play
from game.engine.record import record_json
from game.session import Session, SessionSetup

from .app import App
from .scenes.replay_viewer import ReplayViewerScene
from .scenes.table import TableScene
from .scripted import find_position, headless_app, setup_for

log = logging.getLogger(__name__)

SETTLE = 90
"""Frames run before a screenshot so that animations have ended."""


def _settle(app: App, frames: int = SETTLE) -> None:
    for _ in range(frames):
        app.step(1 / 30)


def _save(app: App, folder: Path, name: str) -> Path:
    path = folder / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def _human_turn(session: Session) -> bool:
    game = session.game
    return game.phase is Phase.PLAY and game.turn == session.human_seat and game.result is None


def _can_play(session: Session) -> bool:
    return any(isinstance(m, Play) for m in session.game.move_list())


def _mid_trick_with_indicators(session: Session) -> bool:
    game = session.game
    return _human_turn(session) and game.revolution and game.lock != 0 and len(game.trick) >= 2 and _can_play(session)


def _mid_trick(session: Session) -> bool:
    return _human_turn(session) and len(session.game.trick) >= 2 and _can_play(session)


def _human_gives(session: Session) -> bool:
    game = session.game
    return game.phase.giving and session.human_to_act()


def _show_table(app: App, setup: SessionSetup, want: Callable[[Session], bool], seeds: range) -> TableScene | None:
    for seed in seeds:
        session = find_position(replace(setup, seed=seed), want, worker=app.ctx.worker)
        if session is not None:
            app.session = session
            scene = TableScene(app.ctx, session)
            app.stack.reset(scene)
            _settle(app)
            return scene
    log.warning("no position found for %s", setup.preset)
    return None


def _select_a_play(scene: TableScene) -> None:
    """Lift a legal play in the hand so the screenshot shows a selection."""
    plays = [m for m in scene.session.moves() if isinstance(m, Play)]
    if plays:
        scene.hand.selected = max(plays, key=lambda p: p.size).cards
        scene.hand.focus = 0


HOUSE_RULES = {"five_skip": True, "nine_reverse": True, "seven_pass": True, "ten_discard": True,
               "sandstorm": True, "ambulance": True}


def write_screenshots(folder: str, size: tuple[int, int] = (1280, 720)) -> int:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for language in ("ja", "en"):
        app = headless_app(size, language=language)
        try:
            app.show_title()
            _settle(app, 40)
            written.append(_save(app, out, f"title-{language}"))
            app.show_new_game()
            _settle(app, 20)
            written.append(_save(app, out, f"new-game-{language}"))
            scene = _show_table(app, setup_for("standard", 4), _mid_trick_with_indicators, range(1, 400))
            if scene is not None:
                _select_a_play(scene)
                app.step(1 / 30)
                written.append(_save(app, out, f"table-4p-{language}"))
                app.ctx.update_settings(show_tracker=True)
                _settle(app, 2)
                written.append(_save(app, out, f"tracker-{language}"))
                app.ctx.update_settings(show_tracker=False)
                app.request_quit()
                _settle(app, 2)
                written.append(_save(app, out, f"confirm-quit-{language}"))
                app.stack.pop()
            if _show_table(app, setup_for("standard", 7), _mid_trick, range(1, 50)) is not None:
                written.append(_save(app, out, f"table-7p-{language}"))
            scene = _show_table(app, setup_for("standard", 4), _human_gives, range(1, 60))
            if scene is not None:
                gift = scene.session.human_gift_count()
                scene.hand.selected = sum(1 << c for c in scene.hand.cards[:gift])
                app.step(1 / 30)
                written.append(_save(app, out, f"exchange-{language}"))
            house = replace(setup_for("standard", 4), overrides=HOUSE_RULES)
            scene = _show_table(app, house, lambda s: s.game.phase is Phase.HANDOFF and _human_gives(s), range(1, 80))
            if scene is not None:
                app.step(1 / 30)
                written.append(_save(app, out, f"handoff-{language}"))
            if _show_table(app, setup_for("standard", 4), lambda s: s.game.result is not None, range(1, 10)):
                _settle(app, 120)
                written.append(_save(app, out, f"result-{language}"))
                session = app.session
                assert session is not None
                app.show_replay(record_json(session.rules, [session.game]), session.human_seat)
                viewer = app.stack.top
                assert isinstance(viewer, ReplayViewerScene)
                for _ in range(12):
                    viewer.step(1)
                _settle(app, 2)
                written.append(_save(app, out, f"replay-{language}"))
            app.show_title()
            app.show_settings()
            _settle(app, 20)
            written.append(_save(app, out, f"settings-{language}"))
            if _show_table(app, setup_for("duel5", 2, first_leader=0), _mid_trick, range(1, 60)):
                written.append(_save(app, out, f"duel5-{language}"))
            if _show_table(app, setup_for("akita", 2), _mid_trick, range(1, 60)):
                written.append(_save(app, out, f"akita-2p-{language}"))
        finally:
            app.close()
    for path in written:
        print(path)
    return 0
