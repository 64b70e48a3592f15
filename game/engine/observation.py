"""What one player may know, and whole games sampled consistently with it.

``observe(game, seat)`` gives a player's view: its own hand, the public state
(table, history, counts, classes, the cards it knows another player holds from
the exchange) and nothing else.  ``Observation.sample(rng)`` deals the cards the
player has not seen into the places it cannot see, respecting the counts and
the known cards, and returns a complete ``Game`` a search AI can play out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import deck_mask, iter_ids
from .deal import Deal
from .events import Exchanged
from .game import Game, LegalMoves
from .plays import Play

HIDDEN = -1
"""Placeholder for a card the observer cannot see (in a stock or the pile)."""


@dataclass(frozen=True, slots=True, eq=False)
class Observation:
    """One seat's view of a game."""

    seat: int
    hand: int
    """The observer's own cards."""
    known: tuple[int, ...]
    """By seat: cards the observer knows that seat holds (gifts it made in the exchange)."""
    drawn: int
    """The card the observer just drew and may still play, -1 if none."""
    removed_count: int
    """Cards that left the game unseen (a removed player's hand)."""
    state: Game
    """The public state: other hands are empty, stocks and pile hold ``HIDDEN``."""

    @property
    def counts(self) -> list[int]:
        return self.state.counts

    @property
    def top(self) -> Play | None:
        return self.state.top

    @property
    def unseen(self) -> int:
        """Cards the observer has not seen: not in its hand and not played."""
        return deck_mask(self.state.rules.jokers) & ~self.hand & ~self.state.played

    def legal_moves(self) -> LegalMoves:
        """The observer's legal moves (when it is its turn)."""
        return self.state.legal_moves()

    def key(self) -> tuple[object, ...]:
        """Everything in the observation: equal keys mean equal observations."""
        return (self.seat, self.hand, self.known, self.drawn, self.removed_count, self.state.snapshot())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Observation) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def sample(self, rng: random.Random) -> Game:
        """A complete game consistent with this observation (hidden cards dealt at random)."""
        game = self.state.clone()
        n = game.n
        known_all = 0
        for mask in self.known:
            known_all |= mask
        pool = list(iter_ids(self.unseen & ~known_all))
        rng.shuffle(pool)
        take = 0

        def draw(count: int) -> list[int]:
            nonlocal take
            cards = pool[take: take + count]
            take += count
            return cards

        for seat in range(n):
            if seat == self.seat:
                continue
            hand = self.known[seat]
            for cid in draw(game.counts[seat] - hand.bit_count()):
                hand |= 1 << cid
            game.hands[seat] = hand
            if game.drawn_seat == seat and hand:
                game.drawn = rng.choice(list(iter_ids(hand)))
        if game.stocks is not None:
            game.stocks = [draw(len(stock)) for stock in game.stocks]
        if game.pile is not None:
            game.pile = draw(len(game.pile))
        for cid in draw(self.removed_count):
            game.removed |= 1 << cid
        return game


def observe(game: Game, seat: int) -> Observation:
    """What ``seat`` may know of ``game``."""
    view = game.clone()
    n = game.n
    for other in range(n):
        if other != seat:
            view.hands[other] = 0
    if view.stocks is not None:
        view.stocks = [[HIDDEN] * len(stock) for stock in view.stocks]
    if view.pile is not None:
        view.pile = [HIDDEN] * len(view.pile)
    view.removed = 0
    view.gifts = [g for g in game.gifts if seat in (g[0], g[1])]
    view.deal = Deal(hands=tuple(h if i == seat else 0 for i, h in enumerate(game.deal.hands)))
    view.setup_events = [
        e for e in game.setup_events if not isinstance(e, Exchanged) or seat in (e.giver, e.receiver)
    ]
    view.chosen_gifts = [g for g in game.chosen_gifts if g[0] == seat]
    if game.drawn_seat != seat:
        view.drawn = -1
    hand = game.hands[seat]
    known = [0] * n
    for giver, receiver, cards in game.gifts:  # in the order they happened
        if giver == seat:
            known[receiver] |= cards
        elif receiver == seat:
            for other in range(n):
                known[other] &= ~cards  # it came back to the observer
    for other in range(n):
        # A gift is in the receiver's hand unless it was played, came back, or the receiver left.
        known[other] &= ~game.played & ~hand if game.counts[other] else 0
    known[seat] = 0
    return Observation(
        seat=seat,
        hand=hand,
        known=tuple(known),
        drawn=game.drawn if game.drawn_seat == seat else -1,
        removed_count=game.removed.bit_count(),
        state=view,
    )
