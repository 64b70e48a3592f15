"""Determinization: complete games consistent with one player's observation.

``Observation.sample`` deals the unseen cards at random.  ``WorldSampler``
adds two inferences:

* **the exchange** (certain): a lower class hands over its strongest cards,
  so the upper class that received them knows the giver kept nothing
  stronger than the weakest card it gave (apart from cards given back to
  it).  Unseen cards above that line are dealt only to the other places;
  every consistent deal stays equally likely.
* **passes** (likely): a player who passed usually had no ordinary way to
  beat the table (a play without a joker that breaks none of its groups or
  sequences).  Each deal is checked against every pass seen this game (the
  history records the table each pass declined; the passer's hand then is
  its hand now plus what it played since), and a deal
  that contradicts ``k`` passes is kept with probability ``PASS_TRUST ** k``
  (rejection sampling, a few tries at most).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from game.engine import Game, Gift, Move, Observation, Play, PublicView, Turn, moves_for
from game.engine.cards import JOKER_MASK, iter_ids, natural_strength_key
from game.engine.game import Phase
from game.engine.movegen import legal_plays
from game.engine.native import Reduced, rebuilt
from game.engine.rules import RuleSet
from game.engine.state import GiftKind, PublicState

from .hand import breaks_up

if TYPE_CHECKING:
    from .policy import PolicyModel

PASS_TRUST: Final = 0.3
"""Chance kept for a deal that contradicts one pass (see the module docstring)."""
PASS_TRIES: Final = 12
"""Deals tried per sample before taking the least contradictory one."""


@dataclass(frozen=True, slots=True)
class PassSeen:
    """A pass by another player: the table it declined and the cards it has played since."""

    seat: int
    top: Play
    reversed: bool
    lock: int
    later: int

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt


class WorldSampler:
    """Samples worlds for one observation; the constraints are worked out once."""

    __slots__ = ("_capped", "_forbidden", "obs", "passes")

    def __init__(self, obs: Observation, passes: bool = True) -> None:
        self.obs = obs
        self._capped = -1
        """The seat that may not hold ``_forbidden`` cards (-1: no constraint)."""
        self._forbidden = 0
        capped, forbidden = exchange_inference(obs)
        if capped >= 0 and self._consistent(capped, forbidden):
            self._capped, self._forbidden = capped, forbidden
        self.passes = passes_seen(obs) if passes else []

    def sample(self, rng: random.Random) -> Game:
        """One complete game consistent with the observation, likely given the passes seen."""
        if not self.passes:
            return self._deal(rng)
        rules = self.obs.state.rules
        best: tuple[int, Game] | None = None
        for _ in range(PASS_TRIES):
            world = self._deal(rng)
            misses = sum(1 for p in self.passes if ordinary_follow(world.hands[p.seat] | p.later, p, rules))
            if not misses or rng.random() < PASS_TRUST**misses:
                return world
            if best is None or misses < best[0]:
                best = (misses, world)
        assert best is not None
        return best[1]

    def _consistent(self, capped: int, forbidden: int) -> bool:
        obs = self.obs
        known_all = 0
        for mask in obs.known:
            known_all |= mask
        pool = obs.unseen & ~known_all
        elsewhere = obs.state.removed_count
        for seat in range(obs.state.n):
            if seat not in (obs.seat, capped):
                elsewhere += obs.state.counts[seat] - obs.known[seat].bit_count()
        return (pool & forbidden).bit_count() <= elsewhere

    def _deal(self, rng: random.Random) -> Game:
        """One complete game consistent with the observation and the exchange inference."""
        if self._capped < 0:
            return self.obs.sample(rng)
        obs = self.obs
        state = obs.state
        known_all = 0
        for mask in obs.known:
            known_all |= mask
        pool = obs.unseen & ~known_all
        strong = list(iter_ids(pool & self._forbidden))
        free = list(iter_ids(pool & ~self._forbidden))
        # Slots: one entry per hidden card place, a seat number or -2 for the removed cards.
        others: list[int] = []
        for seat in range(state.n):
            if seat not in (obs.seat, self._capped):
                others += [seat] * (state.counts[seat] - obs.known[seat].bit_count())
        others += [-2] * state.removed_count
        capped = self._capped
        capped_slots = [capped] * (state.counts[capped] - obs.known[capped].bit_count())
        rng.shuffle(others)
        rng.shuffle(strong)
        rng.shuffle(free)
        if len(strong) + len(free) != len(others) + len(capped_slots):
            return obs.sample(rng)
        hands = [obs.known[s] if s != obs.seat else obs.hand for s in range(state.n)]
        removed = 0
        rest = others[len(strong):] + capped_slots
        for cid, slot in zip(strong + free, others[: len(strong)] + rest, strict=True):
            if slot == -2:
                removed |= 1 << cid
            else:
                hands[slot] |= 1 << cid
        return obs.world(hands, removed=removed)


def exchange_inference(obs: Observation) -> tuple[int, int]:
    """The seat whose strongest cards ``obs.seat`` received, and the cards it cannot hold.

    Returns (-1, 0) when the exchange tells nothing (no gift received from a
    lower class, or a stock or pile refills hands after the exchange).
    """
    state = obs.state
    rules = state.rules
    if rules.hand_size or rules.pile_draw or state.previous_places is None:
        return -1, 0
    places = state.previous_places
    me = obs.seat
    for giver, receiver, cards in obs.gifts:
        if receiver != me or places.index(giver) <= places.index(me) or not cards:
            continue
        line = min(natural_strength_key(c) for c in iter_ids(cards))
        stronger = 0
        for cid in iter_ids(obs.unseen):
            if natural_strength_key(cid) > line:
                stronger |= 1 << cid
        return giver, stronger & ~obs.known[giver]
    return -1, 0


def passes_seen(obs: Observation) -> list[PassSeen]:
    """The other players' passes this game, with the table each one declined.

    The history records the table of every action; the passer's hand then is
    its hand now plus what it played since.  Modes with stocks or a pile are
    left out (their hands change in other ways), and so are the passes of a
    player removed by 都落ち (its hand left unseen).
    """
    state = obs.state
    rules = state.rules
    if rules.hand_size or rules.pile_draw:
        return []
    later = [0] * state.n
    found: list[PassSeen] = []
    for entry in reversed(obs.history):
        if isinstance(entry, Gift):
            continue
        if isinstance(entry.move, Play):
            later[entry.seat] |= entry.move.cards
        elif entry.seat not in (obs.seat, state.miyako) and entry.top is not None:
            found.append(PassSeen(entry.seat, entry.top, entry.reversed, entry.lock, later[entry.seat]))
    found.reverse()
    return found


def ordinary_follow(hand: int, seen: PassSeen, rules: RuleSet) -> bool:
    """Could ``hand`` have beaten the table of ``seen`` without a joker and without breaking
    a group or a sequence (the play a player rarely declines)?"""
    min_len = rules.sequence_min if rules.sequences else 99
    for play in legal_plays(hand, seen.top, seen.reversed, seen.lock, rules):
        if play.cards & JOKER_MASK:
            continue
        if not breaks_up(hand, play, min_len):
            return True
    return False


@dataclass(frozen=True, slots=True)
class PastTurn:
    """Another player's past decision, as everyone saw it: the table and the move made."""

    seat: int
    move: Move
    view: PublicState
    """The public state it acted on (rebuilt from the history, exactly)."""
    later: int
    """The cards it has played since (its hand then is its hand now plus these)."""

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt


def past_turns(obs: Observation, limit: int = 24) -> list[PastTurn]:
    """The other players' decisions this game (the most recent ``limit``), each with the public state it
    was made in, exactly as the player saw it.

    Each ``Turn`` of the history holds the table it was made on and whether
    the trick ended with it; the hand sizes and the cards played then are the
    ones now with what each entry since moved put back.  Modes whose hands
    change other than by the history's entries (stocks, a pile, 都落ち) are
    left out.  ``later`` is what the player played or discarded since (with
    7渡し its hand then also differs by the cards handed on, unseen).
    """
    state = obs.state
    rules = state.rules
    if rules.hand_size or rules.pile_draw or state.miyako >= 0:
        return []
    history = obs.history
    before = _sizes_before(obs)
    trick: list[tuple[int, Play]] = []
    picked: list[PastTurn] = []
    for i, turn in enumerate(history):
        if not isinstance(turn, Turn):
            continue
        if not trick and turn.top is not None:  # the history starts in the middle of a trick
            trick = [(turn.last_player, turn.top)]
        if turn.seat != obs.seat:
            counts, played, later = before[i]
            view = replace(
                state, phase=Phase.PLAY, turn=turn.seat, top=turn.top, trick=tuple(trick),
                last_player=turn.last_player, passed=turn.passed, active=sum(1 << s for s, c in enumerate(counts) if c),
                revolution=turn.revolution, j_back=turn.j_back, backwards=turn.backwards, lock=turn.lock,
                lock_base=turn.lock_base, counts=counts, played=played, pending=(), drawn_seat=-1, result=None,
                gekokujo=-1,  # 下克上 ends the game
                finishers=tuple(s for s in state.finishers if not counts[s]),
                forbidden=tuple(s for s in state.forbidden if not counts[s]),
            )
            picked.append(PastTurn(turn.seat, turn.move, view, later[turn.seat]))
        if isinstance(turn.move, Play):
            trick.append((turn.seat, turn.move))
        if turn.cleared is not None:
            trick = []
    return picked[-limit:] if limit else picked


def _sizes_before(obs: Observation) -> dict[int, tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """For each entry of the history (by index): the hand sizes, the cards played and, by seat, the
    cards that left each hand face up since (played or discarded), just before it."""
    state = obs.state
    counts = list(state.counts)
    played = state.played
    later = [0] * state.n
    out = {}
    for i in range(len(obs.history) - 1, -1, -1):
        entry = obs.history[i]
        if isinstance(entry, Turn):
            if isinstance(entry.move, Play):
                counts[entry.seat] += entry.move.size
                played &= ~entry.move.cards
                later[entry.seat] |= entry.move.cards
        elif entry.kind is GiftKind.TEN_DISCARD:
            counts[entry.giver] += entry.size
            played &= ~entry.cards
            later[entry.giver] |= entry.cards
        elif entry.kind is GiftKind.SEVEN_PASS:
            counts[entry.giver] += entry.size
            counts[entry.receiver] -= entry.size
        out[i] = (tuple(counts), played, tuple(later))
    return out


def log_likelihood(
    world: Game,
    turns: Sequence[PastTurn],
    model: PolicyModel,
    floor: float = 1e-3,
    anchor: Callable[[PublicView, int], Move] | None = None,
    anchor_weight: float = 0.5,
) -> float:
    """Log-probability that ``model`` makes the moves of ``turns`` with the hands of ``world``.

    With ``anchor`` (a deterministic player, e.g. ``normal_move``), each move's
    probability is ``anchor_weight`` when the anchor makes it, plus the rest
    times the model's; each is mixed with ``floor`` (players do not follow any
    model exactly).
    """
    total = 0.0
    hands = world.hands
    for past in turns:
        hand = hands[past.seat] | past.later
        moves = moves_for(past.view, hand)
        if len(moves) < 2:
            continue
        try:
            index = moves.index(past.move)
        except ValueError:
            total += math.log(floor)
            continue
        p = model.probabilities(past.view, hand, moves)[index]
        if anchor is not None:
            p = (1.0 - anchor_weight) * p + (anchor_weight if anchor(past.view, hand) == past.move else 0.0)
        total += math.log(floor + (1.0 - floor) * p)
    return total


def weighted_pool(
    sampler: WorldSampler,
    rng: random.Random,
    model: PolicyModel,
    size: int,
    sharpness: float = 1.0,
    limit: int = 24,
    anchor: Callable[[PublicView, int], Move] | None = None,
) -> tuple[list[Game], list[float]]:
    """``size`` sampled worlds and their weights: the likelihood of the other players' past
    moves under ``model``, raised to ``sharpness`` (1 for the largest)."""
    turns = past_turns(sampler.obs, limit)
    worlds = [sampler.sample(rng) for _ in range(size)]
    if not turns:
        return worlds, [1.0] * size
    logs = [sharpness * log_likelihood(w, turns, model, anchor=anchor) for w in worlds]
    top = max(logs)
    return worlds, [math.exp(x - top) for x in logs]
