"""One game (one deal): exchange, turns, tricks, rule effects and the result.

``Game`` is the public ``State`` with the hidden cards beside it, and two ways to move it on:

* checked: ``verify(move)`` raises ``IllegalMove`` with a reason code,
  ``can(move)`` answers yes or no, ``play(move)`` verifies, applies and returns
  the ``Event`` list the UI animates; ``give(seat, cards)`` for the exchange;
* unchecked: ``apply(move)`` for a move taken from ``legal_moves()``, with no
  checks and no events, and ``clone()``, for search.

Seats act in increasing order (decreasing while 9リバース has turned it round).
Hands are card-set bitmasks (see ``cards``).

>>> import random
>>> from game.engine.rules import preset_rules
>>> game = Game.new(preset_rules("uecda"), random.Random(7))
>>> moves = game.legal_moves()
>>> PASS in moves, len(moves) > 0
(False, True)
>>> events = game.play(moves[0])
>>> type(events[0]).__name__
'Played'
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final, overload

from . import legality
from .cards import (
    JOKER_MASK,
    card_id,
    deck_mask,
    format_cards,
    strongest_cards,
)
from .deal import Deal, deal
from .effects import Effects, Situation, effects, loses_hopeless, skip_clears
from .errors import IllegalMove, Reason
from .events import (
    Ambulance,
    ClearReason,
    Dealt,
    DrawSource,
    Drew,
    EightCut,
    Event,
    Exchanged,
    Finished,
    FiveSkip,
    ForbiddenFinish,
    GameOver,
    Gekokujo,
    HopelessHand,
    JBack,
    LeadReason,
    Locked,
    MiyakoOchi,
    NineReverse,
    Passed,
    Played,
    Revolution,
    Sandstorm,
    SevenPass,
    Spade3Return,
    Started,
    TenDiscard,
    TrickCleared,
)
from .movegen import legal_plays, lock_suits
from .plays import PASS, Move, Pass, Play
from .rules import LaterLeader, RuleSet, Title
from .state import FIELDS, Entry, Gift, GiftKind, PendingGift, Phase, PublicState, State, Turn, blank

HIDDEN_FIELDS: Final = (
    "_given_leader",
    "_random_leader",
    "deal",
    "drawn",
    "hands",
    "history",
    "pile",
    "removed",
    "setup_events",
    "stocks",
)
"""The fields a ``Game`` holds beside the public ones (``snapshot`` compares them all)."""


class Game(State):
    """The state of one game of Daifugō: the public state (``State``) and, beside it, the hidden cards."""

    __slots__ = HIDDEN_FIELDS

    hands: list[int]
    """Card sets by seat."""
    stocks: list[list[int]] | None
    """With ``hand_size``: each seat's stock, card ids, the top card last."""
    pile: list[int] | None
    """With ``pile_draw``: the common pile, card ids, the top card last."""
    removed: int
    """Cards that left the game unseen (the hand of a player removed by 都落ち...)."""
    deal: Deal
    """The hands, stocks and pile as dealt (for records)."""
    drawn: int
    """The card id just drawn from the pile by ``drawn_seat`` (-1: none)."""
    history: list[Entry]
    """What happened, in order: every play and pass with the table it was made on and why the trick
    ended (``Turn``), and every card that changed hands otherwise (``Gift``: the exchange, 7渡し, 10捨て)."""
    setup_events: list[Event]
    """The events of the deal and of the automatic part of the exchange."""
    _given_leader: int | None
    """The leader the set-up named (None: the rules choose), kept to deal the game again."""
    _random_leader: int
    """The seat a random first leader falls on, kept to deal the game again."""

    @classmethod
    def from_hands(
        cls,
        rules: RuleSet,
        hands: Sequence[int],
        *,
        stocks: Sequence[Sequence[int]] | None = None,
        pile: Sequence[int] | None = None,
        previous_places: Sequence[int] | None = None,
        leader: int | None = None,
        random_leader: int = 0,
        first: int = 0,
    ) -> Game:
        """A game set up from dealt hands (card sets by seat).

        ``previous_places`` (seats from 1st to last of the game before) make it
        a game 2+: exchange, 都落ち, 下克上 and ``later_leader`` apply.
        ``leader`` overrides the rules' choice of leader; ``random_leader`` is
        the seat a random first leader falls on.  ``first`` is only reported
        in the ``Dealt`` event.
        """
        _check_setup(rules, hands, stocks, pile, previous_places, leader)
        game = blank(cls)
        game.set_opening(rules, [h.bit_count() for h in hands], previous_places)
        game.hands = list(hands)
        game.stocks = [list(reversed(s)) for s in stocks] if stocks is not None else None
        game.pile = list(reversed(pile)) if pile is not None else None
        if stocks is not None:
            game.stock_counts = [len(s) for s in stocks]
        game.pile_count = len(pile) if pile is not None else 0
        game.deal = Deal(
            hands=tuple(hands),
            stocks=tuple(tuple(s) for s in stocks) if stocks is not None else None,
            pile=tuple(pile) if pile is not None else None,
        )
        game.removed = 0
        game.drawn = -1
        game.history = []
        game._given_leader = leader
        game._random_leader = random_leader
        game.setup_events = [Dealt(counts=tuple(game.counts), first=first, state=game.public())]
        if game.previous_places is not None and rules.exchange and game.n >= 3:
            game._automatic_gifts(game.setup_events)
        if game.pending:
            game.phase = Phase.EXCHANGE
            game.turn = game.pending[0].giver
        else:
            game._start(game.setup_events)
        return game

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        rng: random.Random,
        *,
        previous_places: Sequence[int] | None = None,
        leader: int | None = None,
    ) -> Game:
        """Shuffle and deal a new game with ``rng``.

        The first game's deal starts at a random seat, later games' at the
        previous 1st place.
        """
        first = previous_places[0] if previous_places else rng.randrange(rules.players)
        dealt = deal(rules, rng, first)
        return cls.from_hands(
            rules,
            dealt.hands,
            stocks=dealt.stocks,
            pile=dealt.pile,
            previous_places=previous_places,
            leader=leader,
            random_leader=rng.randrange(rules.players),
            first=first,
        )

    @classmethod
    def from_position(
        cls,
        state: PublicState,
        hands: Sequence[int],
        *,
        history: Sequence[Entry] = (),
        stocks: Sequence[Sequence[int]] | None = None,
        pile: Sequence[int] | None = None,
        removed: int = 0,
        drawn: int = -1,
        dealt: Sequence[int] | None = None,
    ) -> Game:
        """A game in the middle: the public ``state`` with these hidden cards.

        ``hands`` by seat; ``stocks`` (top card last) and ``pile`` (top card
        last) as many cards as the state says; ``removed``, the cards that left
        unseen; ``drawn``, the card ``state.drawn_seat`` drew; ``history``, what
        happened before (as far as it is known).  ``ValueError`` names what does
        not fit the state.  The deal of the result is the position itself (a
        record of it starts here).
        """
        _check_position(state, hands, stocks, pile, removed, drawn)
        g = blank(cls)
        g.assign(state)
        g.hands = list(hands)
        g.stocks = [list(s) for s in stocks] if stocks is not None else None
        g.pile = list(pile) if pile is not None else None
        g.removed = removed
        g.deal = Deal(
            hands=tuple(hands if dealt is None else dealt),
            stocks=tuple(tuple(reversed(s)) for s in stocks) if stocks is not None else None,
            pile=tuple(reversed(pile)) if pile is not None else None,
        )
        g.drawn = drawn if state.drawn_seat >= 0 else -1
        g.history = list(history)
        g.setup_events = []
        # During the exchange no one leads yet: the rules pick the leader once the gifts are given.
        g._given_leader = None if state.phase is Phase.EXCHANGE else state.leader
        g._random_leader = 0
        return g

    # --- questions ---------------------------------------------------------

    def public(self) -> PublicState:
        """A snapshot of the public state (what every player may see): ``freeze()``."""
        return self.freeze()

    def legal_moves(self) -> LegalMoves:
        """The moves of the seat to act (lazy: generated on first use)."""
        return LegalMoves(self)

    def move_list(self) -> list[Move]:
        """The moves of the seat to act as a fresh list, PASS last (the fast path for search)."""
        return legality.moves_for(self, self.hands[self.turn], self.drawn)

    def readings(self, cards: int, joker_as: Sequence[int] = ()) -> list[Play]:
        """The legal readings of ``cards`` for the seat to act, strongest first.

        ``joker_as`` (card ids) keeps only the readings whose jokers stand for them.
        """
        return legality.readings(self, cards, joker_as)

    def resolve(self, cards: int, joker_as: Sequence[int] = ()) -> Play:
        """The play the seat to act makes with ``cards``: the strongest legal reading."""
        return legality.resolve(self, self.hands[self.turn], self.drawn, cards, joker_as)

    def verify(self, move: Move, seat: int | None = None) -> Move:
        """Return ``move`` as it will be applied, or raise ``IllegalMove`` saying why."""
        legality.check_turn(self, seat)
        return legality.verify(self, self.hands[self.turn], self.drawn, move)

    def can(self, move: Move, seat: int | None = None) -> bool:
        """Is ``move`` legal now (for ``seat``, by default the seat to act)?"""
        try:
            self.verify(move, seat)
        except IllegalMove:
            return False
        return True

    def turns(self) -> list[Turn]:
        """The plays and passes of the history, in order."""
        return [entry for entry in self.history if isinstance(entry, Turn)]

    # --- the exchange ------------------------------------------------------

    def verify_give(self, seat: int, cards: int) -> PendingGift:
        """The pending gift ``cards`` would settle, or ``IllegalMove`` saying why not.

        A joker in ``cards`` is any joker the seat holds (they are interchangeable).
        """
        if not self.phase.giving:
            raise IllegalMove(Reason.GAME_OVER if self.over else Reason.NOT_EXCHANGING, seat=seat)
        gift = next((g for g in self.pending if g.giver == seat), None)
        if gift is None:
            raise IllegalMove(Reason.NOT_EXCHANGING, seat=seat)
        legality.check_gift(self.hands[seat], gift.count, cards)
        return gift

    def give(self, seat: int, cards: int) -> list[Event]:
        """A seat gives the cards it chose: an upper class in the exchange (the game starts
        after the last gift), or the player handing cards on (7渡し) or discarding them (10捨て)."""
        gift = self.verify_give(seat, cards)
        cards = legality.use_held_jokers(cards, self.hands[seat])
        events: list[Event] = []
        if self.phase is Phase.HANDOFF:
            self._hand_off(gift, cards, events)
            return events
        self.pending.remove(gift)
        if self.pending:
            self.turn = self.pending[0].giver
        self._transfer(seat, gift.receiver, cards, True, events)
        if not self.pending:
            self.phase = Phase.PLAY
            self._start(events)
        return events

    def _automatic_gifts(self, events: list[Event]) -> None:
        assert self.previous_places is not None
        places = self.previous_places
        n = self.n
        for i in range(n // 2):
            count = self.rules.exchange_count(i)
            upper, lower = places[i], places[n - 1 - i]
            if count and self.hands[lower] and self.hands[upper]:
                self._transfer(lower, upper, strongest_cards(self.hands[lower], count), False, events)
                self.pending.append(PendingGift(upper, lower, min(count, self.hands[upper].bit_count())))

    def apply_gift(self, cards: int) -> None:
        """Hand on or discard ``cards`` for the seat to act, without checks or events (search)."""
        self._hand_off(self.pending[0], cards, None)

    def _hand_off(self, gift: PendingGift, cards: int, ev: list[Event] | None) -> None:
        seat = gift.giver
        self.pending.pop(0)
        self.history.append(Gift(seat, gift.receiver, cards, cards.bit_count(), gift.kind, True))
        self.hands[seat] &= ~cards
        self.counts[seat] = left = self.hands[seat].bit_count()
        if gift.kind is GiftKind.SEVEN_PASS:
            receiver = gift.receiver
            self.hands[receiver] |= cards
            self.counts[receiver] = self.hands[receiver].bit_count()
        else:
            self.played |= cards
        if self.pending and left:
            nxt = self.pending[0]
            self.pending[0] = PendingGift(seat, nxt.receiver, min(nxt.count, left), nxt.kind)
        else:
            self.pending.clear()  # nothing left to discard after handing the last card on
            self.phase = Phase.PLAY
        if ev is not None:
            if gift.kind is GiftKind.SEVEN_PASS:
                ev.append(SevenPass(seat, gift.receiver, cards, cards.bit_count(), self.public()))
            else:
                ev.append(TenDiscard(seat, cards, self.public()))
        if not self.pending:
            self._handed_off(seat, left, ev)

    def _handed_off(self, seat: int, left: int, ev: list[Event] | None) -> None:
        """The play goes on once the player who played has handed on and discarded what it owed."""
        turn = self.history[self._last_turn()]
        assert isinstance(turn, Turn) and isinstance(turn.move, Play)
        if not left:
            self._go_out(seat, False, ev)
            if self.phase is Phase.OVER:
                return
        eff = effects(turn.move, Situation(self.rules, turn.top, turn.lock, turn.lock_base, turn.reversed))
        self._after_play(seat, eff.cut, eff.skips, ev)

    def _transfer(self, giver: int, receiver: int, cards: int, chosen: bool, events: list[Event]) -> None:
        self.hands[giver] &= ~cards
        self.hands[receiver] |= cards
        self.counts[giver] = self.hands[giver].bit_count()
        self.counts[receiver] = self.hands[receiver].bit_count()
        self.history.append(Gift(giver, receiver, cards, cards.bit_count(), GiftKind.EXCHANGE, chosen))
        events.append(Exchanged(giver, receiver, cards, chosen, cards.bit_count(), self.public()))

    def _start(self, events: list[Event]) -> None:
        if self.stocks is not None:
            for seat in range(self.n):
                self._refill(seat, self.rules.hand_size - self.hands[seat].bit_count(), events)
        seat, reason = self._choose_leader()
        self.leader = self.turn = seat
        events.append(Started(seat, reason, self.public()))

    def _choose_leader(self) -> tuple[int, LeadReason]:
        if self._given_leader is not None:
            return self._given_leader, LeadReason.GIVEN
        rules = self.rules
        if self.previous_places is not None and rules.later_leader is not LaterLeader.FIRST_LEADER:
            return self.previous_places[-1], LeadReason(rules.later_leader.value)
        suit = rules.first_leader.suit
        if suit is None:
            return self._random_leader, LeadReason.RANDOM
        order = [suit] + [s for s in range(4) if s != suit]
        for rank in range(13):
            for s in order:
                cid = card_id(rank, s)
                for seat, hand in enumerate(self.hands):
                    if hand >> cid & 1:
                        return seat, LeadReason(rules.first_leader.value)
        return self._random_leader, LeadReason.RANDOM

    # --- moving on ---------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        """Verify and apply the move of the seat to act; return what happened."""
        move = self.verify(move)
        events: list[Event] = []
        self._do(move, events)
        return events

    def apply(self, move: Move) -> None:
        """Apply a move taken from ``legal_moves()`` without checks or events (search)."""
        self._do(move, None)

    def _do(self, move: Move, events: list[Event] | None) -> None:
        seat = self.turn
        if isinstance(move, Play):
            self._play(seat, move, events)
        else:
            self._pass(seat, events)

    def _play(self, seat: int, play: Play, ev: list[Event] | None) -> None:
        """``seat`` plays: the cards go on the table, the play takes effect, the player may go out, and the
        next seat acts (once the player has handed on and discarded what the play owes)."""
        hand = self.hands[seat] & ~play.cards
        stock = self.stocks[seat] if self.stocks is not None else None
        eff = effects(play, self, finishes=not hand and not stock)
        self._lay(seat, play, hand, eff)
        if ev is not None:
            ev.append(Played(seat, play, self.public()))
        if eff.revolution or eff.j_back or eff.locks or eff.turns_round or eff.cut:
            self._take_effect(seat, eff, ev)
        if stock:
            self._refill(seat, play.size, ev)
            hand = self.hands[seat]
        if not hand:
            self._go_out(seat, eff.forbidden, ev)
        elif stock is not None and not stock and loses_hopeless(self.rules, hand, 0):
            self._lose_hopeless(seat, ev)
        if self.phase is Phase.PLAY:
            self._after_play(seat, eff.cut, eff.skips, ev)

    def _lay(self, seat: int, play: Play, hand: int, eff: Effects) -> None:
        """Put ``play`` on the table from ``seat``'s hand (now ``hand``); note what it owes (7渡し, 10捨て)."""
        rules = self.rules
        self.history.append(_new_turn(Turn, (seat, play, self.top, self.last_player, self.passed, self.lock,
                                             self.lock_base, self.revolution, self.j_back, self.backwards, None)))
        self.hands[seat] = hand
        self.counts[seat] = hand.bit_count()
        self.played |= play.cards
        self.trick.append((seat, play))
        self.top = play
        self.last_player = seat
        if rules.pass_until_clear:
            self.passed &= ~(1 << seat)
        else:
            self.passed = 0
        self.drawn_seat = self.drawn = -1
        if rules.lock:
            self.lock_base = lock_suits(play, rules)
            if eff.ends_lock:
                self.lock = 0
        if hand and (eff.hands_on or eff.discards):
            self._owe(seat, hand, eff)

    def _owe(self, seat: int, hand: int, eff: Effects) -> None:
        """The player acts again: it hands cards on (7渡し) and discards (10捨て) before play goes on."""
        left = hand.bit_count()
        if eff.hands_on:
            # to the next player in the direction after this play (its 9s may turn it round)
            receiver = self._next_seat(seat, self.active & ~(1 << seat), self.backwards != eff.turns_round)
            self.pending.append(PendingGift(seat, receiver, min(eff.hands_on, left), GiftKind.SEVEN_PASS))
        if eff.discards:
            self.pending.append(PendingGift(seat, -1, min(eff.discards, left), GiftKind.TEN_DISCARD))
        self.phase = Phase.HANDOFF

    def _take_effect(self, seat: int, eff: Effects, ev: list[Event] | None) -> None:
        """A play's revolution, J-back, lock, 9リバース and cut, each with its event."""
        if eff.revolution:
            self.revolution = not self.revolution
            if ev is not None:
                ev.append(Revolution(seat, self.revolution, self.public()))
        if eff.j_back:
            self.j_back = not self.j_back
            if ev is not None:
                ev.append(JBack(seat, self.j_back, self.public()))
        if eff.locks:
            self.lock = eff.locks
            if ev is not None:
                ev.append(Locked(seat, eff.locks, self.public()))
        if eff.turns_round:
            self.backwards = not self.backwards
            if ev is not None:
                ev.append(NineReverse(seat, self.backwards, self.public()))
        if eff.cut and ev is not None:
            ev.append(_CUT_EVENTS[eff.cut](seat, self.public()))

    def _after_play(self, seat: int, cut: ClearReason | None, skips: int, ev: list[Event] | None) -> None:
        """The table clears or the next seat acts, once the play and any handoff are done."""
        if cut:
            self._clear(seat, cut, ev)
        else:
            self._next_turn(seat, ev, skips)

    def _refill(self, seat: int, count: int, ev: list[Event] | None) -> None:
        """Draw up to ``count`` cards from the seat's own stock (hand_size)."""
        assert self.stocks is not None
        stock = self.stocks[seat]
        drawn = 0
        for _ in range(min(count, len(stock))):
            drawn |= 1 << stock.pop()
        self.stock_counts[seat] = len(stock)
        if drawn:
            self.hands[seat] |= drawn
            self.counts[seat] = self.hands[seat].bit_count()
            if ev is not None:
                ev.append(Drew(seat, drawn, DrawSource.STOCK, drawn.bit_count(), self.public()))

    def _pass(self, seat: int, ev: list[Event] | None) -> None:
        self.history.append(_new_turn(Turn, (seat, PASS, self.top, self.last_player, self.passed, self.lock,
                                             self.lock_base, self.revolution, self.j_back, self.backwards, None)))
        declined = self.drawn_seat == seat  # a pass that declines the card just drawn
        if declined:
            self.drawn_seat = self.drawn = -1
        else:
            self.passed |= 1 << seat
        if ev is not None:
            ev.append(Passed(seat, self.public()))
        if not declined and self.pile and self._draw(seat, ev):
            return
        if self.rules.clear_on_pass:
            self._clear(self.last_player, ClearReason.PASS, ev)
        else:
            self._next_turn(seat, ev)

    def _draw(self, seat: int, ev: list[Event] | None) -> bool:
        """The passer draws the pile's top card; True when it may play it at once."""
        assert self.pile
        cid = self.pile.pop()
        self.pile_count -= 1
        self.hands[seat] |= 1 << cid
        self.counts[seat] += 1
        need = JOKER_MASK if cid >= 52 else 1 << cid
        plays = legal_plays(self.hands[seat], self.top, self.revolution != self.j_back, self.lock, self.rules)
        playable = any(p.cards & need for p in plays)
        if playable:
            self.drawn_seat, self.drawn = seat, cid
        if ev is not None:
            ev.append(Drew(seat, 1 << cid, DrawSource.PILE, 1, self.public()))
        return playable

    def _next_turn(self, seat: int, ev: list[Event] | None, skips: int = 0) -> None:
        active = self.active
        if self.top is not None:
            waiting = active & ~self.passed
            if not self.rules.extra_turn:
                waiting &= ~(1 << self.last_player)
            if not waiting:
                self._clear(self.last_player, ClearReason.PASSES, ev)
                return
        eligible = active & ~self.passed if self.rules.pass_until_clear else active
        s = self._next_seat(seat, eligible)
        if skips:
            skipped: list[int] = []
            while len(skipped) < skips and s != seat:
                skipped.append(s)
                s = self._next_seat(s, eligible)
            if ev is not None:
                ev.append(FiveSkip(seat, tuple(skipped), self.public()))
            if eligible >> seat & 1 and skip_clears(skips, eligible & ~(1 << seat)):  # it came round
                self._clear(seat, ClearReason.FIVE_SKIP, ev)
                return
        if s == self.last_player and self.top is not None and not self.rules.extra_turn:
            self._clear(s, ClearReason.PASSES, ev)  # round to the player who played (someone was skipped)
            return
        self.turn = s

    def _next_seat(self, seat: int, eligible: int, backwards: bool | None = None) -> int:
        """The first seat of ``eligible`` after ``seat`` in the direction of play (or the one given)."""
        n = self.n
        step = n - 1 if (self.backwards if backwards is None else backwards) else 1
        s = seat
        for _ in range(n):
            s = (s + step) % n
            if eligible >> s & 1:
                return s
        raise AssertionError("no seat can act")  # pragma: no cover

    def _clear(self, leader: int, reason: ClearReason, ev: list[Event] | None) -> None:
        self.top = None
        self.trick = []
        self.lock = self.lock_base = 0
        self.j_back = False
        self.passed = 0
        if not self.active >> leader & 1:
            leader = self._next_seat(leader, self.active)
        self.turn = leader
        i = self._last_turn()
        self.history[i] = _new_turn(Turn, (*self.history[i][:-1], reason))  # why the trick ended
        if ev is not None:
            ev.append(TrickCleared(leader, reason, self.public()))

    def _last_turn(self) -> int:
        """The index in the history of the last play or pass (handoffs may follow it)."""
        history = self.history
        i = len(history) - 1
        while not isinstance(history[i], Turn):
            i -= 1
        return i

    # --- going out and the result -------------------------------------------

    def _go_out(self, seat: int, forbidden: bool, ev: list[Event] | None) -> None:
        self.active &= ~(1 << seat)
        if forbidden:
            self.forbidden.append(seat)
            if ev is not None:
                ev.append(ForbiddenFinish(seat, self.public()))
        else:
            place = len(self.finishers)
            self.finishers.append(seat)
            if ev is not None:
                ev.append(Finished(seat, place, self.public()))
            if place == 0 and self.previous_places is not None and self._first_out(seat, ev):
                return
        if self.active.bit_count() <= 1:
            self._end(ev)

    def _first_out(self, seat: int, ev: list[Event] | None) -> bool:
        """下克上 (the game ends: True) or 都落ち when ``seat`` goes out 1st in a game 2+."""
        rules = self.rules
        previous = self.previous_places
        assert previous is not None
        if rules.gekokujo and seat == previous[-1] and self.n > 2:
            self.gekokujo = seat
            if ev is not None:
                ev.append(Gekokujo(seat, self.public()))
            self._end(ev, tuple(reversed(previous)))
            return True
        top = previous[0]
        if rules.miyako_ochi and top != seat and self.active >> top & 1:
            self._remove(top)
            self.miyako = top
            if ev is not None:
                ev.append(MiyakoOchi(top, self.public()))
        return False

    def _lose_hopeless(self, seat: int, ev: list[Event] | None) -> None:
        self._remove(seat)
        self.forbidden.append(seat)
        self.hopeless |= 1 << seat
        if ev is not None:
            ev.append(HopelessHand(seat, self.public()))
        if self.active.bit_count() <= 1:
            self._end(ev)

    def _remove(self, seat: int) -> None:
        """Take a player out of the game with the cards it still holds."""
        self.active &= ~(1 << seat)
        self.removed |= self.hands[seat]
        self.hands[seat] = 0
        self.counts[seat] = 0
        if self.stocks is not None:
            for cid in self.stocks[seat]:
                self.removed |= 1 << cid
            self.stocks[seat] = []
            self.stock_counts[seat] = 0
        self.removed_count = self.removed.bit_count()

    def _end(self, ev: list[Event] | None, places: tuple[int, ...] | None = None) -> None:
        if places is None:
            holders = [s for s in range(self.n) if self.active >> s & 1]
            removed = [self.miyako] if self.miyako >= 0 else []
            if removed and self.forbidden and self.rules.info.miyako_ochi_up_one:
                middle = removed + holders
            else:
                middle = holders + removed
            places = tuple(self.finishers + middle + self.forbidden[::-1])
        titles = self.rules.titles
        by_seat = [Title.HEIMIN] * self.n
        points = [0] * self.n
        for place, seat in enumerate(places):
            by_seat[seat] = titles[place]
            points[seat] = self.rules.points_for(place, titles[place])
        self.phase = Phase.OVER
        self.result = GameOver(places, tuple(by_seat), tuple(points))
        if ev is not None:
            ev.append(self.result)

    # --- hidden cards in a world ---------------------------------------------

    def swap_hidden(self, seat: int, cards: int, other: int, back: int) -> None:
        """``seat`` takes ``cards`` from ``other`` and gives it ``back`` as many in return.

        For a game whose hidden cards were placed arbitrarily (a client's shadow
        of a server's game: any card it has not seen may be anywhere); the
        public state does not change.  ``ValueError`` unless each seat holds
        what it gives and the counts match.
        """
        hands = self.hands
        if cards & ~hands[other] or back & ~hands[seat] or cards.bit_count() != back.bit_count():
            raise ValueError(f"seat {seat} cannot swap {format_cards(back)} for seat {other}'s {format_cards(cards)}")
        hands[seat] = hands[seat] & ~back | cards
        hands[other] = hands[other] & ~cards | back

    # --- copies --------------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Every field, public and hidden, as nested tuples: equal snapshots mean equal states."""
        return tuple(_frozen(getattr(self, name)) for name in (*FIELDS, *HIDDEN_FIELDS))

    def clone(self) -> Game:
        """An independent copy (for search)."""
        g = self.copy()
        g.hands = self.hands[:]
        g.stocks = [s[:] for s in self.stocks] if self.stocks is not None else None
        g.pile = self.pile[:] if self.pile is not None else None
        g.removed = self.removed
        g.deal = self.deal
        g.drawn = self.drawn
        g.history = self.history[:]
        g.setup_events = self.setup_events
        g._given_leader = self._given_leader
        g._random_leader = self._random_leader
        return g

    def replayed_events(self) -> list[Event]:
        """Every event of this game so far, the deal's included, as its deal and history make them again.

        What the table showed, for a game resumed from a record: the history
        holds every decision, so the game is dealt again and they are applied in
        order.  ``ValueError`` for a game built from a position (its deal is not
        where its history starts).
        """
        if not self.setup_events:
            raise ValueError("a game built from a position cannot be replayed from its deal")
        first = self.setup_events[0]
        assert isinstance(first, Dealt)
        deal = self.deal
        again = Game.from_hands(self.rules, deal.hands, stocks=deal.stocks, pile=deal.pile,
                                previous_places=self.previous_places, leader=self._given_leader,
                                random_leader=self._random_leader, first=first.first)
        events = list(again.setup_events)
        for entry in self.history:
            if isinstance(entry, Turn):
                events += again.play(entry.move)
            elif entry.chosen:
                events += again.give(entry.giver, entry.cards)
        return events


_new_turn = tuple.__new__
"""``_new_turn(Turn, values)`` is ``Turn(*values)`` without the keyword handling (every move makes one)."""

_CUT_EVENTS: dict[ClearReason, type[EightCut | Spade3Return | Sandstorm | Ambulance]] = {
    ClearReason.EIGHT_CUT: EightCut,
    ClearReason.SPADE3_RETURN: Spade3Return,
    ClearReason.SANDSTORM: Sandstorm,
    ClearReason.AMBULANCE: Ambulance,
}


class LegalMoves(Sequence[Move]):
    """The legal moves of the seat to act, generated on first use.

    Supports ``in`` (answered by the rules, without generating, and always
    agreeing with iteration), ``len``, ``bool``, indexing and iteration, like
    python-chess's move generator.
    """

    __slots__ = ("_game", "_moves")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._moves: list[Move] | None = None

    def _list(self) -> list[Move]:
        if self._moves is None:
            self._moves = self._game.move_list()
        return self._moves

    def __contains__(self, move: object) -> bool:
        """Is ``move`` one of the listed moves: legal, and exactly as the game applies it?

        The same cards read with their jokers' suits changed where that
        changes nothing, or with the other joker, are not listed (and not in).
        """
        if not isinstance(move, (Play, Pass)):
            return False
        try:
            return self._game.verify(move) == move
        except IllegalMove:
            return False

    def __len__(self) -> int:
        return len(self._list())

    def __bool__(self) -> bool:
        game = self._game
        if game.phase is Phase.PLAY and game.top is not None:
            return True
        return bool(self._list())

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        return self._list()[index]

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def count(self, value: object = None) -> int:
        """With no argument, the number of legal moves (python-chess style)."""
        if value is None:
            return len(self)
        return sum(1 for move in self._list() if move == value)

    def __repr__(self) -> str:
        return f"<LegalMoves {self._list()!r}>"


def _frozen(value: object) -> object:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _check_position(
    state: PublicState,
    hands: Sequence[int],
    stocks: Sequence[Sequence[int]] | None,
    pile: Sequence[int] | None,
    removed: int,
    drawn: int,
) -> None:
    """Why hidden cards cannot go with a public state (``ValueError``), or nothing."""
    _check_counts(state, hands, stocks, pile, removed)
    zones = [*hands, removed, *_card_sets([*(stocks or []), *([pile] if pile is not None else [])])]
    seen = state.played
    for zone in zones:
        if seen & zone:
            raise ValueError(f"cards in two places: {format_cards(seen & zone)}")
        seen |= zone
    if seen & ~deck_mask(state.rules.jokers):
        raise ValueError(f"cards not in the deck: {format_cards(seen & ~deck_mask(state.rules.jokers))}")
    _check_table(state, hands, drawn)


def _check_counts(
    state: PublicState,
    hands: Sequence[int],
    stocks: Sequence[Sequence[int]] | None,
    pile: Sequence[int] | None,
    removed: int,
) -> None:
    """``ValueError`` unless the hidden cards are as many, in each place, as the state counts."""
    rules = state.rules
    n = rules.players
    if len(hands) != n:
        raise ValueError(f"{len(hands)} hands for {n} players")
    counts = [h.bit_count() for h in hands]
    if tuple(counts) != tuple(state.counts):
        raise ValueError(f"hands of {counts} cards, but the state counts {list(state.counts)}")
    if (stocks is not None) != bool(rules.hand_size):
        raise ValueError("stocks go with hand_size (the 5-card mode) and only with it")
    if tuple(len(s) for s in stocks or [[]] * n) != tuple(state.stock_counts):
        raise ValueError(f"stocks do not hold the {list(state.stock_counts)} cards the state counts")
    if (pile is not None) != rules.pile_draw or len(pile or ()) != state.pile_count:
        raise ValueError(f"the pile does not hold the {state.pile_count} cards the state counts")
    if removed.bit_count() != state.removed_count:
        raise ValueError(f"{removed.bit_count()} removed cards, but the state counts {state.removed_count}")


def _check_table(state: PublicState, hands: Sequence[int], drawn: int) -> None:
    """``ValueError`` unless the seats in play, the trick and the drawn card fit the hands."""
    n = state.n
    if state.phase is Phase.PLAY or state.phase is Phase.HANDOFF:
        holding = [bool(hands[s] or state.stock_counts[s]) for s in range(n)]
        if holding != [bool(state.active >> s & 1) for s in range(n)]:
            raise ValueError("the seats still in play are not the seats holding cards")
        if not state.active >> state.turn & 1:
            raise ValueError(f"seat {state.turn} is to act but holds no cards")
    if state.trick and (state.top, state.last_player) != (state.trick[-1][1], state.trick[-1][0]):
        raise ValueError("the play to beat is not the last play of the trick")
    if state.drawn_seat >= 0 and not (0 <= drawn < 54 and hands[state.drawn_seat] >> drawn & 1):
        raise ValueError(f"seat {state.drawn_seat} drew a card it does not hold")


def _card_sets(piles: Sequence[Sequence[int]]) -> list[int]:
    """Each list of card ids as a card set; ``ValueError`` if a card appears twice in one."""
    out = []
    for ids in piles:
        mask = 0
        for cid in ids:
            if mask >> cid & 1:
                raise ValueError("a card is dealt twice")
            mask |= 1 << cid
        out.append(mask)
    return out


def _check_setup(
    rules: RuleSet,
    hands: Sequence[int],
    stocks: Sequence[Sequence[int]] | None,
    pile: Sequence[int] | None,
    previous_places: Sequence[int] | None,
    leader: int | None,
) -> None:
    n = rules.players
    if len(hands) != n:
        raise ValueError(f"{len(hands)} hands for {n} players")
    seen = 0
    for zone in [*hands, *_card_sets([*(stocks or []), *([pile] if pile is not None else [])])]:
        if seen & zone:
            raise ValueError(f"cards dealt twice: {format_cards(seen & zone)}")
        seen |= zone
    jokers = (seen & JOKER_MASK).bit_count()
    if jokers > rules.jokers:
        raise ValueError(f"{jokers} jokers dealt but the rules use {rules.jokers}")
    if (stocks is not None) != bool(rules.hand_size):
        raise ValueError("stocks go with hand_size (the 5-card mode) and only with it")
    if stocks is not None and len(stocks) != n:
        raise ValueError(f"{len(stocks)} stocks for {n} players")
    if pile is not None and not rules.pile_draw:
        raise ValueError("a pile goes with pile_draw only")
    if previous_places is not None and sorted(previous_places) != list(range(n)):
        raise ValueError(f"previous places {list(previous_places)} are not the seats 0..{n - 1}")
    if leader is not None and not 0 <= leader < n:
        raise ValueError(f"leader {leader} is not a seat")
    for seat, hand in enumerate(hands):
        if not hand and not (stocks and stocks[seat]):
            raise ValueError(f"seat {seat} is dealt no cards")


__all__ = ["Game", "LegalMoves", "PendingGift", "Phase"]
