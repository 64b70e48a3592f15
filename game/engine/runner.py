"""A match one decision at a time: the loop the table, the arena, the UECda server and the tests share.

The game says which decisions it waits for (``decisions(game)``): the move of
the seat to act, or the cards a seat gives (an upper class in the exchange,
7渡し and 10捨て after a play).  ``answer`` applies one, checked by the rules.
``MatchRunner`` adds the match around the games: it records each finished
game and deals the next one.  Who decides (the person at the table, a
computer in a worker process, a program behind a socket) is the caller's
business, so adding a kind of decision to the rules changes this module and
the deciders, never the loops.

>>> import random
>>> from game.engine.rules import preset_rules
>>> from game.engine.match import Match
>>> runner = MatchRunner(Match(preset_rules("standard"), seed=3, games=2))
>>> def first_legal(decision: Decision) -> Move | int:
...     game = runner.game
...     if decision.gift is not None:
...         return sum(sorted(1 << c for c in range(54) if game.hands[decision.seat] >> c & 1)[:decision.gift.count])
...     return game.move_list()[0]
>>> runner.play(first_legal).ranking == runner.match.ranking()
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .errors import IllegalMove, Reason
from .events import Event, GameOver, MatchOver
from .game import Game
from .match import Match
from .plays import Move, Pass, Play
from .state import GiftKind, PendingGift, Phase


@dataclass(frozen=True, slots=True)
class Decision:
    """What a game waits for: a move of ``seat`` (``gift`` None), or the cards it gives."""

    seat: int
    gift: PendingGift | None = None


Answer = Move | int
"""A move for a move decision; a card set for a gift."""

Decide = Callable[[Decision], Answer]


def decisions(game: Game) -> list[Decision]:
    """Every decision the game may take next: one per upper class still to give during the
    exchange (in any order), the giver's during a handoff, else the move of the seat to act;
    none once the game is over."""
    if game.over:
        return []
    if game.phase.giving:
        if game.phase is Phase.HANDOFF:
            return [Decision(game.pending[0].giver, game.pending[0])]
        return [Decision(gift.giver, gift) for gift in game.pending]
    return [Decision(game.turn)]


def answer(game: Game, decision: Decision, reply: Answer) -> list[Event]:
    """Apply the ``reply`` to ``decision`` with every rule checked (``IllegalMove`` says why not)."""
    if decision.gift is not None:
        if not isinstance(reply, int):  # a move while cards are to be given
            due = Reason.EXCHANGE_PENDING if decision.gift.kind is GiftKind.EXCHANGE else Reason.HANDOFF_PENDING
            raise IllegalMove(due)
        return game.give(decision.seat, reply)
    if not isinstance(reply, (Play, Pass)):  # cards given while a move is due
        raise IllegalMove(Reason.NOT_EXCHANGING, seat=decision.seat)
    if decision.seat != game.turn:
        raise IllegalMove(Reason.NOT_YOUR_TURN, seat=decision.seat, turn=game.turn)
    return game.play(reply)


def play_game(game: Game, decide: Decide, on_events: Callable[[Decision, list[Event]], None] | None = None) -> GameOver:
    """Play ``game`` to its end, ``decide`` answering each decision; its result."""
    while pending := decisions(game):
        decision = pending[0]
        events = answer(game, decision, decide(decision))
        if on_events is not None:
            on_events(decision, events)
    assert game.result is not None
    return game.result


class MatchRunner:
    """A match played one decision at a time (``decisions``, ``answer``), or whole (``play``)."""

    def __init__(self, match: Match) -> None:
        self.match = match

    @property
    def game(self) -> Game:
        return self.match.game

    def decisions(self) -> list[Decision]:
        return decisions(self.match.game)

    def decision(self) -> Decision | None:
        """The first decision waited for (None: the game is over)."""
        pending = decisions(self.match.game)
        return pending[0] if pending else None

    def player_of(self, decision: Decision) -> int:
        """The match player who makes ``decision`` (seats move between games)."""
        return self.match.player_at(decision.seat)

    def answer(self, decision: Decision, reply: Answer) -> list[Event]:
        return answer(self.match.game, decision, reply)

    def end_game(self) -> MatchOver | None:
        """Record the finished game; the match's outcome once it is over."""
        return self.match.record_result()

    def next_game(self) -> list[Event]:
        """Deal the next game; its setup events (the deal, the exchange's automatic part, the leader)."""
        return list(self.match.next_game().setup_events)

    def play(self, decide: Decide, on_events: Callable[[Decision, list[Event]], None] | None = None) -> MatchOver:
        """The whole match, ``decide`` answering every decision of every game."""
        while True:
            play_game(self.match.game, decide, on_events)
            outcome = self.end_game()
            if outcome is not None:
                return outcome
            self.next_game()


__all__ = ["Answer", "Decide", "Decision", "MatchRunner", "answer", "decisions", "play_game"]
