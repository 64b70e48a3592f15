"""What one player may know, and whole games sampled consistently with it.

``observe(game, seat)`` gives a player's view: its own hand, the public state
(``PublicState``: table, counts, classes...), the public history, the cards it
knows another player holds from the exchange, and nothing else: no field of
an ``Observation`` can hold another player's hidden cards.
``Observation.sample(rng)`` deals the cards the player has not seen into the
places it cannot see, respecting the counts and the known cards, and returns a
complete ``Game`` (``Game.from_position``) a search AI can play out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from . import legality
from .cards import deck_mask, iter_ids
from .errors import IllegalMove
from .game import Game
from .plays import Move, Play
from .rules import RuleSet
from .state import Entry, Gift, PublicState, visible_entry


@dataclass(frozen=True, slots=True, eq=False)
class Observation:
    """One seat's view of a game."""

    seat: int
    hand: int
    """The observer's own cards."""
    state: PublicState
    """What everyone may see."""
    history: tuple[Entry, ...]
    """What happened so far, in order (``Game.history``), the cards others handed each other hidden."""
    known: tuple[int, ...]
    """By seat: cards the observer knows that seat holds (gifts it made in the exchange)."""
    drawn: int
    """The card the observer just drew and may still play, -1 if none."""
    dealt: int
    """The observer's hand as dealt, before the exchange."""

    @property
    def gifts(self) -> tuple[tuple[int, int, int], ...]:
        """The cards the observer handed to another seat or received (the exchange, 7渡し): (giver,
        receiver, cards), in order."""
        seat = self.seat
        return tuple((e.giver, e.receiver, e.cards) for e in self.history
                     if isinstance(e, Gift) and e.receiver >= 0 and seat in (e.giver, e.receiver))

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def counts(self) -> tuple[int, ...]:
        return self.state.counts

    @property
    def top(self) -> Play | None:
        return self.state.top

    @property
    def unseen(self) -> int:
        """Cards the observer has not seen: not in its hand and not played."""
        return deck_mask(self.state.rules.jokers) & ~self.hand & ~self.state.played

    @property
    def reversed(self) -> bool:
        return self.state.reversed

    def move_list(self) -> list[Move]:
        """The observer's legal moves, PASS last (empty when it is not its turn)."""
        if self.state.turn != self.seat:
            return []
        return legality.moves_for(self.state, self.hand, self.drawn)

    def resolve(self, cards: int, joker_as: Sequence[int] = ()) -> Play:
        """The play ``cards`` make for the observer when it is its turn (see ``Game.resolve``)."""
        legality.check_turn(self.state, self.seat)
        return legality.resolve(self.state, self.hand, self.drawn, cards, joker_as)

    def verify(self, move: Move) -> Move:
        """The observer's ``move`` as it will be applied, or ``IllegalMove`` (see ``Game.verify``)."""
        legality.check_turn(self.state, self.seat)
        return legality.verify(self.state, self.hand, self.drawn, move)

    def can(self, move: Move) -> bool:
        try:
            self.verify(move)
        except IllegalMove:
            return False
        return True

    def key(self) -> tuple[object, ...]:
        """Everything in the observation: equal keys mean equal observations."""
        return (self.seat, self.hand, self.state, self.history, self.known, self.drawn, self.dealt)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Observation) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def sample(self, rng: random.Random) -> Game:
        """A complete game consistent with this observation (hidden cards dealt at random)."""
        state = self.state
        n = state.n
        known_all = 0
        for mask in self.known:
            known_all |= mask
        pool = list(iter_ids(self.unseen & ~known_all))
        rng.shuffle(pool)
        hands = [0] * n
        for seat in range(n):
            if seat == self.seat:
                hands[seat] = self.hand
                continue
            hand = self.known[seat]
            need = state.counts[seat] - hand.bit_count()
            for cid in pool[:need]:
                hand |= 1 << cid
            del pool[:need]
            hands[seat] = hand
        stocks = None
        if state.rules.hand_size:
            stocks = []
            for count in state.stock_counts:
                stocks.append(pool[:count])
                del pool[:count]
        pile = None
        if state.rules.pile_draw:
            pile = pool[: state.pile_count]
            del pool[: state.pile_count]
        removed = 0
        for cid in pool[: state.removed_count]:
            removed |= 1 << cid
        drawn = self.drawn
        if state.drawn_seat >= 0 and state.drawn_seat != self.seat:
            drawn = rng.choice(list(iter_ids(hands[state.drawn_seat])))
        return self.world(hands, stocks=stocks, pile=pile, removed=removed, drawn=drawn)

    def world(
        self,
        hands: Sequence[int],
        *,
        stocks: Sequence[Sequence[int]] | None = None,
        pile: Sequence[int] | None = None,
        removed: int = 0,
        drawn: int | None = None,
    ) -> Game:
        """The complete game with these hidden cards (``Game.from_position``), which this seat observes as ``self``."""
        if hands[self.seat] != self.hand:
            raise ValueError("a world keeps the observer's own hand")
        dealt = [self.dealt if seat == self.seat else hands[seat] for seat in range(self.state.n)]
        return Game.from_position(self.state, hands, history=self.history, stocks=stocks, pile=pile, removed=removed,
                                  drawn=self.drawn if drawn is None else drawn, dealt=dealt)


def observe(game: Game, seat: int) -> Observation:
    """What ``seat`` may know of ``game``."""
    n = game.n
    hand = game.hands[seat]
    known = [0] * n
    for entry in game.history:  # in the order it happened
        if not isinstance(entry, Gift) or entry.receiver < 0:
            continue
        giver, receiver, cards = entry.giver, entry.receiver, entry.cards
        if giver == seat:
            known[receiver] |= cards
        elif receiver == seat:
            for other in range(n):
                known[other] &= ~cards  # it came back to the observer
        else:
            known[giver] = 0  # cards handed on between others (7渡し): which ones is hidden
    for other in range(n):
        # A gift is in the receiver's hand unless it was played, came back, or the receiver left.
        known[other] &= ~game.played & ~hand if game.counts[other] else 0
    known[seat] = 0
    return Observation(
        seat=seat,
        hand=hand,
        state=game.public(),
        history=tuple(visible_entry(entry, seat) for entry in game.history),
        known=tuple(known),
        drawn=game.drawn if game.drawn_seat == seat else -1,
        dealt=game.deal.hands[seat],
    )
