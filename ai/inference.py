"""Reading the others' hands from their moves: worlds drawn by a Markov chain over the hidden cards.

Every past move of another player says something about the hand it held:
a player who led a lone 6 had no pair and no sequence to lead, one who
passed had nothing it would have played, an upper class that handed over a
5 in the exchange held nothing weaker.  A *move model* (by default the
tournament's default client, ``normal_move``; for the gift, the weakest
cards) says what a player would have done with a given hand.  A deal's
weight is ``trust ** misses``, ``misses`` counting the recorded moves this
game that the model would not have made with that deal's hands (and for
the exchange gift the observer received, the cards the giver would have
given first): against players who move like the
model only consistent deals are likely.

Players the model does not explain are read loosely: after the chain's
burn-in, a player some of whose moves its deal still leaves unexplained
(more than ``LOOSE_SHARE`` of them: someone who holds back pairs, say) is
read from its passes only (``sampling.ordinary_follow``: a pass usually means
no ordinary play could beat the table), at ``PASS_TRUST`` per miss, as
``WorldSampler`` reads everyone.  Reading such a player by a model it does
not follow misleads the search more than reading nothing.

``ChainSampler`` draws worlds with these weights by a Metropolis chain: it
starts from a deal that respects what is certain (``WorldSampler``: the
counts, the known cards, the exchange), then proposes swapping one hidden
card between two other players, accepted with probability
``weight after / weight before``.  Only the two players' moves are checked
again, leads first (they tell the most), and the check stops as soon as
the proposal is sure to be refused; counts already made are remembered.  A
few steps separate the worlds it returns.  A player's hand at a past move
is its hand now plus what it has played since (``past_turns``), so the
check costs one model call per past move of the players a swap touches.

The exchanges the observer only watched tell something too: a lower class
handed over its strongest cards, so the upper class it gave them to holds
(or has played since) as many cards stronger than anything the lower class
kept.  Read on request (``exchanges``), a deal where that fails counts one
miss more (``hidden_exchanges``): the gift the upper class made back is
unseen, so a deal where the lower class's best card came from it is only
unlikely, not impossible.  The Expert does not read them by default: it
measured no stronger (``ExpertOptions.exchanges``).

A loosely read player can still be weighed by a model that explains it, at
a cost: on request (``pool``), after the burn-in the chain offers each such
player the hands it holds in ``pool`` of its deals, each weighed by how
likely the soft Strong (``opponents.turns_surprise``: a spread over
Strong's moves fitted to a champion program) makes every move of that player
this game with it, and each world then gives the player one of those hands
drawn by weight (the cards it gives up go to the seats that held the ones it
takes, so the others keep the chain's reading).  The weights are the
likelihood flattened as far as needed to keep a spread (``spread_weights``):
the search plays each candidate out on many deals, and a sharpened weight
(as the 2017 champion draws its deals) puts nearly every world on one.
Offline, against a player moving as Strong, the worlds then held 46% of its
hidden cards rather than 43% (47% sharpened), for 34 ms per 40 worlds rather
than 18.

A loosely read player's passes say little of its strongest cards: read from
its passes alone, the champion program held 0.36 to 0.41 fewer jokers, 2s and
aces in the worlds than in its real games (0.76 fewer early in a game it
began as an upper class, with the lower class's best cards from the
exchange).  On request (``tilt``) a deal's log-weight rises by ``tilt`` for
each of these cards (``strong_cards``: the two strongest ranks in the
current order and the jokers) such a player holds.  It only moves cards
between a loosely read player and the others: with every other player read
loosely it changes nothing.  ``rank_tilt`` gives such a weight to every rank
(``card_tilts``), as ``tools/log_reading.py --fit-tilt`` fits it to a
program's real hands: at the fit the worlds give the player as many cards of
each rank as it held.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import Final

from game.engine import Game, Gift, Move, Observation, Pass, PublicView, Turn
from game.engine.cards import CARDS, JOKER_MASK, iter_ids, natural_strength_key
from game.engine.state import GiftKind

from .normal import cards_before_gift, normal_move
from .opponents import turns_surprise
from .sampling import (
    PASS_TRUST,
    PassSeen,
    PastTurn,
    WorldSampler,
    exchange_inference,
    ordinary_follow,
    passes_seen,
    past_turns,
)

MoveModel = Callable[[PublicView, int], Move]
"""What a player would do in a public state holding a hand."""
GiftModel = Callable[[int, int], int]
"""How far an upper class's exchange gift is from its model's: (the hand it gave from, the cards
given) -> how many of its other cards the model would have given first (0: exactly its gift).
Counting cards rather than saying yes or no lets the chain walk towards the deals that explain it."""

TRUST: Final = 0.01
"""A deal's weight is multiplied by this for each recorded move the model would not have made."""
BURN_IN: Final = 200
"""Steps before the first world (the chain leaves its random start)..."""
MAX_BURN_IN: Final = 1000
"""... or up to this many, in rounds of ``BURN_IN``, while its deal leaves some move unexplained."""
LOOSE_SHARE: Final = 0.0
"""A player whose moves the chain's deal leaves unexplained for more than this share after the
burn-in is read from its passes only (see the module docstring).  Against four Strong players the
Expert scored 3.66 at 0, 3.52 at 0.1 (250 games on the same deals)."""
STRICT_COST: Final = 30.0
"""The fall of a deal's log-weight per miss at trust 0 (as good as never taken over a deal with fewer)."""
STEPS: Final = 12
"""Steps between two worlds."""
TILT_RANKS: Final = 14
"""The values of ``rank_tilt``: the thirteen ranks in the current order, weakest first, then the jokers."""
POOL_SPREAD: Final = 0.25
"""The offered deals' weights are the soft Strong's likelihood, flattened (raised to a power below 1) as
far as needed for their effective number, ``(sum w)^2 / sum w^2``, to reach this share of them: the
search needs a spread of deals, not one best guess (see ``spread_weights``)."""


class ChainSampler:
    """Samples worlds for one observation, weighted by how well they explain the others' moves."""

    __slots__ = (
        "_capped", "_costs", "_forbidden", "_hands", "_loose", "_misses", "_movable", "_played", "_pools", "_removed",
        "_seen", "_tilts", "_touching", "_violated", "base", "exchanges", "gift_model", "gifts", "model", "obs",
        "pool", "rank_tilt", "steps", "tilt", "trust", "turns", "unlike",
    )

    def __init__(
        self,
        obs: Observation,
        model: MoveModel = normal_move,
        trust: float = TRUST,
        steps: int = STEPS,
        gift_model: GiftModel = cards_before_gift,
        unlike: frozenset[int] = frozenset(),
        exchanges: bool = False,
        pool: int = 0,
        tilt: float = 0.0,
        rank_tilt: tuple[float, ...] = (),
    ) -> None:
        check_trust(trust)
        self.obs = obs
        self.unlike = unlike
        """Seats known not to move like the model (from earlier games): read from their passes only from the start."""
        self.model = model
        self.gift_model = gift_model
        self.trust = trust
        self.steps = steps
        self.base = WorldSampler(obs, passes=False)
        """Deals respecting what is certain: the chain's start, and every world when there is no evidence."""
        self.turns: dict[int, list[PastTurn]] = {}
        """The other players' past moves this game, by seat (leads first: they tell the most)."""
        self.gifts: dict[int, tuple[int, int]] = {}
        """An upper class's exchange gift to the observer: the cards, and what it has played since."""
        rules = obs.state.rules
        if not (rules.seven_pass or rules.ten_discard):  # hands change only by playing
            for past in past_turns(obs, limit=0):
                self.turns.setdefault(past.seat, []).append(past)
            for turns in self.turns.values():
                turns.sort(key=lambda past: past.view.top is not None)
            self.gifts = received_gifts(obs)
            for seat in self.gifts:
                self.turns.setdefault(seat, [])
        self.pool = pool
        """How many deals the chain offers for the loosely read players, to be weighed by the soft Strong
        (0: none; see ``weigh_pools``)."""
        self.tilt = tilt
        """How much a deal's log-weight rises per strong card a loosely read player holds (see ``strong_cards``)."""
        self.rank_tilt = rank_tilt
        """How much a deal's log-weight rises per card a loosely read player holds, by rank (see ``card_tilts``)."""
        self._tilts = card_tilts(obs.state.reversed, tilt, rank_tilt)
        """By card id: the rise of a deal's log-weight when a loosely read player holds it (``tilt`` and
        ``rank_tilt``; empty: none)."""
        self._pools: dict[int, tuple[list[int], list[float]]] = {}
        """By pooled player: the hands offered it (now) and their cumulative weights (``weigh_pools``)."""
        self.exchanges = hidden_exchanges(obs) if exchanges else ()
        """The exchanges between two other players read (``exchanges``): (lower class, upper class, cards given)."""
        self._played = played_cards(obs) if self.exchanges else []
        self._violated = [False] * len(self.exchanges)
        """Whether the chain's deal contradicts each of ``exchanges``."""
        self._touching: dict[int, list[int]] = {}
        """By movable seat: the indices of the ``exchanges`` it takes part in."""
        self._capped, self._forbidden = exchange_inference(obs)
        self._hands: list[int] = []
        self._misses: dict[int, int] = {}
        """The misses of the chain's deal, by seat read."""
        self._costs: dict[int, float] = {}
        """The fall of a deal's log-weight per miss, by seat read."""
        self._loose: dict[int, list[PassSeen]] = {}
        """The players read from their passes only, with those passes."""
        self._movable: list[int] = []
        """The other seats holding hidden cards (the ones a swap may touch)."""
        self._removed = 0
        self._seen: dict[tuple[int, int], tuple[int, bool]] = {}
        """Misses already counted, by seat and hand: the count, and whether it is exact (else a
        lower bound: the counting stopped early)."""

    def misses(self, seat: int, hand: int, cap: int | None = None) -> int:
        """How many of ``seat``'s recorded moves the model would not have made holding ``hand`` now
        (counting stops past ``cap``)."""
        key = (seat, hand)
        seen = self._seen.get(key)
        if seen is not None and (seen[1] or (cap is not None and seen[0] > cap)):
            return seen[0]
        loose = self._loose.get(seat)
        if loose is not None:
            rules = self.obs.state.rules
            found = sum(1 for pass_ in loose if ordinary_follow(hand | pass_.later, pass_, rules))
            self._seen[key] = (found, True)
            return found
        model = self.model
        found = 0
        complete = True
        gift = self.gifts.get(seat)
        if gift is not None:
            given, played = gift
            found += self.gift_model(hand | played | given, given)
        for past in self.turns.get(seat, ()):
            if model(past.view, hand | past.later) != past.move:
                found += 1
                if cap is not None and found > cap:
                    complete = False
                    break
        self._seen[key] = (found, complete)
        return found

    def sample(self, rng: random.Random) -> Game:
        """One world; successive worlds are a few chain steps apart."""
        if not self.turns and not self.exchanges:
            return self.base.sample(rng)
        if not self._hands:
            self._start(rng)
            for _ in range(MAX_BURN_IN // BURN_IN):
                self._walk(rng, BURN_IN)
                if not self.total_misses():
                    break
            self._loosen()
            if self._tilts and self._loose:
                self._walk(rng, BURN_IN)  # towards the tilted weights
            if self.pool:
                self.weigh_pools(rng)
        else:
            self._walk(rng, self.steps)
        hands, removed = self._with_pooled_hands(rng) if self._pools else (list(self._hands), self._removed)
        return self.obs.world(hands, removed=removed)

    def weigh_pools(self, rng: random.Random) -> None:
        """For each loosely read player: the hands the chain offers it in ``pool`` of its deals, each
        weighed by how likely the soft Strong makes all that player's moves this game with it
        (``opponents.turns_surprise``), flattened to keep a spread (``spread_weights``)."""
        for seat in self._loose:
            turns = self.turns.get(seat)
            if not turns:
                continue
            offered = list(dict.fromkeys(self.hands_of(seat, self.pool, rng)))
            surprises = [turns_surprise(turns, hand) for hand in offered]
            weights = spread_weights(surprises, POOL_SPREAD)
            self._pools[seat] = (offered, list(accumulate(weights)))

    def hands_of(self, seat: int, count: int, rng: random.Random) -> list[int]:
        """``seat``'s hand (now) in the chain's next ``count`` deals, ``steps`` apart: draws from its reading
        of that hand (after a first ``sample``, which runs the burn-in)."""
        found = []
        for _ in range(count):
            self._walk(rng, self.steps)
            found.append(self._hands[seat])
        return found

    def _with_pooled_hands(self, rng: random.Random) -> tuple[list[int], int]:
        """The chain's deal with each pooled player's hand drawn from its pool by weight, the players in a
        random order: the cards one gives up go to the seats (or the removed cards) that held the ones it
        takes, one for one.  A player keeps the chain's hand when its draw would take a card from a player
        already drawn or hand the capped seat a card it cannot hold (so the others' hands keep varying
        from world to world even when every player is pooled)."""
        hands = list(self._hands)
        removed = self._removed
        drawn = {self.obs.seat}
        seats = list(self._pools)
        rng.shuffle(seats)
        for seat in seats:
            offered, cumulative = self._pools[seat]
            target = offered[min(bisect_right(cumulative, rng.random() * cumulative[-1]), len(offered) - 1)]
            give = list(iter_ids(hands[seat] & ~target))
            trial = list(hands)
            trial_removed = removed
            for cid in iter_ids(target & ~hands[seat]):
                bit = 1 << cid
                owner = next((s for s in range(len(trial)) if s != seat and trial[s] & bit), -1)
                pick = next((c for c in give if owner != self._capped or not self._forbidden >> c & 1), None)
                if owner in drawn or pick is None:
                    break
                give.remove(pick)
                if owner < 0:
                    trial_removed = trial_removed & ~bit | 1 << pick
                else:
                    trial[owner] = trial[owner] & ~bit | 1 << pick
            else:
                trial[seat] = target
                hands, removed = trial, trial_removed
            drawn.add(seat)
        return hands, removed

    @property
    def pooled(self) -> dict[int, list[int]]:
        """By player weighed by the soft Strong (``pool``): the hands offered it (decided after the burn-in)."""
        return {seat: offered for seat, (offered, _) in self._pools.items()}

    @property
    def loose_seats(self) -> frozenset[int]:
        """The players read from their passes only (decided after the burn-in)."""
        return frozenset(self._loose)

    def total_misses(self) -> int:
        """The misses of the chain's current deal (0 before the first world)."""
        return sum(self._misses.values()) + sum(self._violated)

    def contradicts(self, index: int, hands: list[int]) -> bool:
        """Whether ``hands`` (by seat, now) contradict the ``index``-th of ``exchanges``: the upper
        class holds or has played fewer cards at least as strong as the lower class's best than it
        was given."""
        lower, upper, count = self.exchanges[index]
        played = self._played
        return not holds_gift(hands[lower] | played[lower], hands[upper] | played[upper], count)

    def _start(self, rng: random.Random) -> None:
        world = self.base.sample(rng)
        obs = self.obs
        self._hands = list(world.hands)
        held = 0
        for seat, hand in enumerate(self._hands):
            if seat != obs.seat:
                held |= hand
        self._removed = obs.unseen & ~held
        self._movable = [
            seat for seat in range(obs.state.n)
            if seat != obs.seat and self._hands[seat] & ~obs.known[seat]
        ]
        self._misses = {seat: self.misses(seat, self._hands[seat]) for seat in self.turns}
        self._costs = dict.fromkeys(self._misses, _cost(self.trust))
        self._read_loosely([seat for seat in self.turns if seat in self.unlike])
        self._violated = [self.contradicts(k, self._hands) for k in range(len(self.exchanges))]
        self._touching = {seat: [k for k, pair in enumerate(self.exchanges) if seat in pair[:2]]
                          for seat in self._movable}

    def _loosen(self) -> None:
        """Read from their passes only the players the model leaves unexplained (after the burn-in)."""
        self._read_loosely([
            seat for seat, found in self._misses.items()
            if found > LOOSE_SHARE * (len(self.turns[seat]) + (seat in self.gifts))
        ])

    def _read_loosely(self, seats: list[int]) -> None:
        if not seats:
            return
        passes = passes_seen(self.obs)
        for seat in seats:
            self._loose[seat] = [pass_ for pass_ in passes if pass_.seat == seat]
            self._seen = {key: value for key, value in self._seen.items() if key[0] != seat}
            self._costs[seat] = _cost(PASS_TRUST)
            self._misses[seat] = self.misses(seat, self._hands[seat])

    def _tilted(self, seat: int, gained: int, lost: int) -> float:
        """The rise of the log-weight when loosely read ``seat`` takes card ``gained`` for card ``lost``."""
        if seat not in self._loose:
            return 0.0
        return self._tilts[gained] - self._tilts[lost]

    def _walk(self, rng: random.Random, steps: int) -> None:
        movable = self._movable
        if len(movable) < 2:
            return
        obs = self.obs
        hands = self._hands
        known = obs.known
        costs = self._costs
        exchange_cost = _cost(self.trust)
        touching = self._touching
        for _ in range(steps):
            i, j = rng.sample(movable, 2)
            a = _pick(hands[i] & ~known[i], rng)
            b = _pick(hands[j] & ~known[j], rng)
            new_i = hands[i] & ~a | b
            new_j = hands[j] & ~b | a
            if (self._capped == i and b & self._forbidden) or (self._capped == j and a & self._forbidden):
                continue
            # The log-weight falls by cost_i * more_i + cost_j * more_j: accepted while that stays
            # below ``room`` (Metropolis, u uniform); counting stops as soon as it cannot.
            u = rng.random()
            room = -math.log(u) if u > 0.0 else math.inf
            if self._tilts:
                room += self._tilted(i, b.bit_length() - 1, a.bit_length() - 1) + self._tilted(
                    j, a.bit_length() - 1, b.bit_length() - 1)
                if room <= 0.0:
                    continue
            changed: list[tuple[int, bool]] = []
            if touching[i] or touching[j]:
                before = hands[i], hands[j]
                hands[i], hands[j] = new_i, new_j
                for k in {*touching[i], *touching[j]}:
                    now = self.contradicts(k, hands)
                    if now != self._violated[k]:
                        changed.append((k, now))
                        room -= exchange_cost if now else -exchange_cost
                hands[i], hands[j] = before  # the swap is not taken yet
                if room <= 0.0:
                    continue
            old_i = self._misses.get(i, 0)
            old_j = self._misses.get(j, 0)
            cost_i = costs.get(i, 0.0)
            cost_j = costs.get(j, 0.0)
            misses_i, misses_j = old_i, old_j
            if cost_i:
                cap = _cap(old_i, (room + cost_j * old_j) / cost_i)
                misses_i = self.misses(i, new_i, cap)
                if cap is not None and misses_i > cap:
                    continue
                room -= cost_i * (misses_i - old_i)
            if cost_j:
                cap = _cap(old_j, room / cost_j)
                if cap is not None and cap < 0:
                    continue
                misses_j = self.misses(j, new_j, cap)
                if cap is not None and misses_j > cap:
                    continue
                room -= cost_j * (misses_j - old_j)
            if room <= 0.0:
                continue
            hands[i], hands[j] = new_i, new_j
            for k, now in changed:
                self._violated[k] = now
            if cost_i:
                self._misses[i] = misses_i
            if cost_j:
                self._misses[j] = misses_j


def strong_cards(reversed_: bool) -> int:
    """The jokers and the two strongest ranks in the current order (2s and aces; in a revolution 3s and 4s)."""
    return JOKER_MASK | (0xFF if reversed_ else 0xFF << 44)


def card_tilts(reversed_: bool, tilt: float, rank_tilt: tuple[float, ...]) -> list[float]:
    """By card id, the rise of a deal's log-weight when a loosely read player holds it: ``tilt`` for the
    ``strong_cards``, plus ``rank_tilt`` by the card's rank in the current order (weakest first, the jokers
    last); empty when both are nothing."""
    if not tilt and not any(rank_tilt):
        return []
    strong = strong_cards(reversed_)
    by_rank = list(rank_tilt) or [0.0] * TILT_RANKS
    return [by_rank[tilt_rank(cid, reversed_)] + (tilt if strong >> cid & 1 else 0.0) for cid in range(len(CARDS))]


def tilt_rank(cid: int, reversed_: bool) -> int:
    """The index of card ``cid``'s rank in ``rank_tilt``: the ranks in the current order, weakest first, then
    the jokers."""
    if cid >= 52:
        return TILT_RANKS - 1
    return 12 - cid // 4 if reversed_ else cid // 4


def spread_weights(surprises: list[float], spread: float) -> list[float]:
    """Weights ``exp(-power * surprise)`` for the surprises (minus logs of likelihoods), the power the
    largest up to 1 that keeps the effective number of weights, ``(sum w)^2 / sum w^2``, at least
    ``spread`` times their count (found by bisection to within 1/64)."""
    least = min(surprises)
    gaps = [surprise - least for surprise in surprises]

    def weights(power: float) -> list[float]:
        return [math.exp(-power * gap) for gap in gaps]

    def spread_of(found: list[float]) -> float:
        return sum(found, 0.0) ** 2 / sum((w * w for w in found), 0.0) / len(found)

    if spread_of(weights(1.0)) >= spread:
        return weights(1.0)
    low, high = 0.0, 1.0
    while high - low > 1 / 64:
        middle = (low + high) / 2
        if spread_of(weights(middle)) >= spread:
            low = middle
        else:
            high = middle
    return weights(low)


def check_trust(trust: float) -> None:
    """``ValueError`` unless ``trust`` is a probability."""
    if not 0.0 <= trust <= 1.0:
        raise ValueError("the trust must lie between 0 and 1")


def _cost(trust: float) -> float:
    """How much a deal's log-weight falls per miss at this trust."""
    if trust <= 0.0:
        return STRICT_COST
    return -math.log(trust) if trust < 1.0 else 0.0


def _cap(old: int, room: float) -> int | None:
    """The most misses a proposal may have when its misses beyond ``old`` must stay below ``room``."""
    if room > 1e6:
        return None
    return old + math.ceil(room) - 1


def received_gifts(obs: Observation) -> dict[int, tuple[int, int]]:
    """The exchange gifts the observer received from upper classes (by giver: the cards and what
    the giver has played since), when the deal is the whole story (no stock, no pile, no 都落ち)."""
    state = obs.state
    rules = state.rules
    places = state.previous_places
    if places is None or rules.hand_size or rules.pile_draw or state.miyako >= 0:
        return {}
    played = played_cards(obs)
    me = obs.seat
    return {
        giver: (cards, played[giver])
        for giver, receiver, cards in obs.gifts
        if receiver == me and cards and places.index(giver) < places.index(me)
    }


def hidden_exchanges(obs: Observation) -> tuple[tuple[int, int, int], ...]:
    """The exchange gifts between two other players, their cards hidden from the observer: (lower
    class, upper class, how many of its strongest cards the lower class gave), when the deal and the
    plays since are the whole story (no stock, no pile, no 7渡し or 10捨て, no 都落ち)."""
    state = obs.state
    rules = state.rules
    if (state.previous_places is None or rules.hand_size or rules.pile_draw or rules.seven_pass
            or rules.ten_discard or state.miyako >= 0):
        return ()
    me = obs.seat
    return tuple(
        (entry.giver, entry.receiver, entry.size)
        for entry in obs.history
        if isinstance(entry, Gift) and entry.kind is GiftKind.EXCHANGE and not entry.chosen
        and entry.receiver >= 0 and me not in (entry.giver, entry.receiver) and entry.size
    )


def played_cards(obs: Observation) -> list[int]:
    """By seat: the cards it has played this game."""
    played = [0] * obs.state.n
    for entry in obs.history:
        if isinstance(entry, Turn) and not isinstance(entry.move, Pass):
            played[entry.seat] |= entry.move.cards
    return played


def _at_least(cid: int) -> int:
    key = natural_strength_key(cid)
    return sum(1 << other for other in range(len(CARDS)) if other != cid and natural_strength_key(other) >= key)


_AT_LEAST: Final = tuple(_at_least(cid) for cid in range(len(CARDS)))
"""By card: the other cards at least as strong in the natural order (the exchange's order)."""


def strongest_card(cards: int) -> int:
    """The id of the strongest card of ``cards`` (not empty) in the natural order."""
    jokers = cards & JOKER_MASK
    if jokers:
        return (jokers & -jokers).bit_length() - 1
    rank = (cards.bit_length() - 1) >> 2
    suits = (cards >> (rank << 2)) & 0xF
    return (rank << 2) + ((suits & -suits).bit_length() - 1)


def holds_gift(lower: int, upper: int, count: int) -> bool:
    """Can ``upper`` (an upper class's hand since the exchange, played cards included) hold the
    ``count`` strongest cards of a lower class that kept ``lower``: as many cards at least as strong
    as its best?"""
    if not lower:
        return True
    return (upper & _AT_LEAST[strongest_card(lower)]).bit_count() >= count


def _pick(cards: int, rng: random.Random) -> int:
    """One card of ``cards`` at random, as a one-card set."""
    return 1 << rng.choice(list(iter_ids(cards)))
