"""The client's mirror of the game a UECda server runs: a *shadow* ``Game`` under the uecda rules.

A tournament server tells a client its own hand, the cards left per player,
the classes, the seating and, after every action, the cards on the table.
Our players need an ``Observation``, so the client keeps a shadow ``Game``
that follows the server:

* When play starts (the first turn table of a game) the shadow is dealt: our
  hand is the real one, the other seats get the cards we have not seen, as
  many as the server says each holds.  Those cards are placed arbitrarily;
  ``observe()`` strips them, so nothing leaks and nothing is invented.
* In a game with an exchange the shadow replays the exchange so that the
  observation knows the classes and the cards we gave (``Observation.known``).
  A lower class knows exactly what it gave (its strongest cards) and got (its
  new hand minus what it kept).  An upper class cannot know which cards it
  took: the shadow assumes its strongest cards, which only weakens what an AI
  may infer (the real cards are no stronger).  If the exchange cannot be
  replayed consistently the shadow starts without it (classes are still set).
* After each field table the action of the player whose turn it was is
  inferred: unchanged (or empty) field = a pass, new cards = a play read
  through the joker cells.  If the shadow dealt one of those cards elsewhere,
  it is swapped in first (any unseen card may be anywhere).
* Before each turn the shadow is checked against the server's table (our
  hand, cards left, whose turn, empty table, revolution, lock).  On any
  disagreement it is rebuilt from the table and a warning is logged; it
  never raises on a mismatch.

The ``uecda`` rules model the official referee exactly (the extra turn of
the last player to play once everyone else has passed, a lone joker ending a
lock, a joker beyond the ends of a sequence), so the shadow simply plays every
action it sees; its own checks only catch what cannot be modelled (another
server's quirks, a lost message).

``GameReport.record`` is a game record (docs/game-record.md) of what we saw,
when the shadow followed the whole game: the hands are each seat's cards when
play began (after the exchange), known at the end because every card but the
last player's has been played; the exchange and the previous classes are not
in it (a client cannot see the whole exchange), so it replays as a game that
starts with play and a given leader.  Seats are the seats of that game; the
top-level ``"uecda"`` object maps them to player numbers.  When the shadow had
to be rebuilt, ``GameReport.log`` (the actions as seen) is all there is.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from game.engine import (
    PASS,
    Game,
    Gift,
    IllegalMove,
    Observation,
    Phase,
    Play,
    PublicState,
    RuleSet,
    State,
    observe,
    preset_rules,
)
from game.engine.cards import card_codes, deck_mask, iter_ids, natural_strength_key, strongest_cards
from game.engine.movegen import lock_suits, play_readings
from game.engine.record import check, record_json

from .protocol import (
    PLAYERS,
    PROTOCOL_VERSION,
    ProtocolError,
    Table,
    TableState,
    decode_hand,
    decode_play,
    decode_state,
    table_cards,
)
from .seat import weakest_gift

log = logging.getLogger(__name__)

CLASS_IDS = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")


@dataclass(frozen=True, slots=True)
class ObservedAction:
    player: int
    seat: int
    cards: int
    """0 for a pass."""
    joker_as: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "seat": self.seat}
        if not self.cards:
            out["pass"] = True
        else:
            out["play"] = card_codes(self.cards)
            if self.joker_as:
                out["joker_as"] = card_codes(sum(1 << c for c in self.joker_as))
        return out


@dataclass
class GameReport:
    """What one game looked like from our seat."""

    index: int
    place: int
    """Our place (0 = 1st), from the order the players went out."""
    record: dict[str, Any] | None
    """A checkable game record, or None when the shadow lost track."""
    log: dict[str, Any]
    """The actions as seen (always available)."""
    rebuilds: list[str] = field(default_factory=list)


def places_from_classes(classes: tuple[int, ...], seating: tuple[int, ...]) -> tuple[int, ...] | None:
    """Seats from 1st to last of the previous game, from classes by player; None in a first game."""
    if len(set(classes)) == 1:
        return None
    if sorted(classes) != list(range(PLAYERS)):
        log.warning("the server sent classes %s, not one of each: ignoring them", list(classes))
        return None
    by_class = sorted(range(PLAYERS), key=lambda p: classes[p])
    return tuple(seating.index(p) for p in by_class)


class Shadow:
    """The shadow game of one client (player number ``me``) across the games of a match."""

    def __init__(self, me: int, *, rules: RuleSet | None = None, logger: logging.Logger | None = None) -> None:
        self.me = me
        self.rules = rules or preset_rules("uecda")
        self.log = logger or log
        self.game_index = -1
        self._reset()

    def _reset(self) -> None:
        self.game: Game | None = None
        self.initial_hand = 0
        self.initial_state: TableState | None = None
        self.seating: tuple[int, ...] = tuple(range(PLAYERS))
        self.places: tuple[int, ...] | None = None
        self.gift_sent = 0
        self.started = False
        self.complete = False
        """The shadow has followed the game since play began (its history is every action)."""
        self.turn_state: TableState | None = None
        self.field_cards = 0
        self.field_joker_as: tuple[int, ...] = ()
        self.last_player = -1
        self.trick_passed: set[int] = set()
        self.seen_played = 0
        self.out_order: list[int] = []
        """Players in the order their cards ran out (as the server counts places)."""
        self.desync: str | None = None
        self.rebuilds: list[str] = []
        self.actions: list[ObservedAction] = []
        self.exchange_note: dict[str, Any] | None = None
        self.start_hand = 0

    # --- seats ----------------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self.seating.index(self.me)

    def seat_of(self, player: int) -> int:
        return self.seating.index(player)

    def turn_seat(self, st: TableState) -> int:
        """The seat of the player a turn table names (``[5][3]``)."""
        if st.turn_player is None:
            raise ProtocolError("a table without the player to act arrived where a turn table was expected")
        return self.seat_of(st.turn_player)

    def _counts_by_seat(self, st: TableState) -> list[int]:
        return [st.counts[self.seating[s]] for s in range(PLAYERS)]

    # --- the opening hand and the exchange ------------------------------------------------

    def start_game(self, table: Table) -> TableState:
        """The hand that opens a game (通信4)."""
        self.game_index += 1
        self._reset()
        st = decode_state(table, opening=True)
        self.initial_hand = decode_hand(table)
        self.initial_state = st
        self.seating = st.seating
        self.places = places_from_classes(st.classes, st.seating)
        if not st.exchanging:
            self.log.warning("the opening hand of game %d does not have [5][0] = 1 (exchange phase)", self.game_index)
        return st

    def my_place(self) -> int | None:
        return None if self.places is None else self.places.index(self.seat)

    def gift_observation(self, count: int) -> Observation | None:
        """Our view during the exchange (we give ``count`` cards), or None if it cannot be set up."""
        st = self.initial_state
        if st is None or self.places is None:
            return None
        place = self.my_place()
        if place is None or self.rules.chosen_gift_count(place) != count:
            self.log.warning("the server asks for %d card(s) but our class is %s", count, CLASS_IDS[place or 0])
            return None
        counts = self._opening_counts(st)
        if counts is None:
            return None
        deal = self._exchange_deal(counts, None)
        if deal is None:
            return None
        try:
            game = Game.from_hands(self.rules, deal, previous_places=self.places)
        except ValueError as error:
            self.log.warning("cannot set up the exchange: %s", error)
            return None
        if game.hands[self.seat] != self.initial_hand or game.phase is not Phase.EXCHANGE:
            return None
        return observe(game, self.seat)

    def note_gift(self, cards: int) -> None:
        self.gift_sent = cards

    def _opening_counts(self, st: TableState) -> list[int] | None:
        """Cards dealt per seat: the table's counts if they fit, else the uecda deal from the 大富豪."""
        assert self.places is not None
        me = self.seat
        k = self.rules.chosen_gift_count(self.places.index(me))
        mine = self.initial_hand.bit_count() - k
        counts = self._counts_by_seat(st)
        if sum(counts) == 53 and counts[me] == mine and min(counts) > 0:
            return counts
        first = self.places[0]
        counts = [0] * PLAYERS
        for i in range(PLAYERS):
            counts[(first + i) % PLAYERS] = 11 if i < 3 else 10
        return counts if counts[me] == mine else None

    def _exchange_deal(self, counts: list[int], after: int | None) -> list[int] | None:
        """Deal hands (by seat) that replay into our opening hand and, if known, our hand ``after`` the exchange."""
        assert self.places is not None
        me = self.seat
        place = self.places.index(me)
        partner = self.places[PLAYERS - 1 - place]
        k = self.rules.exchange_count(place)
        opening = self.initial_hand
        deck = deck_mask(self.rules.jokers)
        fixed = [0] * PLAYERS
        weaker_than: tuple[int, int] | None = None
        if place < 2:
            taken = strongest_cards(opening, k)
            mine = opening & ~taken
            fixed[partner] = taken
            weaker_than = min(natural_strength_key(c) for c in iter_ids(taken))
            if after is not None and (after & ~opening or (opening & ~after).bit_count() != k):
                return None
        elif place > 2:
            mine = opening
            if after is not None:
                kept = opening & ~strongest_cards(opening, k)
                received = after & ~kept
                if kept & ~after or received.bit_count() != k:
                    return None
                fixed[partner] = received & ~opening
        else:
            mine = opening
            if after is not None and after != opening:
                return None
        if mine.bit_count() != counts[me]:
            return None
        used = opening | (after or 0)
        for cards in fixed:
            used |= cards
        pool = sorted(iter_ids(deck & ~used), key=natural_strength_key)
        need = [counts[s] - fixed[s].bit_count() for s in range(PLAYERS)]
        need[me] = 0
        if min(need) < 0 or sum(need) != len(pool):
            return None
        deal = list(fixed)
        deal[me] = mine
        order = [s for s in range(PLAYERS) if s != me]
        if weaker_than is not None:
            order.remove(partner)
            order.insert(0, partner)
        taken_ids = 0
        for s in order:
            for cid in pool[taken_ids: taken_ids + need[s]]:
                if s == partner and weaker_than is not None and natural_strength_key(cid) >= weaker_than:
                    return None
                deal[s] |= 1 << cid
            taken_ids += need[s]
        return deal

    def _exchange_game(self, st: TableState, hand: int) -> Game | None:
        """The shadow with the exchange replayed, or None if it cannot match the server's tables."""
        assert self.places is not None
        counts = self._counts_by_seat(st)
        deal = self._exchange_deal(counts, hand)
        if deal is None:
            return None
        me = self.seat
        place = self.places.index(me)
        partner = self.places[PLAYERS - 1 - place]
        k = self.rules.exchange_count(place)
        try:
            game = Game.from_hands(self.rules, deal, previous_places=self.places, leader=self.turn_seat(st))
            gave = received = 0
            for gift in list(game.pending):
                if gift.giver == me:
                    cards = gave = self.initial_hand & ~hand
                elif gift.giver == partner and place > 2:
                    kept = self.initial_hand & ~strongest_cards(self.initial_hand, k)
                    cards = received = hand & ~kept
                else:
                    cards = weakest_gift(game.hands[gift.giver], gift.count)
                game.give(gift.giver, cards)
        except (ValueError, IllegalMove) as error:
            self.log.debug("the exchange does not replay: %s", error)
            return None
        if game.phase is not Phase.PLAY or game.hands[me] != hand or game.counts != counts:
            return None
        if place != 2:
            self.exchange_note = {
                "class": CLASS_IDS[place],
                "gave": card_codes(gave if place < 2 else strongest_cards(self.initial_hand, k)),
                "received": card_codes(received) if place > 2 else None,
            }
        return game

    # --- turn tables ----------------------------------------------------------------------

    def on_turn_table(self, table: Table) -> tuple[TableState, int]:
        """The hand and state before an action (通信6): check the shadow, rebuild it if needed."""
        st = decode_state(table)
        hand = decode_hand(table)
        if st.seating != self.seating:
            self.log.warning("the seating changed in the middle of game %d: %s", self.game_index, list(st.seating))
            self.seating = st.seating
            self.desync = self.desync or "the seating changed"
        self._note_counts(st)
        if st.cleared:
            self.trick_passed.clear()
        self.turn_state = st
        if not self.started:
            self.started = True
            self.complete = True
            self.start_hand = hand
            game = self._exchange_game(st, hand) if self.places is not None else None
            if game is None:
                if self.places is not None:
                    self.log.info("game %d: the exchange could not be replayed; the shadow starts after it",
                                  self.game_index)
                self._rebuild(st, hand)
            else:
                self.game = game
            why = self._mismatch(st, hand)
            if why is not None:
                self.log.warning("game %d: the shadow does not start like the server (%s)", self.game_index, why)
                self._rebuild(st, hand)
            return st, hand
        why = self.desync or self._mismatch(st, hand)
        if why is not None:
            self.log.warning("game %d: shadow out of step with the server (%s); rebuilt from the server's table",
                             self.game_index, why)
            self.rebuilds.append(why)
            self.complete = False
            self.desync = None
            self._rebuild(st, hand)
        return st, hand

    def _note_counts(self, st: TableState) -> None:
        for p in range(PLAYERS):
            if st.counts[p] == 0 and p not in self.out_order:
                self.out_order.append(p)

    def _mismatch(self, st: TableState, hand: int) -> str | None:
        g = self.game
        if g is None:
            return "no shadow game"
        if g.phase is not Phase.PLAY:
            return "the shadow game is over"
        me = self.seat
        if g.hands[me] != hand:
            return f"our hand: server {card_codes(hand)}, shadow {card_codes(g.hands[me])}"
        counts = self._counts_by_seat(st)
        if g.counts != counts:
            return f"cards left by seat: server {counts}, shadow {g.counts}"
        turn = self.turn_seat(st)
        if g.turn != turn:
            return f"seat to act: server {turn}, shadow {g.turn}"
        if g.revolution != st.revolution:
            return f"revolution: server {st.revolution}, shadow {g.revolution}"
        if (g.top is None) != st.cleared:
            return f"empty table: server {st.cleared}, shadow {g.top is None}"
        if bool(g.lock) != st.lock:
            return f"lock: server {st.lock}, shadow {bool(g.lock)}"
        return None

    def _rebuild(self, st: TableState, hand: int) -> None:
        """A shadow made from the server's table alone (and the cards seen so far)."""
        old = self.game
        me = self.seat
        # What we gave and received in the exchange stays known (``observe`` reads it from the history).
        gifts = [e for e in old.history if isinstance(e, Gift) and e.receiver >= 0 and me in (e.giver, e.receiver)
                 ] if old is not None else []
        hands = self._unseen_hands(st, hand, gifts)
        try:
            self.game = Game.from_position(self._server_state(st, hands, old), hands, history=gifts)
        except ValueError as error:
            self.log.error("game %d: cannot rebuild the shadow from the server's table: %s", self.game_index, error)
            self.desync = f"cannot rebuild: {error}"

    def _unseen_hands(self, st: TableState, hand: int, gifts: list[Gift]) -> list[int]:
        """Our hand, and the cards we have not seen dealt to the others as the server counts them
        (cards we gave stay with their receiver until seen played)."""
        deck = deck_mask(self.rules.jokers)
        counts = self._counts_by_seat(st)
        me = self.seat
        hands = [0] * PLAYERS
        hands[me] = hand
        pool = deck & ~hand & ~self.seen_played
        for gift in gifts:
            if gift.giver == me:
                keep = gift.cards & pool
                keep = sum(1 << c for c in list(iter_ids(keep))[: counts[gift.receiver]])
                hands[gift.receiver] |= keep
                pool &= ~keep
        ids = list(iter_ids(pool))
        spare = list(iter_ids(deck & ~hand & self.seen_played))
        for s in range(PLAYERS):
            if s == me:
                continue
            need = counts[s] - hands[s].bit_count()
            while need > 0 and (ids or spare):
                cid = ids.pop(0) if ids else spare.pop(0)
                hands[s] |= 1 << cid
                need -= 1
        return hands

    def _server_state(self, st: TableState, hands: list[int], old: Game | None) -> PublicState:
        """The public state the server's table shows, for these hands: a game's opening state with
        what the table tells set (the engine's declaration gives every other field)."""
        rules = self.rules
        turn = self.turn_seat(st)
        held = 0
        for h in hands:
            held |= h
        state = State.opening(rules, [h.bit_count() for h in hands], self.places)
        state.turn = state.leader = turn
        state.active = sum(1 << s for s in range(PLAYERS) if hands[s])
        state.revolution = st.revolution
        state.played = deck_mask(rules.jokers) & ~held
        state.finishers = [self.seat_of(p) for p in self.out_order if not hands[self.seat_of(p)]]
        state.last_player = self.seat_of(self.last_player) if self.last_player >= 0 else -1
        top = None if st.cleared or not self.field_cards else self._field_reading()
        if top is not None:
            last = state.last_player if state.last_player >= 0 else (turn - 1) % PLAYERS
            state.top, state.trick, state.last_player = top, [(last, top)], last
            state.passed = sum(1 << self.seat_of(p) for p in self.trick_passed)
            state.lock_base = lock_suits(top, rules)
            if st.lock:  # the suits locked: ours if we followed the lock, else the ones the play offers
                state.lock = old.lock if old is not None and old.lock else state.lock_base
        return state.freeze()

    def _field_reading(self) -> Play | None:
        """The play the field shows, read with the joker cells we saw."""
        found = play_readings(self.field_cards, self.rules)
        if not found:
            return None
        wanted = sum(1 << c for c in self.field_joker_as)
        for play in found:
            if wanted and play.stand_ins == wanted:
                return play
        return found[0]

    # --- field tables ---------------------------------------------------------------------

    def on_field(self, table: Table) -> ObservedAction | None:
        """The table after the action (通信9): infer the action and apply it to the shadow."""
        st = self.turn_state
        if st is None:
            self.log.warning("a field table arrived before any turn table")
            return None
        seat = self.turn_seat(st)
        actor = self.seating[seat]
        self._note_counts(decode_state(table))
        cards = table_cards(table)
        joker_as: tuple[int, ...] = ()
        try:
            decoded = decode_play(table)
            if decoded is not None:
                joker_as = tuple(decoded[1])
        except ProtocolError as error:
            self.log.warning("the field table is not a play in our rules (%s)", error)
        if not cards or cards == self.field_cards:
            action = ObservedAction(actor, seat, 0)
            self.trick_passed.add(actor)
        else:
            action = ObservedAction(actor, seat, cards, joker_as)
            self.seen_played |= cards
            self.field_cards = cards
            self.field_joker_as = joker_as
            self.last_player = actor
        self.actions.append(action)
        if self.desync is None:
            self._apply(action)
        return action

    def _apply(self, action: ObservedAction) -> None:
        g = self.game
        if g is None:
            self.desync = "no shadow game"
            return
        if g.phase is not Phase.PLAY or g.turn != action.seat:
            self.desync = f"player {action.player} acted but the shadow expected seat {g.turn}"
            return
        if not action.cards:
            if g.top is not None:
                g.play(PASS)
            return
        if not self._take_cards(action.seat, action.cards):
            self.desync = f"player {action.player} played {card_codes(action.cards)}, which the shadow cannot give it"
            return
        try:
            try:
                move = g.resolve(action.cards, list(action.joker_as))
            except IllegalMove:
                if not action.joker_as:
                    raise
                move = g.resolve(action.cards)
            g.play(move)
        except IllegalMove as error:
            self.desync = f"player {action.player}'s play {card_codes(action.cards)} is illegal in our rules: {error}"

    def _take_cards(self, seat: int, cards: int) -> bool:
        """Move ``cards`` into ``seat``'s shadow hand, swapping with other seats' unseen cards."""
        g = self.game
        assert g is not None
        me = self.seat
        known = 0
        for entry in g.history:
            if isinstance(entry, Gift) and entry.giver == me and entry.receiver == seat:
                known |= entry.cards
        for cid in iter_ids(cards & ~g.hands[seat]):
            holder = next((s for s in range(PLAYERS) if g.hands[s] >> cid & 1), -1)
            if holder < 0 or holder == me:
                return False
            spare = g.hands[seat] & ~cards & ~known or g.hands[seat] & ~cards
            if not spare:
                return False
            g.swap_hidden(seat, 1 << cid, holder, spare & -spare)
        return True

    # --- our decisions ----------------------------------------------------------------------

    def observation(self) -> Observation:
        assert self.game is not None
        return observe(self.game, self.seat)

    # --- the end of a game ---------------------------------------------------------------------

    def end_game(self, name: str = "") -> GameReport:
        me = self.me
        g = self.game
        if g is not None and g.result is not None and not self.rebuilds:
            place = g.result.places.index(self.seat)
        elif me in self.out_order:
            place = self.out_order.index(me)
        else:
            place = min(len(self.out_order), PLAYERS - 1)
        replayable = self.complete and not self.rebuilds and self.desync is None
        record = self._record(name) if replayable else None
        return GameReport(self.game_index, place, record, self._log(name), list(self.rebuilds))

    def _meta(self, name: str) -> dict[str, Any]:
        st = self.initial_state
        return {
            "protocol": PROTOCOL_VERSION,
            "game": self.game_index,
            "player": self.me,
            "name": name,
            "seat": self.seat,
            "seating": list(self.seating),
            "classes": list(st.classes) if st is not None and self.places is not None else None,
            "opening_hand": card_codes(self.initial_hand),
            "exchange": self.exchange_note,
        }

    def _record(self, name: str) -> dict[str, Any] | None:
        g = self.game
        if g is None:
            return None
        start = list(g.hands)
        turns = g.turns()
        for turn in turns:
            if isinstance(turn.move, Play):
                start[turn.seat] |= turn.move.cards
        try:
            replay = Game.from_hands(self.rules, start, leader=g.leader)
            for turn in turns:
                replay.play(turn.move)
        except (ValueError, IllegalMove) as error:
            self.log.warning("game %d: our record does not replay (%s); writing the action log only",
                             self.game_index, error)
            return None
        data = record_json(self.rules, [replay])
        data["uecda"] = self._meta(name)
        status, answer = check(data)
        if status != 0:
            self.log.warning("game %d: our record fails the checker (%s)", self.game_index, answer)
            return None
        return data

    def _log(self, name: str) -> dict[str, Any]:
        return {
            "format": "uecda-client-log/1",
            **self._meta(name),
            "hand_at_start": card_codes(self.start_hand),
            "actions": [a.to_json() for a in self.actions],
            "out_order": list(self.out_order),
            "rebuilds": list(self.rebuilds),
        }


__all__ = ["CLASS_IDS", "GameReport", "ObservedAction", "Shadow", "places_from_classes"]
