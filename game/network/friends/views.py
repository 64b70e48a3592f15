"""What one seat of a hosted match may know, built with the engine; and the client's copy of it.

The server never writes a seat's message by hand: ``view_of`` takes the
engine's ``observe(game, seat)`` (the seat's hand, what it knows from the
exchange, the public state and history, nothing else) and ``seat_events``
the engine's ``visible_to`` of each event (cards handed between others or
drawn by others hidden).  The seat's legal moves are the observation's
(``Observation.move_list``): the client asks its copy, the server the game,
and the engine answers both alike.

A client keeps its copy with a ``Mirror``: a ``Snapshot`` replaces it, an
``Update`` adds the new history entries (all of them when the game is new).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.engine import Match, Observation, observe
from game.engine.events import Event, visible_to

from .messages import Snapshot, Update, View, observation_of


def view_of(match: Match, player: int, *, history_from: int = 0, deadline: float = 0.0) -> View:
    """``player``'s view of ``match`` now; its history from entry ``history_from`` on."""
    game = match.game
    seat = match.seat_of(player)
    obs = observe(game, seat)
    return View(
        game=len(match.games) - 1,
        seating=tuple(match.seating), totals=tuple(match.totals), seat=seat, hand=obs.hand, state=obs.state,
        history=obs.history[history_from:], known=obs.known, drawn=obs.drawn, dealt=obs.dealt,
        deadline=max(0.0, deadline), over=match.outcome,
    )


def seat_events(events: Sequence[Event], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` may see them."""
    return tuple(visible_to(event, seat) for event in events)


class Mirror:
    """A client's copy of its view, kept from the server's snapshots and updates."""

    def __init__(self) -> None:
        self.view: View | None = None
        self.step = -1

    def apply(self, message: Snapshot | Update) -> View:
        """The whole view after ``message``."""
        view = message.view
        old = self.view
        if isinstance(message, Update) and old is not None and old.game == view.game:
            view = replace(view, history=old.history[:message.since] + view.history)
        self.view = view
        self.step = message.step
        return view

    def observation(self) -> Observation | None:
        return None if self.view is None else observation_of(self.view)


__all__ = ["Mirror", "seat_events", "view_of"]
