"""The server side of the UECda conversation with one client, shared by the server and the external seat.

``server.py`` (a whole match of tournament clients) and ``external.py`` (one
tournament program at our desktop table) speak the same server side of the
protocol; this module holds what they share:

* ``ClientLink``: one connected client (handshake, tables and integers with timeouts);
* the tables the server sends, built from what the client's seat may see
  (its ``Observation``, or a public state and its hand): ``initial_table``
  (the hand that opens a game, 通信4), ``turn_table`` (the hand and state
  before each action, 通信6) and ``field_table`` (the cards on the table after
  each action, 通信9);
* ``judge_play`` and ``judge_gift``: what a client's table means under our
  rules, and the answer (9 accepted, 8 illegal-or-pass) the server gives.

Decisions (also in the report and ``docs``):

* A pass is answered with 8, as the official server does in protocol 20070.
* An illegal play is answered with 8 and treated as a pass, as the official
  server does.  A client that *leads* cannot pass under our engine (the table
  must be opened), so when the leader passes or plays something illegal the
  server plays that seat's weakest legal single for it and still answers 8
  (the client learns what happened from the next tables).  The official server
  instead counts such passes and ranks the players at random after 20.
* An invalid gift (wrong count, cards not held, a malformed table) gives the
  weakest cards instead, logged.
* The hand that opens a game has ``[5][0] = 1`` in every game (the standard
  client exits otherwise), ``[5][1]`` = 2/1 for 大富豪/富豪 and 0 otherwise, and
  the cards left as dealt (before the exchange), like the C server.
* In a first game every class is 0 (clients detect a first game by equal classes).
"""

from __future__ import annotations

import contextlib
import logging
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.engine import PASS, Entry, IllegalMove, Move, Observation, Play, PublicView, Turn
from game.engine.cards import JOKER_RANK, iter_ids, natural_strength_key
from game.engine.legality import check_gift
from game.engine.plays import SINGLE

from .protocol import (
    ACCEPTED,
    HANDSHAKE_TIMEOUT,
    PLAYERS,
    PROTOCOL_VERSION,
    REJECTED,
    ImpossiblePlay,
    MalformedTable,
    ProtocolError,
    Table,
    TableState,
    decode_hand,
    decode_play,
    encode_hand,
    encode_play,
    encode_state,
    read_name_table,
    recv_int,
    recv_table,
    send_int,
    send_table,
)

log = logging.getLogger(__name__)

# --- one connection ---------------------------------------------------------------------


class ClientLink:
    """The server side of one client's connection: its player number, name and socket."""

    def __init__(self, sock: socket.socket, player: int, name: str, timeout: float) -> None:
        self.sock = sock
        self.player = player
        self.name = name
        self.timeout = timeout
        """Seconds allowed for sending anything to the client (it must keep reading)."""

    @staticmethod
    def read_handshake(sock: socket.socket, timeout: float = HANDSHAKE_TIMEOUT) -> str:
        """Read table 1; return the client's name.  ``ProtocolError`` for another version or nothing."""
        try:
            table = recv_table(sock, timeout, "the name table (table 1)")
        except ProtocolError as error:
            hint = f"a protocol {PROTOCOL_VERSION} client sends it at once"
            raise ProtocolError(f"handshake failed: {error} ({hint})") from None
        version, name = read_name_table(table)
        if version != PROTOCOL_VERSION:
            raise ProtocolError(f"the client speaks protocol version {version}; only {PROTOCOL_VERSION} is supported")
        return name

    @classmethod
    def accept(
        cls, sock: socket.socket, player: int, *, handshake_timeout: float = HANDSHAKE_TIMEOUT, timeout: float = 10.0
    ) -> ClientLink:
        """Handshake with a freshly connected client and send it its player number."""
        name = cls.read_handshake(sock, handshake_timeout)
        link = cls(sock, player, name, timeout)
        send_int(sock, player, timeout, "the player number")
        return link

    def send_table(self, table: Table, what: str = "a table") -> None:
        send_table(self.sock, table, self.timeout, what)

    def send_int(self, value: int, what: str = "an integer") -> None:
        send_int(self.sock, value, self.timeout, what)

    def recv_table(self, timeout: float, what: str = "a table") -> Table:
        return recv_table(self.sock, timeout, what)

    def recv_int(self, timeout: float, what: str = "an integer") -> int:
        return recv_int(self.sock, timeout, what)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()

    def __repr__(self) -> str:
        return f"player {self.player} ({self.name or 'no name'})"


# --- tables the server sends -----------------------------------------------------------------


def classes_by_seat(state: PublicView) -> list[int]:
    """Each seat's class (0 大富豪 ... 4 大貧民) from the previous game; all 0 in a first game."""
    places = state.previous_places
    if places is None:
        return [0] * state.n
    out = [0] * state.n
    for place, seat in enumerate(places):
        out[seat] = place
    return out


def _by_player(values: Sequence[int], seating: Sequence[int]) -> tuple[int, ...]:
    out = [0] * PLAYERS
    for seat, player in enumerate(seating):
        out[player] = values[seat]
    return tuple(out)


def _state(
    state: PublicView,
    seating: Sequence[int],
    counts: Sequence[int],
    *,
    turn_seat: int | None,
    my_turn: bool,
    cleared: bool,
    exchanging: bool = False,
    gift_count: int = 0,
) -> TableState:
    return TableState(
        exchanging=exchanging,
        gift_count=gift_count,
        my_turn=my_turn,
        turn_player=None if turn_seat is None else seating[turn_seat],
        cleared=cleared,
        j_back=state.j_back,
        revolution=state.revolution,
        lock=state.lock != 0,
        counts=_by_player(counts, seating),
        classes=_by_player(classes_by_seat(state), seating),
        seating=tuple(seating),
    )


def chosen_gift(obs: Observation) -> int:
    """The cards ``obs.seat`` chooses to give in this game's exchange (2, 1 or 0)."""
    places = obs.state.previous_places
    return 0 if places is None else obs.rules.chosen_gift_count(places.index(obs.seat))


def opening_hand(obs: Observation) -> int:
    """The hand sent when a game opens: as dealt, plus what an upper class took from its partner."""
    hand = obs.dealt
    if chosen_gift(obs):
        for _, receiver, cards in obs.gifts:
            if receiver == obs.seat:
                hand |= cards  # its partner's strongest cards
    return hand


def dealt_counts(state: PublicView) -> list[int]:
    """Each seat's cards as dealt (the counts the C server sends with the opening hand)."""
    counts = list(state.counts)
    # A complete exchange keeps every count; a pair whose upper class has not
    # given yet is off by the cards the lower class handed over (public: ``pending``).
    for gift in state.pending:
        counts[gift.giver] -= gift.count
        counts[gift.receiver] += gift.count
    return counts


def initial_table(obs: Observation, seating: Sequence[int]) -> Table:
    """通信4: the hand that opens a game (before the exchange for lower classes, after the take for upper)."""
    state = obs.state
    table = encode_hand(opening_hand(obs))
    return encode_state(_state(state, seating, dealt_counts(state), turn_seat=None, my_turn=False,
                               cleared=state.top is None, exchanging=True, gift_count=chosen_gift(obs)), table)


def turn_table(state: PublicView, hand: int, seating: Sequence[int], *, my_turn: bool) -> Table:
    """通信6: a seat's ``hand`` and the state before the action of the seat to act (``state.turn``)."""
    return encode_state(_state(state, seating, state.counts, turn_seat=state.turn, my_turn=my_turn,
                               cleared=state.top is None), encode_hand(hand))


def field_play(history: Sequence[Entry]) -> Play | None:
    """The play the field shows after an action: the last play (even one that just cleared the table)."""
    for turn in reversed(history):
        if isinstance(turn, Turn) and isinstance(turn.move, Play):
            return turn.move
    return None


def field_table(state: PublicView, shown: Play | None, seating: Sequence[int], actor: int) -> Table:
    """通信9: the cards on the table after ``actor``'s action, as the official server sends them.

    ``shown`` is the last play (see ``field_play``).  ``[5][3]`` is the player
    who acted, ``[5][2]`` is 0 for everyone and ``[5][4]`` is 1 only when no
    cards are shown: the server sends the field before it clears the table,
    so an 8-cut still shows its cards.
    """
    table = encode_play(shown, reversed_order=state.reversed) if shown is not None else encode_play(PASS)
    return encode_state(_state(state, seating, state.counts, turn_seat=actor, my_turn=False,
                               cleared=shown is None), table)


# --- judging what a client sends ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Judgement:
    move: Move
    """What the seat does (a legal move of the seat to act)."""
    answer: int
    """9 accepted, 8 illegal or pass."""
    note: str | None = None
    """Why the server did something other than what the client asked (for the log)."""


class ActingSeat(Protocol):
    """The seat to act as a judge sees it: a ``Game`` (the server) or that seat's ``Observation``."""

    @property
    def top(self) -> Play | None: ...
    @property
    def reversed(self) -> bool: ...

    def move_list(self) -> list[Move]: ...
    def resolve(self, cards: int, joker_as: Sequence[int] = ()) -> Play: ...


def weakest_single(state: ActingSeat) -> Play:
    """The weakest legal single of the seat to act in the order in force (the joker last)."""
    singles = [m for m in state.move_list() if isinstance(m, Play) and m.kind == SINGLE]
    if not singles:
        raise ValueError("the seat to act has no legal single")
    reverse = state.reversed

    def strength(play: Play) -> tuple[int, int]:
        if play.rank == JOKER_RANK:
            return (99, 0)
        rank, suit = natural_strength_key(play.cards.bit_length() - 1)
        return (-rank if reverse else rank, suit)

    return min(singles, key=strength)


def _fallback(state: ActingSeat, why: str) -> Judgement:
    if state.top is None:
        single = weakest_single(state)
        return Judgement(single, REJECTED, f"{why}; the leader must play, so the server played {single.describe()}")
    return Judgement(PASS, REJECTED, f"{why}; treated as a pass")


def judge_play(state: ActingSeat, table: Table) -> Judgement:
    """What the seat to act does with the play ``table`` it sent.

    ``MalformedTable`` propagates (the caller drops the client); everything
    else becomes a legal move with the answer 9 or 8.
    """
    try:
        decoded = decode_play(table)
    except MalformedTable:
        raise
    except ImpossiblePlay as error:
        return _fallback(state, f"not a play: {error}")
    if decoded is None:
        if state.top is None:
            return _fallback(state, "passed while leading")
        return Judgement(PASS, REJECTED)
    cards, joker_as = decoded
    try:
        play = state.resolve(cards, joker_as)
    except IllegalMove as error:
        return _fallback(state, f"illegal play: {error}")
    return Judgement(play, ACCEPTED)


def weakest_gift(hand: int, count: int) -> int:
    chosen = sorted(iter_ids(hand), key=natural_strength_key)[:count]
    return sum(1 << c for c in chosen)


def judge_gift(hand: int, count: int, table: Table) -> tuple[int, str | None]:
    """The ``count`` cards of ``hand`` given for the gift ``table``: (cards, a note when the choice was replaced)."""
    try:
        return check_gift(hand, count, decode_hand(table)), None
    except MalformedTable as error:
        return weakest_gift(hand, count), f"malformed gift ({error}); the weakest cards were given"
    except IllegalMove as error:
        return weakest_gift(hand, count), f"invalid gift ({error}); the weakest cards were given"


__all__ = [
    "ActingSeat",
    "ClientLink",
    "Judgement",
    "chosen_gift",
    "classes_by_seat",
    "dealt_counts",
    "field_play",
    "field_table",
    "initial_table",
    "judge_gift",
    "judge_play",
    "opening_hand",
    "turn_table",
    "weakest_gift",
    "weakest_single",
]
