"""Playing a desktop session out in tests: the human's seat answered by the default client."""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.levels import make_player
from game.engine import Phase, observe
from game.session import Session


def play(session: Session, stop: Callable[[Session], bool] = lambda s: False) -> None:
    """Play on until the match is over or ``stop`` says so."""
    human = make_player("normal")
    rng = random.Random(3)
    while not stop(session):
        game = session.game
        if game.result is not None:
            if session.over:
                return
            session.next_game()
        elif session.human_to_act():
            obs = observe(game, session.human_seat)
            if game.phase is Phase.EXCHANGE:
                session.human_give(human.choose_gift(obs, rng))
            else:
                session.human_play(human.choose_move(obs, rng))
        else:
            session.start_thinking()
            session.wait_for_decision(30.0)
            session.poll()
