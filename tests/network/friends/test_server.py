"""Whole matches at a server on 127.0.0.1: every preset, views equal to the host's, no card a player may not see."""

from __future__ import annotations

import json

import pytest

from game.engine.rules import PRESETS, PresetId, RuleError, preset_rules
from game.network.friends.client import Connection
from game.network.friends.messages import (
    CLIENT,
    PROTOCOL,
    Closing,
    Create,
    Hello,
    Lobby,
    Refusal,
    Start,
    TableSettings,
    Welcome,
    decode,
)
from game.network.friends.server import FriendsServer, ServerThread

from .helpers import LOOPBACK, Truth, check_texts, ended, play_table, running_server, wait_item, welcome_of


def settings_for(preset: PresetId) -> TableSettings:
    info = PRESETS[preset]
    games = 2 if info.match_end.choosable else None
    return TableSettings(preset=preset.value, players=info.default_players, games=games)


@pytest.mark.parametrize("preset", list(PresetId))
@pytest.mark.slow
def test_a_whole_match_under_every_preset(preset: PresetId) -> None:
    truth = Truth()
    settings = settings_for(preset)
    people = min(4, settings.players)
    with running_server(on_step=truth) as (_, url):
        run = play_table(url, settings, people, timeout=90)
    rules = settings.rules()
    overs = {r.over for r in run.results if r is not None}
    assert all(r is not None and r.over is not None for r in run.results), [r and r.gone for r in run.results]
    assert len(overs) == 1  # every client saw the same result
    steps = truth.of(run.code)
    assert steps
    for conn in run.connections:
        assert conn.welcome is not None
        problems = check_texts(conn.received, steps, conn.welcome.player, rules)
        assert problems == [], problems[:5]


def test_the_checks_catch_a_leak_and_a_desync() -> None:
    """The leak check fails on a card the player may not know, and the view check on a changed view."""
    truth = Truth()
    settings = settings_for(PresetId.STANDARD)
    with running_server(on_step=truth) as (_, url):
        run = play_table(url, settings, 2, timeout=60)
    conn = run.connections[1]
    assert conn.welcome is not None
    player, rules, steps = conn.welcome.player, settings.rules(), truth.of(run.code)
    texts = list(conn.received)
    index = next(i for i, t in enumerate(texts) if json.loads(t)["type"] == "update")
    data = json.loads(texts[index])
    others = sorted(set(steps[data["step"]][1 - player].view["hand"]) - set(steps[data["step"]][player].cards))
    data["view"]["hand"] = [*data["view"]["hand"][:-1], others[0]]
    leaked = [*texts[:index], json.dumps(data), *texts[index + 1:]]
    problems = check_texts(leaked, steps, player, rules)
    assert any("was sent" in p for p in problems)
    assert any("view differs" in p for p in problems)


def test_the_host_quitting_tells_everyone_and_saves_the_match() -> None:
    saved: dict[str, object] = {}
    server = FriendsServer(LOOPBACK, 0, computer_pause=30.0, on_saved=lambda code, data: saved.update({code: data}))
    thread = ServerThread(server)
    port = thread.start()
    url = f"ws://{LOOPBACK}:{port}/"
    host = Connection(url, Create("host", TableSettings(players=4))).start()
    code = welcome_of(host).code
    friend = Connection(url, Hello("friend", code)).start()
    welcome_of(friend)
    host.send(Start())
    wait_item(friend, Lobby, lambda lobby: lobby.started)
    thread.stop(Closing.HOST_LEFT)
    end = ended(friend)
    assert end.closing is Closing.HOST_LEFT and end.saved
    assert code in saved
    host.close()
    friend.close()
    # the saved match can be hosted again: its people's seats wait for them by name
    with running_server(create_key="k" * 24) as (_, url2):  # the host's own server again
        data = saved[code]
        assert isinstance(data, dict)
        again = Connection(url2, Create("host", TableSettings(players=4), key="k" * 24, resume=data)).start()
        welcome = welcome_of(again)
        assert welcome.player == 0
        again.close()


def test_a_wrong_protocol_version_is_refused_with_a_message() -> None:
    with running_server() as (_, url):
        conn = Connection(url, Hello("old", "ABCDE", protocol=99)).start()
        end = ended(conn)
        conn.close()
    assert end.refusal is Refusal.PROTOCOL and f"protocol {PROTOCOL}" in end.message


def test_decode_reads_what_encode_writes_for_a_welcome() -> None:
    from game.network.friends.messages import SERVER, encode

    welcome = Welcome("ABCDE", 2, "t" * 24, False, TableSettings(preset="akita", players=3, turn_timer=30))
    assert decode(encode(welcome), SERVER) == welcome
    with pytest.raises(ValueError):
        decode(encode(welcome), CLIENT)


HOUSE_RULES = {"seven_pass": True, "ten_discard": True, "exchange": True}


def with_house_rules(preset: PresetId) -> TableSettings:
    """The preset with 7渡し, 10捨て and the exchange on, each where the engine allows it with the preset's rules."""
    settings = settings_for(preset)
    overrides: dict[str, object] = {}
    for name, value in HOUSE_RULES.items():
        try:
            preset_rules(preset, settings.players, {**overrides, name: value})
        except RuleError:
            continue
        overrides[name] = value
    return TableSettings(preset=preset.value, players=settings.players, overrides=overrides, games=settings.games)


@pytest.mark.parametrize("preset", list(PresetId))
@pytest.mark.slow
def test_no_card_leaks_with_house_rules_in_gift_entries_and_events(preset: PresetId) -> None:
    """Under every preset with the house rules that hand cards around: no client ever receives a card it may not
    see — in its view, its history's gift entries (others' 7渡し hidden, 10捨て discards shown) or its events."""
    truth = Truth()
    settings = with_house_rules(preset)
    assert settings.overrides.get("seven_pass") or preset is PresetId.DUEL5
    people = min(4, settings.players)
    with running_server(on_step=truth) as (_, url):
        run = play_table(url, settings, people, timeout=120)
    assert all(r is not None and r.over is not None for r in run.results), [r and r.gone for r in run.results]
    rules = settings.rules()
    steps = truth.of(run.code)
    gifts = {"shown": 0, "hidden": 0}
    for conn in run.connections:
        assert conn.welcome is not None
        problems = check_texts(conn.received, steps, conn.welcome.player, rules)
        assert problems == [], problems[:5]
        for text in conn.received:
            view = json.loads(text).get("view") or {}
            for entry in view.get("history", []):
                if "gift" in entry:
                    gifts["shown" if entry["cards"] or not entry["size"] else "hidden"] += 1
    if settings.overrides.get("seven_pass") and settings.players > 2:
        assert gifts["shown"] and gifts["hidden"], gifts
