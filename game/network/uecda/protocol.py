"""The UECda protocol (version 20070): tables, cards in tables, state rows, and socket I/O.

Everything on the wire is a 32-bit signed integer in network byte order.  A
*table* is 8 rows x 15 columns of them (480 bytes), row-major:

* rows 0-3 are the suits S H D C, columns 1-13 the ranks 3 4 ... K A 2
  (a card id ``rank * 4 + suit`` sits at ``[suit][rank + 1]``);
* a joker in a hand is ``[4][1] = 2``; in a play a joker is a 2 in the cell of
  the card it stands for; a lone joker is a 2 in any one cell of rows 0-3 (we
  accept ``[4][x]`` too); a group of five (four cards and the joker) has its
  joker at ``[4][rank + 1]`` (row 4 is "the joker, for five cards");
* a pass is a table of zeros (rows 5-7 of a play are ignored: some clients echo
  the server's table back);
* rows 5 and 6 of the tables the server sends carry the state
  (``TableState``, see ``/work/shared/docs/UECDA.md``).

Decoding is strict about what cannot be a table (``MalformedTable``: a cell
value other than 0, 1, 2 in rows 0-4) and about what cannot be a play in the
``uecda`` rules (``ImpossiblePlay``: two jokers, a card in column 0 or 14, a
row-4 joker next to cards of another rank).  A joker in column 0 or 14 stands
below the 3 or above the 2 at the end of a sequence, as the official server allows.
A server answers an impossible play with 8 (illegal, treated as a pass).

Every read has a deadline and loops over short reads; failures raise
``PeerClosed``, ``PeerTimeout`` or ``ProtocolError`` with a message that says
what was being read and how many bytes had arrived.
"""

from __future__ import annotations

import socket
import struct
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.cards import JOKER_IDS, JOKER_MASK, JOKER_RANK, NATURAL_MASK, iter_ids, place_id, rank_of, suit_of
from game.engine.plays import GROUP, Pass, Play

PROTOCOL_VERSION = 20070
DEFAULT_PORT = 42485
DEFAULT_HOST = "127.0.0.1"
ROWS = 8
COLS = 15
CELLS = ROWS * COLS
TABLE_BYTES = CELLS * 4
INT_BYTES = 4
PLAYERS = 5

ACCEPTED = 9
"""The server's answer to a play it accepted."""
REJECTED = 8
"""The server's answer to an illegal play (treated as a pass) and, in protocol 20070, to a pass."""

GAME_CONTINUES = 0
GAME_OVER = 1
MATCH_OVER = 2

OPENING_TURN = 6
"""What the official server writes in ``[5][3]`` of the opening hand, where nobody acts."""

NAME_CHARS = 13
"""The protocol allows 13 name characters (the C server reads 6)."""
HANDSHAKE_TIMEOUT = 3.0
"""The official server waits 3 s for table 1 after a client connects."""
TURN_TIMEOUT = 120.0
"""Seconds our server lets a client take for a play or a gift.  The official server waits
forever; this only catches a program that hangs, and is generous so that a slow program
on a loaded machine is not dropped."""

_TABLE = struct.Struct(">120i")
_INT = struct.Struct(">i")
_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1

Table = list[list[int]]
"""8 rows of 15 ints."""


class ProtocolError(Exception):
    """The peer broke the protocol (the message says how)."""


class PeerClosed(ProtocolError):
    """The peer closed the connection (or it was reset)."""


class PeerTimeout(ProtocolError):
    """The peer sent nothing, or not enough, before the deadline."""


class MalformedTable(ProtocolError):
    """A table that no conforming peer sends (a cell value other than 0, 1, 2...)."""


class ImpossiblePlay(ProtocolError):
    """A well-formed table that is not a play in the uecda rules (answered with 8)."""


# --- tables and cards -----------------------------------------------------------


def new_table() -> Table:
    return [[0] * COLS for _ in range(ROWS)]


def copy_table(table: Table) -> Table:
    return [list(row) for row in table]


def check_shape(table: Sequence[Sequence[int]]) -> None:
    if len(table) != ROWS or any(len(row) != COLS for row in table):
        raise ValueError(f"a table has {ROWS} rows of {COLS} cells")


def cell_of(cid: int) -> tuple[int, int]:
    """The (row, column) of a natural card id, or of a place beyond the ends (columns 0 and 14)."""
    return suit_of(cid), rank_of(cid) + 1


def card_at(row: int, col: int) -> int:
    """The card id of a cell of rows 0-3: a natural card in columns 1-13, a place beyond the ends in 0 and 14."""
    return place_id(col - 1, row)


def encode_hand(cards: int) -> Table:
    """A hand (or the cards to give in the exchange): 1 per card, a joker at ``[4][1]`` (a second at ``[4][2]``)."""
    table = new_table()
    for cid in iter_ids(cards & NATURAL_MASK):
        row, col = cell_of(cid)
        table[row][col] = 1
    for i in range((cards & JOKER_MASK).bit_count()):
        table[4][1 + i] = 2
    return table


def decode_hand(table: Table) -> int:
    """The cards of a hand table (rows 0-4; a 2 anywhere, or anything in row 4, is a joker)."""
    cards = 0
    jokers = 0
    for row in range(5):
        for col in range(COLS):
            value = table[row][col]
            if value == 0:
                continue
            if value not in (1, 2):
                raise MalformedTable(f"cell [{row}][{col}] of a hand holds {value} (only 0, 1 and 2 are cards)")
            if row == 4 or value == 2:
                jokers += 1
            elif col in (0, 14):
                raise MalformedTable(f"cell [{row}][{col}] of a hand holds a card, but columns 0 and 14 hold none")
            else:
                cards |= 1 << card_at(row, col)
    if jokers > len(JOKER_IDS):
        raise MalformedTable(f"a hand with {jokers} jokers")
    for i in range(jokers):
        cards |= 1 << JOKER_IDS[i]
    return cards


def encode_play(move: Play | Pass, *, reversed_order: bool = False, avoid_suits: int = 0) -> Table:
    """The table of a play (cells 1, jokers 2 where they stand); a pass is all zeros.

    A lone joker goes to column 14 (column 0 while the order is reversed) of the
    first suit row not in ``avoid_suits`` (so a lone joker never looks like a
    card of the suit on the table).
    """
    table = new_table()
    if isinstance(move, Pass):
        return table
    for cid in iter_ids(move.cards & NATURAL_MASK):
        row, col = cell_of(cid)
        table[row][col] = 1
    jokers = (move.cards & JOKER_MASK).bit_count()
    if not jokers:
        return table
    if move.rank == JOKER_RANK:
        row = next((s for s in range(4) if not avoid_suits >> s & 1), 0)
        table[row][0 if reversed_order else 14] = 2
        return table
    stand = list(iter_ids(move.stand_ins))
    for cid in stand[:jokers]:
        row, col = cell_of(cid)
        table[row][col] = 2
    left = jokers - len(stand)
    if left == 1 and move.kind == GROUP:
        table[4][move.rank + 1] = 2
    elif left > 0:
        raise ValueError(f"{move.describe()} cannot be written as a UECda table")
    return table


def decode_play(table: Table) -> tuple[int, list[int]] | None:
    """A play table as (cards, the card ids the jokers stand for); None for a pass.

    A lone joker gives ``([joker], [])``; a joker in row 4 (a group of five)
    gives no stand-in (it stands for its column's rank, any suit); a joker in
    column 0 or 14 of a sequence stands for the place below the 3 or above the
    2 (``cards.place_id``), which the official server accepts.
    """
    cards = 0
    jokers: list[tuple[int, int]] = []
    for row in range(5):
        for col in range(COLS):
            value = table[row][col]
            if value == 0:
                continue
            if value == 2:
                jokers.append((row, col))
            elif value != 1:
                raise MalformedTable(f"cell [{row}][{col}] of a play holds {value} (only 0, 1 and 2 are allowed)")
            elif row == 4:
                raise ImpossiblePlay(f"cell [4][{col}] holds a 1: row 4 only holds a joker (2)")
            elif col in (0, 14):
                raise ImpossiblePlay(f"cell [{row}][{col}] holds a card, but columns 0 and 14 hold no card")
            else:
                cards |= 1 << card_at(row, col)
    if len(jokers) > 1:
        raise ImpossiblePlay(f"a play with {len(jokers)} jokers: the uecda rules have one joker")
    if not jokers:
        return (cards, []) if cards else None
    joker = 1 << JOKER_IDS[0]
    if not cards:
        return joker, []
    row, col = jokers[0]
    if row == 4:
        rank = col - 1
        if any(c >> 2 != rank for c in iter_ids(cards)):
            raise ImpossiblePlay(f"a joker at [4][{col}] stands in a group of that column, but other ranks are played")
        return cards | joker, []
    return cards | joker, [card_at(row, col)]


def table_cards(table: Table) -> int:
    """The physical cards a field table shows, leniently (any 1 in rows 0-3, any 2 is the joker)."""
    cards = 0
    for row in range(5):
        for col in range(COLS):
            value = table[row][col]
            if value == 2:
                cards |= 1 << JOKER_IDS[0]
            elif value == 1 and row < 4 and 1 <= col <= 13:
                cards |= 1 << card_at(row, col)
    return cards


# --- state rows -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableState:
    """Rows 5 and 6 of a table the server sends; per player number where it says so."""

    exchanging: bool = False
    """[5][0]: the exchange phase (set in the hand that starts each game)."""
    gift_count: int = 0
    """[5][1]: cards this client must give (2 大富豪, 1 富豪, else 0)."""
    my_turn: bool = False
    """[5][2]."""
    turn_player: int | None = 0
    """[5][3]: the player to act (in a field table: the player who just acted); None in the
    opening hand, where the official server writes 6 (``OPENING_TURN``)."""
    cleared: bool = False
    """[5][4]: the table is empty (just cleared: the player to act leads)."""
    j_back: bool = False
    """[5][5]: 11-back (reserved, always 0 in the uecda rules)."""
    revolution: bool = False
    """[5][6]."""
    lock: bool = False
    """[5][7]."""
    counts: tuple[int, ...] = (0,) * PLAYERS
    """[6][0..4]: cards left, by player number."""
    classes: tuple[int, ...] = (0,) * PLAYERS
    """[6][5..9]: class by player number (0 大富豪 ... 4 大貧民; all equal in a first game)."""
    seating: tuple[int, ...] = tuple(range(PLAYERS))
    """[6][10..14]: the player number in each seat, in playing order."""


def encode_state(state: TableState, table: Table) -> Table:
    """Write ``state`` into rows 5 and 6 of ``table`` (returned)."""
    row5 = table[5]
    row5[0] = int(state.exchanging)
    row5[1] = state.gift_count
    row5[2] = int(state.my_turn)
    row5[3] = OPENING_TURN if state.turn_player is None else state.turn_player
    row5[4] = int(state.cleared)
    row5[5] = int(state.j_back)
    row5[6] = int(state.revolution)
    row5[7] = int(state.lock)
    row6 = table[6]
    for p in range(PLAYERS):
        row6[p] = state.counts[p]
        row6[5 + p] = state.classes[p]
        row6[10 + p] = state.seating[p]
    return table


def decode_state(table: Table, *, opening: bool = False) -> TableState:
    """Rows 5 and 6 of a server table; ``MalformedTable`` if they cannot be a state.

    In the ``opening`` hand nobody acts and ``[5][3]`` is not read (the
    official server sends 6 there).
    """
    row5, row6 = table[5], table[6]
    turn: int | None = None
    if not opening:
        turn = row5[3]
        if not 0 <= turn < PLAYERS:
            raise MalformedTable(f"cell [5][3] (the player to act) holds {turn}, not a player number 0..4")
    counts = tuple(row6[0:5])
    if any(not 0 <= c <= 53 for c in counts):
        raise MalformedTable(f"cells [6][0..4] (cards left) hold {list(counts)}")
    classes = tuple(row6[5:10])
    if any(not 0 <= c < PLAYERS for c in classes):
        raise MalformedTable(f"cells [6][5..9] (classes) hold {list(classes)}")
    seating = tuple(row6[10:15])
    if sorted(seating) != list(range(PLAYERS)):
        raise MalformedTable(f"cells [6][10..14] (seating) hold {list(seating)}, not the players 0..4")
    return TableState(
        exchanging=row5[0] == 1,
        gift_count=row5[1],
        my_turn=row5[2] == 1,
        turn_player=turn,
        cleared=row5[4] == 1,
        j_back=row5[5] == 1,
        revolution=row5[6] == 1,
        lock=row5[7] == 1,
        counts=counts,
        classes=classes,
        seating=seating,
    )


# --- table 1: the name -----------------------------------------------------------------


def name_table(name: str, version: int = PROTOCOL_VERSION) -> Table:
    """Table 1: ``[0][0]`` the protocol version, ``[1][0..]`` the name (ASCII, 0-terminated)."""
    table = new_table()
    table[0][0] = version
    text = "".join(ch if 32 < ord(ch) < 127 else "_" for ch in name)[:NAME_CHARS]
    for i, ch in enumerate(text):
        table[1][i] = ord(ch)
    return table


def read_name_table(table: Table) -> tuple[int, str]:
    """(protocol version, name) from table 1; odd characters become ``?``."""
    chars = []
    for value in table[1]:
        if value == 0:
            break
        chars.append(chr(value) if 32 <= value < 127 else "?")
    return table[0][0], "".join(chars)


# --- sockets ------------------------------------------------------------------------


def _pack_table(table: Table) -> bytes:
    check_shape(table)
    flat = [v for row in table for v in row]
    if any(not _INT32_MIN <= v <= _INT32_MAX for v in flat):
        raise ValueError("a table cell does not fit in 32 bits")
    return _TABLE.pack(*flat)


def unpack_table(data: bytes) -> Table:
    flat = _TABLE.unpack(data)
    return [list(flat[r * COLS: (r + 1) * COLS]) for r in range(ROWS)]


def send_bytes(sock: socket.socket, data: bytes, timeout: float | None, what: str) -> None:
    """``sendall`` with a timeout; ``PeerClosed``/``PeerTimeout`` on failure."""
    try:
        sock.settimeout(timeout)
        sock.sendall(data)
    except TimeoutError:
        raise PeerTimeout(f"could not send {what} within {timeout:g} s (the peer is not reading)") from None
    except OSError as error:
        raise PeerClosed(f"connection lost while sending {what}: {error}") from None


def recv_exact(sock: socket.socket, size: int, timeout: float | None, what: str) -> bytes:
    """Exactly ``size`` bytes, looping over short reads, within ``timeout`` seconds in all."""
    deadline = None if timeout is None else time.monotonic() + timeout
    buf = bytearray()
    while len(buf) < size:
        if deadline is None:
            sock.settimeout(None)
        else:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise PeerTimeout(_late(what, timeout, len(buf), size))
            sock.settimeout(remaining)
        try:
            chunk = sock.recv(size - len(buf))
        except TimeoutError:
            raise PeerTimeout(_late(what, timeout, len(buf), size)) from None
        except OSError as error:
            raise PeerClosed(f"connection lost while reading {what} ({len(buf)} of {size} bytes): {error}") from None
        if not chunk:
            if buf:
                raise PeerClosed(f"the peer closed the connection in the middle of {what} ({len(buf)} of {size} bytes)")
            raise PeerClosed(f"the peer closed the connection instead of sending {what}")
        buf += chunk
    return bytes(buf)


def _late(what: str, timeout: float | None, got: int, size: int) -> str:
    if got:
        return f"only {got} of {size} bytes of {what} arrived within {timeout:g} s"
    return f"waited {timeout:.3g} s for {what}; nothing arrived"


def send_table(sock: socket.socket, table: Table, timeout: float | None = None, what: str = "a table") -> None:
    send_bytes(sock, _pack_table(table), timeout, what)


def recv_table(sock: socket.socket, timeout: float | None, what: str = "a table") -> Table:
    return unpack_table(recv_exact(sock, TABLE_BYTES, timeout, what))


def send_int(sock: socket.socket, value: int, timeout: float | None = None, what: str = "an integer") -> None:
    send_bytes(sock, _INT.pack(value), timeout, what)


def recv_int(sock: socket.socket, timeout: float | None, what: str = "an integer") -> int:
    value: int = _INT.unpack(recv_exact(sock, INT_BYTES, timeout, what))[0]
    return value


def table_bytes(table: Table) -> bytes:
    """The wire form of a table (for code that queues bytes)."""
    return _pack_table(table)


def int_bytes(value: int) -> bytes:
    return _INT.pack(value)


def format_table(table: Table, rows: int = ROWS) -> str:
    """A table as text, one row per line (for logs)."""
    return "\n".join(" ".join(f"{v:d}" for v in row) for row in table[:rows])


__all__ = [
    "ACCEPTED",
    "CELLS",
    "COLS",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "GAME_CONTINUES",
    "GAME_OVER",
    "HANDSHAKE_TIMEOUT",
    "MATCH_OVER",
    "NAME_CHARS",
    "OPENING_TURN",
    "PLAYERS",
    "PROTOCOL_VERSION",
    "REJECTED",
    "ROWS",
    "TABLE_BYTES",
    "TURN_TIMEOUT",
    "ImpossiblePlay",
    "MalformedTable",
    "PeerClosed",
    "PeerTimeout",
    "ProtocolError",
    "Table",
    "TableState",
    "card_at",
    "cell_of",
    "copy_table",
    "decode_hand",
    "decode_play",
    "decode_state",
    "encode_hand",
    "encode_play",
    "encode_state",
    "format_table",
    "int_bytes",
    "name_table",
    "new_table",
    "read_name_table",
    "recv_exact",
    "recv_int",
    "recv_table",
    "send_bytes",
    "send_int",
    "send_table",
    "table_bytes",
    "table_cards",
    "unpack_table",
]
