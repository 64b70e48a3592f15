"""One player's decisions from the official server's log (``tools/champion_data.py``), deal known."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from game.engine import Pass
from game.engine.cards import deck_mask
from game.network.uecda.official_log import parse_log
from tools.champion_data import extract, main, stats

LOG = Path(__file__).with_name("data") / "official-server.log"


def test_every_decision_of_the_player_is_kept_with_the_whole_deal(tmp_path: Path) -> None:
    counts = extract([LOG], "std1", tmp_path)
    log = parse_log(LOG.read_text(encoding="latin-1"))
    logged = sum(1 for game in log.games for action in game.actions if action.player == 1)
    assert counts["games"] + counts["skipped"] == len(log.games)
    assert counts["skipped"] == 0 and counts["plays"] == logged  # one record per logged action of the player
    records = []
    with (tmp_path / "plays.pkl").open("rb") as source:
        while True:
            try:
                records.extend(pickle.load(source))
            except EOFError:
                break
    assert len(records) == counts["plays"] > 0
    for record in records:
        hands = record["hands"]
        state = record["state"]
        assert record["hand"] in hands
        assert state.played | sum(hands) == deck_mask(state.rules.jokers)  # the whole deal: played and held
        assert record["legal"] >= 1
    assert counts["passes"] == sum(1 for r in records if isinstance(r["move"], Pass))
    gifts = [json.loads(line) for line in (tmp_path / "gifts.jsonl").read_text().splitlines()]
    assert len(gifts) == counts["gifts"]
    for gift in gifts:
        assert gift["gift"] & gift["hand"] == gift["gift"] and gift["gift"].bit_count() == gift["count"]
    assert stats(tmp_path) == {k: counts[k] for k in ("games", "plays", "choices", "passes", "gifts")}


def test_a_player_not_in_the_log_gives_nothing(tmp_path: Path) -> None:
    assert extract([LOG], "nobody", tmp_path)["plays"] == 0


def test_the_fit_reads_the_extract(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from tools.train_policy import fit

    for player in ("std0", "std1", "std2", "std3", "std4"):
        extract([LOG], player, tmp_path)
    result = fit([tmp_path / "plays.pkl"], seed=1, out=None, steps=50)
    assert result["fit"]["decisions"] > 0


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(LOG), "--player", "std2", "--out", str(tmp_path)]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert main(["stats", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["plays"] == counts["plays"]
    assert main(["extract", str(tmp_path / "missing.log"), "--player", "x", "--out", str(tmp_path)]) == 2
