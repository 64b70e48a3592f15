"""The interface every computer player implements.

A player sees a game only through a ``game.engine.Observation`` (its own hand
and the public state), never through the ``Game``: hidden cards cannot leak.
Randomness comes from the ``random.Random`` passed in, so a seeded decision is
reproducible.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from game.engine import Event, Move, Observation
from game.levels import Level


class Player(ABC):
    """A computer player of one strength."""

    level: Level | None = None
    """The level this player plays (None: not one of the four, e.g. an external program)."""

    runs_in_process: bool = True
    """CPU-bound players run in the decision worker's process; players doing I/O
    (an external program's seat) set this False and run in a thread instead."""

    needs_start: bool = False
    """True for a player that must be started before its first decision (a program to launch)."""

    def start(self) -> None:  # noqa: B027 (a hook: computers need nothing)
        """Get ready to play: an external program is launched and connected.  It may take
        seconds, so the table calls it off the frame loop, and only when ``needs_start``."""

    def close(self) -> None:  # noqa: B027 (a hook: computers hold nothing)
        """Release what the player holds (a program, a socket) once it leaves the table."""

    @abstractmethod
    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        """A legal move for ``obs.seat``, which is the seat to act.

        ``deadline`` is a ``time.perf_counter()`` value by which a searching
        player returns its best move so far; others ignore it.
        """

    def choose_move_cancellable(
        self, obs: Observation, rng: random.Random, deadline: float | None, cancelled: Callable[[], bool]
    ) -> Move:
        """``choose_move`` that may also stop early when ``cancelled()`` turns true.

        The decision worker calls this; a searching player overrides it and
        returns its best move so far when cancelled.  By default it is
        ``choose_move``.
        """
        return self.choose_move(obs, rng, deadline)

    search_parts: bool = False
    """True for a searching player whose decision can be shared among processes (root
    parallelism): each runs ``search_part`` with its own random numbers, ``combine`` merges them."""

    def search_part(
        self, obs: Observation, rng: random.Random, deadline: float | None, cancelled: Callable[[], bool]
    ) -> object:
        """One share of the search for a move (a picklable result for ``combine``)."""
        raise NotImplementedError(f"{type(self).__name__} does not share its search")

    def combine(self, parts: Sequence[object]) -> Move:
        """The move from the shares ``search_part`` returned for the same observation."""
        raise NotImplementedError(f"{type(self).__name__} does not share its search")

    def choose_gift(self, obs: Observation, rng: random.Random) -> int:
        """The cards (a card set) ``obs.seat`` gives away: in the exchange, or handing on (7渡し)
        or discarding (10捨て) after a play; by default its weakest."""
        return weakest_cards(obs.hand, gift_count(obs))

    def seated(self, seating: Sequence[int]) -> None:  # noqa: B027 (a hook)
        """Called before each game by a runner that knows who sits where: by seat, a number that is the
        same for the same player all match (seats may change between games).  The default does nothing."""

    def notify(self, obs: Observation, events: Sequence[Event]) -> None:  # noqa: B027 (a hook)
        """Called for every player after every action (and at the start and end of a game).

        ``obs`` is this player's view after the action; ``events`` are what the
        action caused, as this player may see them.  The default does nothing.
        """


def gift_count(obs: Observation) -> int:
    """How many cards ``obs.seat`` must give now (0 when it has nothing to give)."""
    state = obs.state
    if not state.phase.giving:
        return 0
    return next((g.count for g in state.pending if g.giver == obs.seat), 0)


def weakest_cards(hand: int, count: int) -> int:
    """The ``count`` weakest cards of ``hand`` in the natural order, ♠♥♦♣ within a rank, the
    jokers last: the UECda default client's gift (the lowest card ids)."""
    chosen = 0
    rest = hand
    for _ in range(count):
        low = rest & -rest
        chosen |= low
        rest ^= low
    return chosen
