"""The bridge against what the official UECda server (tndhm_devkit_c-20180826) really sends.

The data in ``data/`` was recorded there:

* ``official-trace-games-*.jsonl.gz``: the whole conversation of our client
  (``--trace``) in games the official server refereed with four standard
  clients, byte for byte as tables and numbers;
* ``official-server.log``: games of five standard clients from the server's
  own game log (``FLAG_LOGGER``), chosen for an 8-cut and extra turns in a
  first game, a lone joker on a locked trick with a revolution, a joker
  below the 3, and a play the server refused.

A fake server replays a trace to our real client, whose player repeats the
moves it made there: every table must be understood, the shadow must never
lose step, every game must give a valid record and the places must be the
server's.
"""

from __future__ import annotations

import gzip
import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from ai.player import Player
from game.engine import PASS, Game, Gift, Move, Observation, Play, parse_cards
from game.engine.cards import place_id
from game.engine.record import check, parse_record, replay
from game.network.uecda.__main__ import main as uecda_main
from game.network.uecda.client import UecdaClient
from game.network.uecda.official_log import convert as convert_log
from game.network.uecda.official_log import parse_log
from game.network.uecda.protocol import (
    ACCEPTED,
    MATCH_OVER,
    OPENING_TURN,
    MalformedTable,
    decode_hand,
    decode_play,
    decode_state,
    encode_play,
    recv_table,
    send_int,
    send_table,
)
from game.network.uecda.seat import judge_play
from game.network.uecda.shadow import Shadow

from .helpers import FakeServer

DATA = Path(__file__).with_name("data")
TRACES = {
    # file: our place (0 = 1st) in each game, from the server's own log
    "official-trace-games-1-5.jsonl.gz": [4, 1, 0, 0, 1],
    "official-trace-games-45-48.jsonl.gz": [4, 1, 1, 4],
}


def trace(name: str) -> list[dict[str, Any]]:
    with gzip.open(DATA / name, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def first(messages: list[dict[str, Any]], what: str) -> list[list[int]]:
    table: list[list[int]] = next(m["table"] for m in messages if m.get("recv") == what)
    return table


# --- single tables -------------------------------------------------------------------------


def test_the_official_opening_hand_has_6_as_the_player_to_act() -> None:
    opening = first(trace("official-trace-games-1-5.jsonl.gz"), "the opening hand")
    assert opening[5][:4] == [1, 0, 0, OPENING_TURN]
    with pytest.raises(MalformedTable):
        decode_state(opening)  # where [5][3] means the player to act, 6 is no player
    state = decode_state(opening, opening=True)
    assert state.exchanging and state.turn_player is None and state.counts == (11, 11, 10, 11, 10)
    shadow = Shadow(0)
    assert shadow.start_game(opening) == state
    assert shadow.initial_hand == decode_hand(opening) and shadow.initial_hand.bit_count() == 11


def test_a_joker_below_the_3_as_the_official_server_sends_it() -> None:
    messages = trace("official-trace-games-45-48.jsonl.gz")
    field = next(m["table"] for m in messages
                 if m.get("recv") == "the field" and m["table"][2][0] == 2 and m["table"][2][1] == 1)
    cells = {(r, c): field[r][c] for r in range(5) for c in range(15) if field[r][c]}
    assert cells == {(2, 0): 2, (2, 1): 1, (2, 2): 1}  # JK 3D 4D: the joker in column 0
    decoded = decode_play(field)
    assert decoded == (parse_cards("3D 4D JK"), [place_id(-1, 2)])
    # Our server accepts it from a client that holds the cards, and writes it back the same way.
    from .test_seat import game_of

    game = game_of(["3D 4D JK 9S", "5H 6H 7H", "QS", "KS", "AS"])
    judgement = judge_play(game, field)
    assert judgement.answer == ACCEPTED and judgement.move != PASS
    assert judgement.move.rank == -1 and judgement.move.size == 3  # type: ignore[union-attr]
    assert encode_play(judgement.move)[:5] == field[:5]


# --- whole conversations -------------------------------------------------------------------------


class Repeater(Player):
    """Makes again the moves our client made in a recorded conversation."""

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.sent = [m for m in messages if m.get("send") in ("our play", "the cards to give")]
        self.extra_turns = 0
        """Turns where every other player had passed our own play (the official extra turn)."""
        self.extra_plays = 0

    def _next(self, what: str) -> list[list[int]]:
        message = self.sent.pop(0)
        assert message["send"] == what
        table: list[list[int]] = message["table"]
        return table

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        state = obs.state
        table = self._next("our play")
        decoded = decode_play(table)
        extra = state.top is not None and state.last_player == obs.seat
        self.extra_turns += extra
        if decoded is None:
            return PASS
        self.extra_plays += extra
        cards, joker_as = decoded
        return obs.resolve(cards, joker_as)

    def choose_gift(self, obs: Observation, rng: random.Random) -> int:
        return decode_hand(self._next("the cards to give"))


def serve(messages: list[dict[str, Any]], server: FakeServer, received: list[list[list[int]]]) -> None:
    """The server side of a recorded conversation; the last game-over flag becomes 'all games over'."""
    sock = server.accept()
    try:
        last_flag = max(i for i, m in enumerate(messages) if m.get("recv") == "the game-over flag")
        for i, message in enumerate(messages):
            if "send" in message:
                received.append(recv_table(sock, 10, message["send"]))
            elif "table" in message:
                send_table(sock, message["table"], 10)
            else:
                send_int(sock, MATCH_OVER if i == last_flag else message["int"], 10)
    finally:
        sock.close()


@pytest.mark.parametrize("name", sorted(TRACES))
@pytest.mark.slow
def test_our_client_follows_official_conversations(name: str, tmp_path: Path) -> None:
    messages = trace(name)
    player = Repeater(messages)
    server = FakeServer()
    received: list[list[list[int]]] = []
    thread = threading.Thread(target=serve, args=(messages, server, received), daemon=True)
    thread.start()
    client = UecdaClient(player, name="ours", port=server.port, read_timeout=10, records_dir=tmp_path, seed=1)
    report = client.run()
    thread.join(timeout=10)
    server.close()
    # Every table the client sent is the one it sent to the official server.
    assert received == [m["table"] for m in messages if "send" in m]
    assert [g.place for g in report.games] == TRACES[name]
    assert player.extra_turns > 0 and player.extra_plays > 0
    for game in report.games:
        assert game.rebuilds == [], game.rebuilds
        assert game.record is not None
        status, answer = check(game.record)
        assert status == 0
        # The record's places put our seat where the server placed us.
        seat = game.record["uecda"]["seat"]
        assert answer["games"][0]["places"].index(seat) == game.place


def test_a_rebuilt_shadow_still_reports_the_place_the_server_gave() -> None:
    """A shadow that lost step counts the places from the cards left in every table."""
    messages = trace("official-trace-games-1-5.jsonl.gz")
    game_one = messages[2: next(i for i, m in enumerate(messages) if i > 2 and m.get("recv") == "the opening hand")]
    shadow = Shadow(0)
    shadow.start_game(game_one[0]["table"])
    turns = 0
    for message in game_one[1:]:
        what = message.get("recv")
        if what == "the hand and state":
            table = [list(row) for row in message["table"]]
            turns += 1
            if turns == 10:
                table[6][0] += 1  # one table disagrees: the shadow rebuilds
            shadow.on_turn_table(table)
        elif what == "the field":
            shadow.on_field(message["table"])
    report = shadow.end_game("ours")
    assert report.rebuilds and report.record is None
    assert report.place == TRACES["official-trace-games-1-5.jsonl.gz"][0] == 4  # 5th, as the server said


# --- the server's own game log -------------------------------------------------------------------


def extra_plays(data: dict[str, Any]) -> int:
    """Plays a record makes on the player's own cards after everyone else passed."""
    game = replay(parse_record(data)).games[0]
    again = Game.from_hands(game.rules, game.deal.hands, previous_places=game.previous_places)
    count = 0
    for entry in game.history:
        if isinstance(entry, Gift):
            if entry.chosen:
                again.give(entry.giver, entry.cards)
            continue
        count += isinstance(entry.move, Play) and again.top is not None and again.last_player == again.turn
        again.play(entry.move)
    return count


def test_official_game_logs_replay_with_the_official_places() -> None:
    log = parse_log((DATA / "official-server.log").read_text(encoding="ascii"))
    assert log.names == ("std0", "std1", "std2", "std3", "std4")
    assert [g.number for g in log.games] == [0, 26, 27, 135]
    conversions = convert_log(log)
    refused = []
    for game, conversion in zip(log.games, conversions, strict=True):
        assert not isinstance(conversion, Exception), conversion
        status, answer = check(conversion.record)
        assert status == 0, answer
        assert tuple(answer["games"][0]["places"]) == conversion.places
        assert [game.seating[s] for s in conversion.places] == list(game.result)
        refused += [(game.number, i) for i in conversion.refused]
    # Game 135: a standard client sent K-A-2 of spades on J-Q-K of clubs; the server counted it a pass.
    assert refused == [(135, 3)]
    assert all(extra_plays(c.record) > 0 for c in conversions if not isinstance(c, Exception))
    beyond = conversions[2]
    assert not isinstance(beyond, Exception)
    assert any(a.get("joker_as", "").startswith("<3") for a in beyond.record["games"][0]["actions"])


def test_the_log_command_gives_each_players_points_and_pairs_two(capsys: pytest.CaptureFixture[str]) -> None:
    log = parse_log((DATA / "official-server.log").read_text(encoding="ascii"))
    # Results 04123, 41203, 21043, 10234 (player numbers from 1st to 5th); 5 points for 1st down to 1 for 5th.
    assert log.points() == [(5, 3, 2, 1, 4), (2, 4, 3, 1, 5), (3, 4, 5, 1, 2), (4, 5, 3, 2, 1)]
    path = str(DATA / "official-server.log")
    assert uecda_main(["log", path, "--versus", "std0,std1"]) == 0
    out = capsys.readouterr().out
    assert "points per game over 4 games:" in out
    assert "std1            4.00 [" in out and "std3            1.25 [" in out
    assert "over 4 games, 1st in 25%" in out and "std3            1.25 [0.45, 2.04] over 4 games, 1st in 0%" in out
    assert "std0 minus std1, 4 games: 3.50 against 4.00, -0.50 [" in out
    # Classes at the deal (mibun): games 26, 27 and 135 have them (34201, 31240, 42301 by player number).
    assert "std0            hinmin 2: 0%, 2.50  daihinmin 1: 0%, 4.00  none 1: 100%, 5.00" in out
    assert "std4            daifugo 1: 0%, 2.00  fugo 2: 50%, 3.00  none 1: 0%, 4.00" in out
    assert ("std0 ahead of std1, by their classes at the deal: hinmin/fugo 0% of 1, hinmin/daihinmin 0% of 1, "
            "daihinmin/heimin 0% of 1") in out
    assert uecda_main(["log", path, "--versus", "std3,std4"]) == 0
    out = capsys.readouterr().out
    assert "std3 ahead of std4, by their classes at the deal: daifugo/fugo 50% of 2, daihinmin/daifugo 0% of 1" in out
    assert uecda_main(["log", path, "--versus", "std0,wizard"]) == 2
    assert "expected two names that played every game: std0, std1, std2, std3, std4" in capsys.readouterr().err
    assert uecda_main(["log", path, "--versus", "std0"]) == 2
