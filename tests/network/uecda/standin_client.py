"""A minimal UECda client (protocol 20070) in plain Python, standing in for a tournament program in tests.

It imports nothing from the project: it is an independent reading of the
protocol.  It plays its weakest single when it leads, the weakest single that
beats a single on the table (keeping to a locked suit), and passes otherwise;
it gives its weakest cards in the exchange.

    python standin_client.py [-h HOST] [-p PORT] [-n NAME] [--mode MODE] [--after N]

Modes: ``play`` (default); ``crash`` (exit with status 3 after N hand tables);
``garbage-hello`` (480 random bytes instead of table 1); ``garbage-play``
(a table of 7s as its first play); ``wrong-version`` (20060); ``silent``
(connects and sends nothing); ``short`` (half a table 1, then closes);
``hang`` (plays, then after N hand tables never answers its turn).
Exit status: 0 after "all games over" (2), 1 if the server broke off.
"""

from __future__ import annotations

import argparse
import os
import socket
import struct
import sys

TABLE = struct.Struct(">120i")
INT = struct.Struct(">i")


def recv_exact(sock: socket.socket, size: int) -> bytes:
    buf = b""
    while len(buf) < size:
        chunk = sock.recv(size - len(buf))
        if not chunk:
            raise EOFError("server closed")
        buf += chunk
    return buf


def recv_table(sock: socket.socket) -> list[list[int]]:
    flat = TABLE.unpack(recv_exact(sock, 480))
    return [list(flat[r * 15:(r + 1) * 15]) for r in range(8)]


def send_table(sock: socket.socket, table: list[list[int]]) -> None:
    sock.sendall(TABLE.pack(*[v for row in table for v in row]))


def recv_int(sock: socket.socket) -> int:
    value: int = INT.unpack(recv_exact(sock, 4))[0]
    return value


def empty() -> list[list[int]]:
    return [[0] * 15 for _ in range(8)]


def my_cards(table: list[list[int]]) -> list[tuple[int, int]]:
    """(column, row) of each natural card, weakest column first."""
    return sorted((c, r) for r in range(4) for c in range(1, 14) if table[r][c] == 1)


def has_joker(table: list[list[int]]) -> bool:
    return any(table[4][c] == 2 for c in range(15))


def field_single(field: list[list[int]]) -> tuple[int, int] | None:
    """The single card on the field as (column, row); (99, -1) for a lone joker; None otherwise."""
    cells = [(c, r, field[r][c]) for r in range(5) for c in range(15) if field[r][c]]
    if len(cells) != 1:
        return None
    col, row, value = cells[0]
    return (99, -1) if value == 2 else (col, row)


def choose(hand: list[list[int]], field: list[list[int]] | None) -> list[list[int]]:
    out = empty()
    cards = my_cards(hand)
    reverse = hand[5][6] == 1
    leading = hand[5][4] == 1
    order = sorted(cards, key=lambda cr: (-cr[0] if reverse else cr[0], cr[1]))
    if leading:
        if order:
            col, row = order[0]
            out[row][col] = 1
        elif has_joker(hand):
            out[0][14] = 2
        return out
    top = field_single(field) if field is not None else None
    if top is None or top[0] == 99:
        return out
    locked = hand[5][7] == 1
    for col, row in order:
        if locked and row != top[1]:
            continue
        if (col < top[0]) if reverse else (col > top[0]):
            out[row][col] = 1
            return out
    return out


def main() -> int:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("-h", "--host", default="127.0.0.1")
    parser.add_argument("-p", "--port", type=int, default=42485)
    parser.add_argument("-n", "--name", default="standin")
    parser.add_argument("--mode", default="play")
    parser.add_argument("--after", type=int, default=5)
    args = parser.parse_args()
    sock = socket.create_connection((args.host, args.port), timeout=30)
    mode = args.mode
    if mode == "silent":
        sock.recv(1)
        return 0
    if mode == "garbage-hello":
        sock.sendall(os.urandom(480))
        sock.recv(1)
        return 0
    if mode == "short":
        sock.sendall(b"\x00" * 240)
        sock.close()
        return 0
    hello = empty()
    hello[0][0] = 20060 if mode == "wrong-version" else 20070
    for i, ch in enumerate(args.name[:13]):
        hello[1][i] = ord(ch)
    send_table(sock, hello)
    try:
        recv_int(sock)
        hands = 0
        field: list[list[int]] | None = None
        while True:
            opening = recv_table(sock)
            if opening[5][1] > 0:
                gift = empty()
                for col, row in my_cards(opening)[: opening[5][1]]:
                    gift[row][col] = 1
                send_table(sock, gift)
            while True:
                hand = recv_table(sock)
                hands += 1
                if mode == "crash" and hands >= args.after:
                    os._exit(3)
                if hand[5][2] == 1:
                    if mode == "hang" and hands >= args.after:
                        sock.recv(1)
                        return 0
                    if mode == "garbage-play":
                        send_table(sock, [[7] * 15 for _ in range(8)])
                    else:
                        send_table(sock, choose(hand, field))
                    if recv_int(sock) not in (8, 9):
                        return 1
                field = recv_table(sock)
                flag = recv_int(sock)
                if flag == 2:
                    return 0
                if flag == 1:
                    field = None
                    break
                if flag != 0:
                    return 1
    except (EOFError, OSError):
        return 1


if __name__ == "__main__":
    sys.exit(main())
