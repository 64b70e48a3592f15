"""Tables on the local network, found by multicast DNS on the loopback interface only (skipped where the system
gives no multicast there); a failing multicast never stops hosting or joining."""

from __future__ import annotations

import pytest

from game.network.friends.discovery import Advertiser, Finder
from game.network.friends.messages import PROTOCOL

LOOPBACK = ["127.0.0.1"]


def test_a_hosted_table_is_found_on_the_loopback_interface() -> None:
    advertiser = Advertiser("Aki", 47123, "akita", 4, interfaces=LOOPBACK).start()
    finder = Finder(interfaces=LOOPBACK).start()
    try:
        if finder.error is not None:
            pytest.skip(f"multicast DNS cannot start on 127.0.0.1 here: {finder.error}")
        found = [t for t in finder.wait_for(1, 8.0) if t.port == 47123]
        if not found:
            reason = advertiser.error or "no multicast answer came back on the loopback interface"
            pytest.skip(f"multicast does not work on 127.0.0.1 on this machine ({reason})")
        table = found[0]
        assert (table.name, table.address, table.preset, table.players, table.protocol) == \
            ("Aki", "127.0.0.1", "akita", 4, PROTOCOL)
        assert table.compatible
    finally:
        advertiser.close()
        finder.close()


def test_a_failing_multicast_is_reported_not_raised() -> None:
    advertiser = Advertiser("Aki", 47124, "standard", 4, interfaces=["203.0.113.250"])  # not an address of ours
    advertiser._start(1)
    finder = Finder(interfaces=["203.0.113.250"]).start()
    assert advertiser.error is not None and finder.error is not None
    assert finder.tables() == []
    advertiser.update(2)
    advertiser.close()
    finder.close()
