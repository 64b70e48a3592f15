"""A match one decision at a time: the loop the table, the arena, the UECda server and the tests share.

The game says which decisions it waits for (``decisions(game)``): the move of
the seat to act, or the cards a seat gives (an upper class in the exchange,
7渡し and 10捨て after a play).  ``answer`` applies one, checked by the rules.
``MatchRunner`` adds the match around the games: it records each finished
game and deals the next one (the rules of the match, such as the class
cycle, are ``Match.next_game``'s).  Who decides (the person at the table, a
computer in a worker process, a program behind a socket) is the caller's
business, so adding a kind of decision to the rules changes this module and
the deciders, never the loops.

A loop that plays whole games or matches (``play_game``, ``MatchRunner.play``)
is told what happens through optional callbacks: ``before`` each decision is
asked, ``on_events`` after each answer, ``on_game`` as each game begins and
``on_result`` as each game is booked.  ``apply`` is ``answer`` without checks
or events, for searches and the engine benchmark.

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
from .match import GameResult, Match
from .plays import Move, Pass, Play
from .rules import MAX_PLAYERS
from .state import GiftKind, PendingGift, Phase


@dataclass(frozen=True, slots=True)
class Decision:
    """What a game waits for: a move of ``seat`` (``gift`` None), or the cards it gives."""

    seat: int
    gift: PendingGift | None = None


Answer = Move | int
"""A move for a move decision; a card set for a gift."""

Decide = Callable[[Decision], Answer]
"""Who answers a decision."""
OnEvents = Callable[[Decision, list[Event]], None]
"""Told each decision with the events its answer caused (none on the unchecked path)."""
Before = Callable[[Decision], None]
"""Told each decision just before it is asked."""


_MOVES = tuple(Decision(seat) for seat in range(MAX_PLAYERS))
"""The move decision of each seat (values: shared, so the loops allocate nothing per move)."""
_PLAY, _EXCHANGE, _OVER = Phase.PLAY, Phase.EXCHANGE, Phase.OVER


def decisions(game: Game) -> list[Decision]:
    """Every decision the game may take next: one per upper class still to give during the
    exchange (in any order), the giver's during a handoff, else the move of the seat to act;
    none once the game is over."""
    if game.phase is _EXCHANGE:
        return [Decision(gift.giver, gift) for gift in game.pending]
    decision = next_decision(game)
    return [] if decision is None else [decision]


def next_decision(game: Game) -> Decision | None:
    """The first of ``decisions(game)`` (None: the game is over)."""
    phase = game.phase
    if phase is _PLAY:
        return _MOVES[game.turn]
    if phase is _OVER:
        return None
    gift = game.pending[0]
    return Decision(gift.giver, gift)


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


def apply(game: Game, decision: Decision, reply: Answer) -> list[Event]:
    """Apply a ``reply`` the game offers (a move of ``move_list()``, cards of the giver's hand) without
    checks, as a search does; no events.  The exchange's gifts have no unchecked path: they are given
    checked."""
    if not isinstance(reply, int):
        game.apply(reply)
    elif game.phase is Phase.HANDOFF:
        game.apply_gift(reply)
    else:
        game.give(decision.seat, reply)
    return []


def play_game(
    game: Game, decide: Decide, on_events: OnEvents | None = None, *, before: Before | None = None,
    checked: bool = True,
) -> GameOver:
    """Play ``game`` to its end, ``decide`` answering each decision (``answer``, or ``apply`` when
    not ``checked``); its result."""
    step = answer if checked else apply
    while (decision := next_decision(game)) is not None:
        if before is not None:
            before(decision)
        events = step(game, decision, decide(decision))
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
        return next_decision(self.match.game)

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

    def play(
        self,
        decide: Decide,
        on_events: OnEvents | None = None,
        *,
        before: Before | None = None,
        on_game: Callable[[Game], None] | None = None,
        on_result: Callable[[GameResult, MatchOver | None], None] | None = None,
    ) -> MatchOver:
        """The rest of the match, ``decide`` answering every decision of every game.

        ``on_game(game)`` as each game begins to be played here (the current
        one first), ``on_result(result, outcome)`` as each is booked (the
        match's outcome with the last).
        """
        while True:
            if on_game is not None:
                on_game(self.match.game)
            play_game(self.match.game, decide, on_events, before=before)
            outcome = self.end_game()
            if on_result is not None:
                on_result(self.match.results[-1], outcome)
            if outcome is not None:
                return outcome
            self.next_game()


__all__ = [
    "Answer", "Before", "Decide", "Decision", "MatchRunner", "OnEvents", "answer", "apply", "decisions",
    "next_decision", "play_game",
]
