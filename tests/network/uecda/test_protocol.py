"""Tables: every kind of play, hands and state rows round-trip; impossible tables are refused; reads are exact."""

from __future__ import annotations

import socket
import threading

import pytest

from game.engine import PASS, Game, Play, parse_cards, preset_rules
from game.engine.cards import JOKER_RANK, card_id, deck_mask, iter_ids, parse_card_id
from game.engine.plays import GROUP, SEQUENCE, SINGLE, readings
from game.network.uecda.protocol import (
    PROTOCOL_VERSION,
    TABLE_BYTES,
    ImpossiblePlay,
    MalformedTable,
    PeerClosed,
    PeerTimeout,
    TableState,
    decode_hand,
    decode_play,
    decode_state,
    encode_hand,
    encode_play,
    encode_state,
    name_table,
    new_table,
    read_name_table,
    recv_exact,
    recv_int,
    recv_table,
    send_int,
    send_table,
    table_bytes,
)

RULES = preset_rules("uecda")


def reading(codes: str, joker_as: str | None = None) -> Play:
    """The reading of ``codes`` whose joker stands for ``joker_as`` (the strongest if None)."""
    found = readings(parse_cards(codes), sequence_min=3)
    if joker_as is None:
        return found[0]
    want = 1 << parse_card_id(joker_as)
    return next(p for p in found if p.stand_ins == want or (p.kind == GROUP and p.size > 4))


def round_trip(play: Play) -> Play:
    """Encode, decode, and read back as the engine would (through ``Game.readings``)."""
    decoded = decode_play(encode_play(play))
    assert decoded is not None
    cards, joker_as = decoded
    assert cards == play.cards
    others = [0] * 4
    for i, cid in enumerate(iter_ids(deck_mask(1) & ~cards)):
        others[i % 4] |= 1 << cid
    game = Game.from_hands(RULES, [cards, *others], leader=0)
    found = game.readings(cards, joker_as)
    assert found, f"no reading of {play.describe()} after the round trip"
    return found[0]


@pytest.mark.parametrize("cid", range(52))
def test_every_single_round_trips(cid: int) -> None:
    play = reading(f"{'3456789TJQKA2'[cid >> 2]}{'SHDC'[cid & 3]}")
    table = encode_play(play)
    row, col = cid & 3, (cid >> 2) + 1
    assert table[row][col] == 1 and sum(map(sum, table)) == 1
    assert round_trip(play) == play


@pytest.mark.parametrize("stand", ["7S", "7H", "7D", "7C"])
def test_group_with_a_joker_round_trips(stand: str) -> None:
    natural = " ".join(c for c in ("7S", "7H", "7D", "7C") if c != stand)
    play = reading(f"{natural} JK", stand)
    table = encode_play(play)
    row, col = parse_card_id(stand) & 3, parse_card_id(stand) // 4 + 1
    assert table[row][col] == 2
    back = round_trip(play)
    assert back.kind == GROUP and back.size == 4 and back.stand_ins == play.stand_ins


def test_pair_with_a_joker_keeps_the_suit_it_stands_for() -> None:
    play = reading("9D JK", "9C")
    back = round_trip(play)
    assert back.suits == play.suits == 0b1100


@pytest.mark.parametrize("length", [3, 4, 5])
def test_sequence_with_the_joker_at_each_position(length: int) -> None:
    ranks = "56789"[:length]
    for position in range(length):
        natural = " ".join(f"{r}H" for i, r in enumerate(ranks) if i != position)
        stand = f"{ranks[position]}H"
        play = reading(f"{natural} JK", stand)
        assert play.kind == SEQUENCE
        table = encode_play(play)
        assert table[1][parse_card_id(stand) // 4 + 1] == 2
        back = round_trip(play)
        assert (back.kind, back.rank, back.size, back.stand_ins) == (SEQUENCE, play.rank, length, play.stand_ins)


def test_natural_group_and_sequence_round_trip() -> None:
    for codes in ("QS QH QD", "4S 4H 4D 4C", "TD JD QD KD AD"):
        play = reading(codes)
        assert round_trip(play) == play


def test_five_card_group_has_its_joker_in_row_4() -> None:
    play = reading("6S 6H 6D 6C JK")
    table = encode_play(play)
    assert table[4][4] == 2 and [table[r][4] for r in range(4)] == [1, 1, 1, 1]
    back = round_trip(play)
    assert back.kind == GROUP and back.size == 5 and back.rank == 3


def test_lone_joker_round_trips_and_is_found_anywhere() -> None:
    joker = reading("JK")
    assert joker.rank == JOKER_RANK
    table = encode_play(joker)
    assert table[0][14] == 2 and sum(map(sum, table)) == 2
    assert encode_play(joker, reversed_order=True)[0][0] == 2
    assert encode_play(joker, avoid_suits=0b0011)[2][14] == 2
    for row, col in [(0, 0), (3, 14), (2, 7), (4, 1)]:
        other = new_table()
        other[row][col] = 2
        assert decode_play(other) == (1 << 52, [])
    assert round_trip(joker).kind == SINGLE


def test_pass_is_all_zeros_and_rows_5_to_7_are_ignored() -> None:
    table = encode_play(PASS)
    assert all(v == 0 for row in table for v in row)
    assert decode_play(table) is None
    echoed = encode_state(TableState(my_turn=True, counts=(9, 9, 9, 9, 9)), new_table())
    assert decode_play(echoed) is None


@pytest.mark.parametrize(
    ("cells", "error"),
    [
        ({(0, 3): 3}, MalformedTable),
        ({(0, 3): -1}, MalformedTable),
        ({(0, 3): 2, (1, 3): 2}, ImpossiblePlay),
        ({(0, 14): 1}, ImpossiblePlay),
        ({(4, 5): 1}, ImpossiblePlay),
        ({(4, 5): 2, (0, 5): 1, (1, 6): 1}, ImpossiblePlay),
    ],
)
def test_impossible_tables_are_refused(cells: dict[tuple[int, int], int], error: type[Exception]) -> None:
    table = new_table()
    for (row, col), value in cells.items():
        table[row][col] = value
    with pytest.raises(error):
        decode_play(table)


def test_hand_round_trips_with_the_joker_at_4_1() -> None:
    hand = parse_cards("3S 5H 9D TC 2S JK")
    table = encode_hand(hand)
    assert table[4][1] == 2 and table[0][1] == 1 and table[0][13] == 1
    assert decode_hand(table) == hand
    bad = encode_hand(hand)
    bad[2][2] = 5
    with pytest.raises(MalformedTable):
        decode_hand(bad)


def test_state_rows_round_trip() -> None:
    state = TableState(exchanging=True, gift_count=2, my_turn=True, turn_player=3, cleared=True, revolution=True,
                       lock=True, counts=(11, 10, 0, 4, 7), classes=(2, 0, 4, 1, 3), seating=(3, 1, 4, 0, 2))
    table = encode_state(state, encode_hand(parse_cards("3S")))
    assert table[5][:8] == [1, 2, 1, 3, 1, 0, 1, 1]
    assert table[6] == [11, 10, 0, 4, 7, 2, 0, 4, 1, 3, 3, 1, 4, 0, 2]
    assert decode_state(table) == state
    table[6][12] = 3
    with pytest.raises(MalformedTable):
        decode_state(table)


def test_name_table() -> None:
    version, name = read_name_table(name_table("ours"))
    assert (version, name) == (PROTOCOL_VERSION, "ours")
    assert read_name_table(name_table("a-very-long-client-name"))[1] == "a-very-long-c"


# --- sockets -------------------------------------------------------------------------------


class Trickle:
    """A socket stand-in whose recv returns a few bytes at a time (short reads)."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data = data
        self.step = step

    def settimeout(self, value: float | None) -> None:
        pass

    def recv(self, size: int) -> bytes:
        chunk, self.data = self.data[: min(size, self.step)], self.data[min(size, self.step):]
        return chunk


def test_reads_loop_over_short_reads() -> None:
    table = encode_hand(parse_cards("4S 8H JK"))
    data = table_bytes(table)
    assert len(data) == TABLE_BYTES
    got = recv_exact(Trickle(data + b"\x00\x00\x00\x09", 7), TABLE_BYTES, 1.0, "a table")  # type: ignore[arg-type]
    assert got == data


def test_tables_and_ints_cross_a_socket() -> None:
    a, b = socket.socketpair()
    with a, b:
        table = encode_play(reading("5S 6S JK", "7S"))
        send_table(a, table)
        send_int(a, -5)
        assert recv_table(b, 1.0) == table
        assert recv_int(b, 1.0) == -5


def test_a_short_table_then_close_is_a_clear_error() -> None:
    a, b = socket.socketpair()
    with b:
        a.sendall(b"\x01" * 100)
        a.close()
        with pytest.raises(PeerClosed, match=r"in the middle of the opening hand \(100 of 480 bytes\)"):
            recv_table(b, 1.0, "the opening hand")


def test_silence_times_out() -> None:
    a, b = socket.socketpair()
    with a, b:
        with pytest.raises(PeerTimeout, match=r"waited 0\.2 s for the field"):
            recv_table(b, 0.2, "the field")
        a.sendall(b"\x00" * 10)
        with pytest.raises(PeerTimeout, match="only 10 of 480 bytes"):
            recv_table(b, 0.2, "the field")


def test_a_slow_sender_within_the_deadline_is_fine() -> None:
    a, b = socket.socketpair()
    data = table_bytes(encode_hand(parse_cards("KD")))
    done = threading.Event()

    def later() -> None:
        a.sendall(data[:200])
        done.wait(0.05)
        a.sendall(data[200:])

    with a, b:
        sender = threading.Thread(target=later)
        sender.start()
        assert decode_hand(recv_table(b, 5.0)) == parse_cards("KD")
        sender.join()


def test_card_cells() -> None:
    assert encode_hand(1 << card_id(0, 2))[2][1] == 1  # ♦3
    assert encode_hand(1 << card_id(12, 3))[3][13] == 1  # ♣2
