"""Hand evaluation: split a hand into plays and judge how easily it goes out.

A hand is split into the plays it will make (groups, sequences, singles, the
joker alone or helping a group or a sequence) so that the sum of the plays'
values is largest.  A play's value comes from how many ranks of the cards
still unseen could beat it when it is led:

* a **control** (nothing unseen beats it, or it cuts with an 8) is worth +1:
  it wins its trick and gives the lead back;
* a play every opponent could beat is worth close to -1: it has to be led
  and will lose the lead.

``Outlook`` holds what one decision needs (the rules, the cards unseen, the
rank order) with caches, so that evaluating all the candidate moves of a
decision costs one planning per distinct remaining hand.  ``judge`` gives a
plan's numbers without its plays: for a hand of groups and singles only (no
joker, no possible sequence, no forbidden finish: most hands in play) it adds
them up straight from the table of group values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Final

from game.engine import Play
from game.engine.cards import JOKER_MASK, JOKER_RANK, N_RANKS, NATURAL_MASK
from game.engine.effects import eight_cuts, forbidden_finish, j_backs, revolts
from game.engine.movegen import legal_plays, stronger_ranks, suit_ranks, trump_rank
from game.engine.native import Reduced, rebuilt
from game.engine.plays import GROUP, SEQUENCE, SINGLE, canonical_group_suits
from game.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class Plan:
    """The best split of a hand into plays."""

    value: float
    """Sum of the plays' values (controls +1, hopeless plays near -1), minus penalties."""
    plays: tuple[Play, ...]
    weak: int
    """Plays that something unseen could beat."""
    controls: int
    """Plays nothing unseen beats (or that cut)."""
    can_end: bool
    """Some play of the plan may be the last one (not a forbidden finish)."""

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt

    @property
    def size(self) -> int:
        return len(self.plays)

    def finishable(self) -> bool:
        """Holding the lead, can the hand go out without losing it (controls first, one weak play last)?"""
        return self.weak <= 1 and self.can_end


EMPTY_PLAN: Final = Plan(0.0, (), 0, 0, True)


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a hand's best split is worth, without its plays (``Outlook.judge``): ``Plan``'s numbers."""

    value: float
    weak: int
    controls: int
    can_end: bool

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt

    def finishable(self) -> bool:
        """Holding the lead, can the hand go out without losing it (``Plan.finishable``)?"""
        return self.weak <= 1 and self.can_end
LONE_JOKER: Final = Play(1 << 52, SINGLE, JOKER_RANK, 1, 0)


def strength_of(beaters: int) -> float:
    """Chance-like strength of a led play from the number of ranks that beat it."""
    if beaters <= 0:
        return 1.0
    return 0.75 / (1.0 + beaters)


MAX_SPLITS: Final = 48
"""Sets of sequences tried per hand (the longest sequences first): bounds the time on huge hands."""
HOLD_SCALE: Final = 0.9
"""A play that may be beaten is worth less than a control even when it is likely to hold."""


@lru_cache(maxsize=65536)
def _avoid(total: int, hits: int, hand: int) -> float:
    """Chance that ``hand`` cards drawn from ``total`` miss all of ``hits`` given cards."""
    if hits <= 0 or hand <= 0:
        return 1.0
    if hand > total - hits:
        return 0.0
    return comb(total - hits, hand) / comb(total, hand)


@lru_cache(maxsize=65536)
def _at_least(total: int, hits: int, hand: int, need: int) -> float:
    """Chance that ``hand`` cards drawn from ``total`` include ``need`` or more of ``hits`` given cards."""
    if need > hits or need > hand:
        return 0.0
    whole = comb(total, hand)
    if not whole:
        return 0.0
    miss = 0
    for j in range(need):
        miss += comb(hits, j) * comb(total - hits, hand - j)
    return max(0.0, 1.0 - miss / whole)


@lru_cache(maxsize=65536)
def _all_of(total: int, cards: int, hand: int) -> float:
    """Chance that ``hand`` cards drawn from ``total`` include all of ``cards`` given cards."""
    if cards > hand:
        return 0.0
    return comb(total - cards, hand - cards) / comb(total, hand)


@dataclass(frozen=True, slots=True)
class _Seq:
    naturals: int
    jokers: int
    play: Play

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt


class Outlook:
    """One decision's view for evaluating hands: rules, unseen cards, rank order; with caches."""

    __slots__ = (
        "_beaters", "_judgements", "_plans", "_table", "_threat_lists", "_values", "jokers_unseen", "opponents",
        "reversed", "rules", "unseen",
    )

    def __init__(
        self, rules: RuleSet, unseen: int, reversed_: bool, opponents: tuple[int, ...] | None = None
    ) -> None:
        self.rules = rules
        self.unseen = unseen
        """Cards other players may hold."""
        self.reversed = reversed_
        """The lasting order (revolution), J-back aside."""
        self.opponents = opponents
        """Hand sizes of the players who will answer a led play (None: judge by beating ranks only)."""
        self.jokers_unseen = (unseen & JOKER_MASK).bit_count()
        self._beaters: dict[tuple[int, int, int, int], int] = {}
        self._threat_lists: dict[tuple[int, int, int, int, bool], list[tuple[int, int]]] = {}
        self._plans: dict[int, Plan] = {}
        self._judgements: dict[int, Judgement] = {}
        self._values: dict[tuple[int, int, int, bool], float] = {}
        self._table: list[float | None] = [None] * (N_RANKS * 5)

    def flipped(self) -> Outlook:
        """The same view after a revolution."""
        return Outlook(self.rules, self.unseen, not self.reversed, self.opponents)

    def _after(self, play: Play) -> bool:
        """The order the followers of ``play`` face (its revolution or J-back taken into account)."""
        reversed_ = self.reversed
        if revolts(play, self.rules):
            reversed_ = not reversed_
        if j_backs(play, self.rules):
            reversed_ = not reversed_
        return reversed_

    def _threats(self, play: Play, lock: int, reversed_: bool) -> list[tuple[int, int]]:
        """For each rank that could beat a single or a group: (unseen cards usable there, cards needed)
        (see ``_find_threats``; remembered for the decision)."""
        key = (play.kind, play.size, play.rank, lock, reversed_)
        found = self._threat_lists.get(key)
        if found is None:
            found = self._threat_lists[key] = self._find_threats(play, lock, reversed_)
        return found

    def _find_threats(self, play: Play, lock: int, reversed_: bool) -> list[tuple[int, int]]:
        """For each rank that could beat a single or a group: (unseen cards usable there, cards needed).

        The ranks are the engine's: the stronger ones in the order in force
        (the lock's suits only) and the rank that beats any group of the size
        (砂嵐, 救急車: any suits).  Jokers count as usable at every rank; a lone
        joker on a natural single is its own entry; only the ♠3 answers a
        lone joker (スペ3返し).
        """
        unseen = self.unseen
        jokers = self.jokers_unseen
        if play.rank == JOKER_RANK:
            return [(1, 1)] if legal_plays(unseen, play, reversed_, lock, self.rules) else []
        ranks: Sequence[int] = stronger_ranks(play.rank, reversed_)
        if reversed_:
            ranks = ranks[::-1]  # the weakest first, whatever the order
        rules = self.rules
        trump = trump_rank(play, rules) if rules.sandstorm or rules.ambulance else None
        if trump is not None:
            ranks = [r for r in ranks if r != trump]
        mask = lock or 0xF
        need = play.size
        out: list[tuple[int, int]] = []
        for r in ranks:
            usable = ((unseen >> (r << 2)) & mask).bit_count()
            if need == 1:
                if usable:
                    out.append((usable, 1))
            elif usable + jokers >= need and (usable or jokers >= 2):
                out.append((usable + jokers, need))
        if trump is not None:
            usable = ((unseen >> (trump << 2)) & 0xF).bit_count()
            if usable + jokers >= need and (usable or jokers >= 2):
                out.append((usable + jokers, need))
        if need == 1 and jokers:
            out.append((jokers, 1))
        return out

    def hold_chance(self, play: Play, lock: int, reversed_: bool, counts: tuple[int, ...]) -> float:
        """Chance that no player with a hand of ``counts[i]`` random unseen cards can beat ``play``."""
        total = self.unseen.bit_count()
        chance = 1.0
        if play.kind != SEQUENCE:
            threats = self._threats(play, lock, reversed_)
            if not threats:
                return 1.0
            if play.size == 1:
                hits = sum(t[0] for t in threats)
                for c in counts:
                    chance *= _avoid(total, hits, c)
                return chance
            for c in counts:
                for usable, need in threats:
                    chance *= 1.0 - _at_least(total, usable, c, need)
            return chance
        beating = legal_plays(self.unseen, play, reversed_, lock, self.rules)
        if not beating:
            return 1.0
        for c in counts:
            threat = 0.0
            for p in beating:
                threat += _all_of(total, p.cards.bit_count(), c)
            chance *= max(0.0, 1.0 - threat)
        return chance

    # --- single plays -------------------------------------------------------

    def beaters(self, play: Play, lock: int = 0, reversed_: bool | None = None) -> int:
        """Ranks at which the unseen cards could beat ``play`` (led, or on the table with ``lock``).

        ``reversed_`` is the order the followers face; by default the order
        after ``play`` itself (its revolution or J-back taken into account).
        A lone joker that could beat a single counts as one more rank.
        """
        if reversed_ is None:
            reversed_ = self._after(play)
        key = (play.kind * 16 + play.size, play.rank, play.suits if play.kind == SEQUENCE or lock else 0,
               lock * 2 + reversed_)
        found = self._beaters.get(key)
        if found is None:
            if play.kind != SEQUENCE:
                found = len(self._threats(play, lock, reversed_))
            else:
                found = len({p.rank for p in legal_plays(self.unseen, play, reversed_, lock, self.rules)})
            self._beaters[key] = found
        return found

    def value(self, play: Play) -> float:
        """A led play's worth: +1 for a control, towards -1 the more likely it is beaten."""
        jokers = play.cards & JOKER_MASK != 0  # a group with a joker may not start a revolution
        key = (play.kind * 16 + play.size, play.rank, play.suits if play.kind == SEQUENCE else 0, jokers)
        found = self._values.get(key)
        if found is None:
            if eight_cuts(play, self.rules) or self.beaters(play) == 0:
                found = 1.0
            elif self.opponents is None:
                found = 2.0 * strength_of(self.beaters(play)) - 1.0
            else:
                found = 2.0 * HOLD_SCALE * self.hold_chance(play, 0, self._after(play), self.opponents) - 1.0
            self._values[key] = found
        return found

    # --- whole hands ---------------------------------------------------------

    def plan(self, hand: int) -> Plan:
        """The best split of ``hand`` (cached)."""
        found = self._plans.get(hand)
        if found is None:
            found = self._plan(hand)
            self._plans[hand] = found
        return found

    def judge(self, hand: int) -> Judgement:
        """What the best split of ``hand`` is worth, without its plays (cached; cheaper than ``plan``)."""
        found = self._judgements.get(hand)
        if found is None:
            found = self._judge(hand)
            self._judgements[hand] = found
        return found

    def _judge(self, hand: int) -> Judgement:
        naturals = hand & NATURAL_MASK
        if hand != naturals or self.rules.forbidden_finish or (
            self.rules.sequences and _has_run(naturals, self.rules.sequence_min)
        ):
            plan = self.plan(hand)
            return Judgement(plan.value, plan.weak, plan.controls, plan.can_end)
        # Groups and singles only: the sums of ``_rest`` and ``_summary`` (the same additions in the same order).
        value = 0.0
        weak = controls = 0
        groups: list[float] = []
        table = self._group_value
        for r in range(N_RANKS):
            suits = (naturals >> (r << 2)) & 0xF
            if not suits:
                continue
            count = suits.bit_count()
            whole = table(r, count)
            if count > 1:
                single = table(r, 1)
                if single * count > whole:
                    for _ in range(count):
                        value += single
                    if single >= 1.0:
                        controls += count
                    else:
                        weak += count
                    continue
            groups.append(whole)
            if whole >= 1.0:
                controls += 1
            else:
                weak += 1
        for whole in groups:
            value += whole
        return Judgement(value, weak, controls, True)

    def _plan(self, hand: int) -> Plan:
        if not hand:
            return EMPTY_PLAN
        naturals = hand & NATURAL_MASK
        joker_bits = [b for b in (1 << 52, 1 << 53) if hand & b]
        jokers = len(joker_bits)
        seqs = self._sequences(naturals, jokers) if self.rules.sequences else []
        if not seqs:
            _, plays = self._rest(naturals, joker_bits, [])
            return self._summary(plays)
        seq_values = [self.value(seq.play) for seq in seqs]
        # Depth first over sets of disjoint sequences (longest first), judging each by value only.
        best_value = self._rest_value(naturals, jokers)
        best_choice: tuple[int, ...] = ()
        stack: list[tuple[int, int, int, float, tuple[int, ...]]] = [(0, 0, 0, 0.0, ())]
        leaves = 0
        limit = MAX_SPLITS if hand.bit_count() <= 16 else MAX_SPLITS // 4
        while stack and leaves < limit:
            start, used, used_j, value, chosen = stack.pop()
            if chosen:
                leaves += 1
                total = value + self._rest_value(naturals & ~used, jokers - used_j)
                if total > best_value:
                    best_value, best_choice = total, chosen
            for k in range(len(seqs) - 1, start - 1, -1):
                seq = seqs[k]
                if seq.naturals & used or used_j + seq.jokers > jokers:
                    continue
                stack.append((k + 1, used | seq.naturals, used_j + seq.jokers, value + seq_values[k], (*chosen, k)))
        # Build the plays of the best split.
        chosen_plays: list[Play] = []
        used = used_j = 0
        for k in best_choice:
            seq = seqs[k]
            play = seq.play
            if seq.jokers:
                jbits = 0
                for b in joker_bits[used_j: used_j + seq.jokers]:
                    jbits |= b
                play = play._replace(cards=seq.naturals | jbits)
            chosen_plays.append(play)
            used |= seq.naturals
            used_j += seq.jokers
        _, plays = self._rest(naturals & ~used, joker_bits[used_j:], chosen_plays)
        return self._summary(plays)

    def _group_value(self, rank: int, size: int) -> float:
        """The value of a natural group (or single) of ``size`` cards at ``rank`` (a table)."""
        index = rank * 5 + size
        found = self._table[index]
        if found is None:
            suits = (1 << size) - 1
            found = self.value(Play(suits << (rank << 2), SINGLE if size == 1 else GROUP, rank, size, suits))
            self._table[index] = found
        return found

    def _rest_value(self, naturals: int, jokers: int) -> float:
        """The value of ``_rest`` without building the plays (the fast path of the search)."""
        total = 0.0
        groups: list[tuple[int, int]] = []
        table = self._group_value
        for r in range(N_RANKS):
            suits = (naturals >> (r << 2)) & 0xF
            if not suits:
                continue
            count = suits.bit_count()
            whole = table(r, count)
            if count > 1:
                single = table(r, 1)
                if single * count > whole:
                    total += single * count
                    continue
            total += whole
            if jokers:
                groups.append((r, count))
        if jokers:
            total += self._joker_gain(groups, jokers)
        return total

    def _joker_gain(self, groups: list[tuple[int, int]], jokers: int) -> float:
        """What the free jokers add at best: alone, helping groups, or (two) as a pair."""
        lone = self.value(LONE_JOKER)
        best = lone * jokers
        for i, (r, c) in enumerate(groups):
            base = self._group_value(r, c)
            gain = self._joker_group_value(r, c, 1) - base
            best = max(best, gain + lone * (jokers - 1))
            if jokers == 2:
                best = max(best, self._joker_group_value(r, c, 2) - base)
                for r2, c2 in groups[i + 1:]:
                    best = max(best, gain + self._joker_group_value(r2, c2, 1) - self._group_value(r2, c2))
        if jokers == 2:
            best = max(best, self.value(Play(JOKER_MASK, GROUP, 0 if self.reversed else N_RANKS - 1, 2, 0b0011)))
        return best

    def _joker_group_value(self, rank: int, count: int, jokers: int) -> float:
        suits = (1 << count) - 1
        jbits = (1 << 52) if jokers == 1 else JOKER_MASK
        return self.value(_with_jokers(Play(suits << (rank << 2), GROUP, rank, count, suits), jbits))

    def _summary(self, plays: list[Play]) -> Plan:
        rules = self.rules
        value = 0.0
        weak = controls = 0
        can_end = not rules.forbidden_finish
        for play in plays:
            v = self.value(play)
            value += v
            if v >= 1.0:
                controls += 1
            else:
                weak += 1
            if not can_end and not forbidden_finish(play, rules, self.reversed):
                can_end = True
        if not can_end:
            value -= 2.0
        return Plan(value, tuple(plays), weak, controls, can_end)

    def _rest(self, naturals: int, jokers: list[int], chosen: list[Play]) -> tuple[float, list[Play]]:
        """Value and plays of the chosen sequences plus the rest grouped by rank, jokers placed best."""
        plays = list(chosen)
        value = 0.0
        for p in chosen:
            value += self.value(p)
        groups: list[Play] = []
        for r in range(N_RANKS):
            suits = (naturals >> (r << 2)) & 0xF
            if not suits:
                continue
            play = _group(suits << (r << 2), r, suits, 0)
            whole = self.value(play)
            count = suits.bit_count()
            if count > 1:
                low = suits & -suits
                single = self.value(_group(low << (r << 2), r, low, 0))
                if single * count > whole:
                    for s in range(4):
                        if suits >> s & 1:
                            plays.append(_group(1 << (r * 4 + s), r, 1 << s, 0))
                    value += single * count
                    continue
            groups.append(play)
            value += whole
        if not jokers:
            return value, plays + groups
        gain, helped, alone = self._place_jokers(groups, jokers)
        return value + gain, plays + helped + alone

    def _place_jokers(self, groups: list[Play], jokers: list[int]) -> tuple[float, list[Play], list[Play]]:
        """Each free joker alone, helping a group, or (two) as a pair: whichever adds most.

        Returns the value added, the groups (some with jokers) and the plays of the jokers left alone.
        """
        alone = [Play(j, SINGLE, JOKER_RANK, 1, 0) for j in jokers]
        lone_value = self.value(alone[0])
        best = (lone_value * len(jokers), groups, alone)
        for i, group in enumerate(groups):
            base = self.value(group)
            one = _with_jokers(group, jokers[0])
            gain = self.value(one) - base
            if gain + lone_value * (len(jokers) - 1) > best[0]:
                best = (gain + lone_value * (len(jokers) - 1), _replace(groups, i, one), alone[1:])
            if len(jokers) == 2:
                both = _with_jokers(group, jokers[0] | jokers[1])
                g = self.value(both) - base
                if g > best[0]:
                    best = (g, _replace(groups, i, both), [])
                for k in range(i + 1, len(groups)):
                    other = _with_jokers(groups[k], jokers[1])
                    g2 = gain + self.value(other) - self.value(groups[k])
                    if g2 > best[0]:
                        best = (g2, _replace(_replace(groups, i, one), k, other), [])
        if len(jokers) == 2:
            pair = Play(jokers[0] | jokers[1], GROUP, 0 if self.reversed else N_RANKS - 1, 2, 0b0011)
            v = self.value(pair)
            if v > best[0]:
                best = (v, groups, [pair])
        return best

    def _sequences(self, naturals: int, jokers: int) -> list[_Seq]:
        """Candidate sequences: natural runs and runs with up to ``jokers`` gaps filled."""
        min_len = self.rules.sequence_min
        out: list[_Seq] = []
        for suit in range(4):
            ranks = suit_ranks(naturals, suit)
            if ranks.bit_count() + jokers < min_len or ranks.bit_count() < 2:
                continue
            for low in range(N_RANKS):
                if not ranks >> low & 1 and not (jokers and low + 1 < N_RANKS and ranks >> (low + 1) & 1):
                    continue
                missing = 0
                cards = 0
                for length in range(1, N_RANKS - low + 1):
                    r = low + length - 1
                    if ranks >> r & 1:
                        cards |= 1 << (r * 4 + suit)
                    else:
                        missing += 1
                        if missing > jokers:
                            break
                    held = length - missing
                    if length >= min_len and held >= 2:
                        out.append(_Seq(cards, missing, Play(cards, SEQUENCE, low, length, 1 << suit)))
        out.sort(key=lambda seq: -seq.play.size)
        return out


def _has_run(naturals: int, length: int) -> bool:
    """Do ``naturals`` hold ``length`` or more consecutive ranks of one suit (a sequence without jokers)?"""
    starts = naturals
    for k in range(1, length):
        starts &= naturals >> (k << 2)
    return starts != 0


def _group(cards: int, rank: int, suits: int, jokers: int) -> Play:
    size = suits.bit_count() + jokers
    return Play(cards, SINGLE if size == 1 else GROUP, rank, size, suits)


def _replace(plays: list[Play], index: int, play: Play) -> list[Play]:
    out = list(plays)
    out[index] = play
    return out


def _with_jokers(group: Play, jbits: int) -> Play:
    j = jbits.bit_count()
    natural = (group.cards >> (group.rank << 2)) & 0xF
    suits = canonical_group_suits(natural, j)
    return Play(group.cards | jbits, GROUP, group.rank, group.size + j, suits)
