"""Strong (強い): a planner that judges every candidate move by the hand it leaves.

For each legal move the remaining hand is split into its best plan (see
``hand_plan``); the move's score is the plan's value, plus the worth of
taking the lead when nothing unseen can beat the move (or it cuts), plus a
large bonus when the hand can then be played out without losing the lead.
Revolutions are judged by planning the rest of the hand in the new order,
8-cuts and the spade-3 return as sure tricks, locks and J-backs by the plays
that could still beat the move.  Going out is always taken unless it would
be a forbidden finish; a plan that can only end forbidden is penalised.

``strong_move`` is a pure function of the public state and the hand of the
seat to act (``strong_policy`` plays it in a complete game).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from game.engine import PASS, Game, Move, Observation, Play, PublicView, moves_for
from game.engine.cards import JOKER_RANK, iter_ids
from game.engine.effects import effects, forbidden_finish, loses_hopeless, revolts, skip_clears
from game.engine.native import Reduced, rebuilt
from game.engine.plays import GROUP
from game.levels import Level

from .hand import power, unseen
from .hand_plan import Judgement, Outlook, Plan, strength_of
from .player import Player, gift_count


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable constants of the Strong evaluation."""

    lead: float = 1.0
    """Worth of winning the trick (taking the lead).  At 1.0 a sure trick is worth
    as much played now as kept in the hand (the arena: 3.80-3.87 points per game
    against four Normal at 1.0, 3.52-3.57 at 0.7).  Also what a gift costs that hands
    over the card leading every game (``ranked_gifts``)."""
    finish: float = 20.0
    """Bonus when the rest of the hand can be played out holding the lead."""
    pass_bias: float = 0.0
    """Added to passing."""
    chances: bool = True
    """Judge plays by the chance that the other hands (by their sizes) can beat them,
    rather than by the number of ranks that could."""

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt


DEFAULT_WEIGHTS = Weights()
WIN = 1000.0
MANY_LEADS = 24
"""With more legal leads than this, only the sensible ones are weighed (see ``_lead_candidates``)."""
LOSE = -1000.0


def scored_moves(
    game: PublicView, hand: int, weights: Weights = DEFAULT_WEIGHTS, drawn: int = -1
) -> list[tuple[float, Move]]:
    """Every legal move of the seat to act, holding ``hand``, with its Strong score (higher is better)."""
    return [(score, move) for score, move, _, _ in judged_moves(game, hand, weights, drawn)]


Judged = tuple[float, Move, Judgement | None, float]
"""A move as Strong weighs it: its score, the move, the plan of the hand it leaves (for a pass, of the hand;
None when the move goes out or loses at once) and how likely it wins its trick (0 for a pass)."""


def judged_moves(game: PublicView, hand: int, weights: Weights = DEFAULT_WEIGHTS, drawn: int = -1) -> list[Judged]:
    """``scored_moves`` with the numbers behind each score (``Judged``)."""
    seat = game.turn
    moves = moves_for(game, hand, drawn)
    rules = game.rules
    others = game.active & ~(1 << seat)
    opponents = tuple(game.counts[s] for s in range(game.n) if others >> s & 1) if weights.chances else None
    outlook = Outlook(rules, unseen(game, hand), game.revolution, opponents)
    flipped: Outlook | None = None
    stock = game.stock_count(seat)
    reversed_now = game.revolution != game.j_back
    if rules.pass_until_clear:
        others &= ~game.passed
    if len(moves) > MANY_LEADS:
        moves = _lead_candidates(moves, hand, outlook.plan(hand)) if game.top is None else _distinct(moves)
    out: list[Judged] = []
    for move in moves:
        if not isinstance(move, Play):
            kept = outlook.judge(hand)
            # On an extra turn (everyone else passed our play) passing clears the table: we lead.
            lead = weights.lead if rules.extra_turn and game.last_player == seat else 0.0
            out.append((kept.value + lead + weights.pass_bias, move, kept, 0.0))
            continue
        rest = hand & ~move.cards
        if not rest and not stock:
            out.append((LOSE if forbidden_finish(move, rules, reversed_now) else WIN, move, None, 1.0))
            continue
        if loses_hopeless(rules, rest, stock):
            out.append((LOSE + 1, move, None, 0.0))
            continue
        view = outlook
        if revolts(move, rules):
            if flipped is None:
                flipped = outlook.flipped()
            view = flipped
        plan = view.judge(rest)
        chance = _win_chance(game, move, outlook, others, weights.chances)
        score = plan.value + weights.lead * chance
        if chance >= 1.0 and plan.finishable():
            score += weights.finish
        out.append((score, move, plan, chance))
    return out


def _lead_candidates(moves: list[Move], hand: int, plan: Plan) -> list[Move]:
    """The leads worth weighing in a big hand: the plan's plays, single cards and whole ranks."""
    planned = {p.cards for p in plan.plays}
    out: list[Move] = []
    for move in moves:
        if not isinstance(move, Play):
            continue
        whole_rank = move.kind == GROUP and move.cards == hand & (0xF << (move.rank << 2))
        if move.cards in planned or move.size == 1 or whole_rank:
            out.append(move)
    return out or moves


def _distinct(moves: list[Move]) -> list[Move]:
    """One move per kind, rank, size and joker count (in a big hand, suits seldom matter)."""
    seen: set[tuple[int, int, int, int]] = set()
    out: list[Move] = []
    for move in moves:
        if isinstance(move, Play):
            key = (move.kind, move.rank, move.size, move.jokers)
            if key in seen:
                continue
            seen.add(key)
        out.append(move)
    return out


def _win_chance(game: PublicView, move: Play, outlook: Outlook, others: int, chances: bool) -> float:
    """How likely ``move`` wins its trick: 1 when it clears the table (``effects``: 8切り, スペ3返し, 砂嵐,
    救急車; a 5スキップ that comes round) or nothing unseen can beat it."""
    if not others:
        return 1.0
    eff = effects(move, game)
    if eff.cut or (eff.skips and skip_clears(eff.skips, others)):
        return 1.0
    reversed_ = (game.revolution != eff.revolution) != (game.j_back != eff.j_back)
    lock = 0 if eff.ends_lock else eff.locks or game.lock
    if chances:
        counts = tuple(game.counts[s] for s in range(game.n) if others >> s & 1)
        return outlook.hold_chance(move, lock, reversed_, counts)
    return strength_of(outlook.beaters(move, lock, reversed_))


def strong_move(game: PublicView, hand: int, weights: Weights = DEFAULT_WEIGHTS, drawn: int = -1) -> Move:
    """The Strong level's move for the seat to act, holding ``hand``, in ``game``."""
    moves = moves_for(game, hand, drawn)
    if len(moves) == 1:
        return moves[0]
    return best_scored(scored_moves(game, hand, weights, drawn), game)


def best_scored(scored: Sequence[tuple[float, Move]] | Sequence[Judged], game: PublicView) -> Move:
    """Strong's choice among scored moves: the highest score; of equal ones the weaker play (keeping the
    stronger cards), and playing before passing."""
    reversed_now = game.revolution != game.j_back
    best: tuple[float, float, Move] | None = None
    for entry in scored:
        score, move = entry[0], entry[1]
        tie = -play_weight(move, reversed_now) if isinstance(move, Play) else -99.0
        if best is None or (score, tie) > (best[0], best[1]):
            best = (score, tie, move)
    assert best is not None
    return best[2]


def strong_policy(game: Game) -> Move:
    """``strong_move`` for the seat to act in a complete game (playouts)."""
    return strong_move(game, game.hands[game.turn], drawn=game.drawn)


def play_weight(play: Play, reversed_: bool) -> float:
    """How much strength a play spends (for tie-breaks): its cards' powers."""
    total = 0.0
    for cid in iter_ids(play.cards):
        total += power(cid >> 2 if cid < 52 else JOKER_RANK, reversed_)
    return total


def best_gift(obs: Observation, weights: Weights = DEFAULT_WEIGHTS) -> int:
    """The cards to give that leave the best plan (ties: the weakest cards)."""
    return ranked_gifts(obs, 1, weights)[0]


def ranked_gifts(obs: Observation, limit: int, weights: Weights = DEFAULT_WEIGHTS) -> list[int]:
    """The ``limit`` best gifts by the plan they leave, best first (ties: the weaker cards first);
    ``[0]`` when nothing is to be given.

    The cards given stay in play: the plan is judged with them in the receiver's hand (a ♠3 given
    away can beat the giver's lone joker).  Where one card's holder leads every game (UECda's ♦3:
    ``RuleSet.lead_card``), giving it hands the receiver the first lead, worth ``weights.lead``.
    """
    count = gift_count(obs)
    hand = obs.hand
    if count <= 0:
        return [0]
    ids = list(iter_ids(hand))
    if count >= len(ids):
        return [hand]
    rules = obs.rules
    others = unseen(obs.state, hand)
    lead_card = rules.lead_card
    ranked: list[tuple[float, float, int]] = []
    for chosen in combinations(ids, count):
        gift = 0
        for cid in chosen:
            gift |= 1 << cid
        value = Outlook(rules, others | gift, obs.state.revolution).judge(hand & ~gift).value
        if lead_card is not None and gift >> lead_card & 1:
            value -= weights.lead
        weight = -sum(power(c >> 2 if c < 52 else JOKER_RANK, False) for c in chosen)
        ranked.append((value, weight, gift))
    # Stable: among equal (value, weight), the first combination found (the lowest ids) stays first.
    ranked.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)
    return [gift for _, _, gift in ranked[:limit]]


class Strong(Player):
    """Level 3: plans its hand, counts sure tricks, times its special plays."""

    level = Level.STRONG

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        return strong_move(obs.state, obs.hand, self.weights, obs.drawn)

    def choose_gift(self, obs: Observation, rng: random.Random) -> int:
        return best_gift(obs, self.weights)


__all__ = [
    "PASS", "Judged", "Strong", "Weights", "best_gift", "best_scored", "judged_moves", "ranked_gifts", "scored_moves",
    "strong_move",
]
