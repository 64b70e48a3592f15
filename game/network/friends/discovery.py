"""Tables on the local network: the host advertises its table, Join lists them (multicast DNS, python-zeroconf).

``Advertiser(name, port, ...)`` announces a hosted table as a
``_daifugo._tcp`` service (the host's name, the rules, the seats taken: never
the table's code, which is the key to sit down).  ``Finder`` browses for
them; ``tables()`` is what it has found so far, read by the frame loop
without waiting (zeroconf runs in its own threads).

A network without multicast (or a firewall, or a system that refuses the
socket) must never break hosting or joining: every failure is logged and
kept in ``error`` and the object does nothing; a typed address still works.
``interfaces`` limits the interfaces used (the tests keep to 127.0.0.1).
"""

from __future__ import annotations

import logging
import queue
import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .messages import PROTOCOL

log = logging.getLogger(__name__)

SERVICE = "_daifugo._tcp.local."
MAX_FOUND = 64


@dataclass(frozen=True)
class FoundTable:
    """A table advertised on the local network."""

    name: str
    """The host's player name."""
    address: str
    port: int
    preset: str
    players: int
    seated: int
    protocol: int

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL


def _text(value: Any, most: int = 40) -> str:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return str(value or "")[:most]


def _number(value: Any, low: int, high: int) -> int:
    try:
        number = int(_text(value, 8))
    except ValueError:
        return 0
    return number if low <= number <= high else 0


class Advertiser:
    """A hosted table announced on the local network (nothing happens if multicast fails)."""

    def __init__(self, name: str, port: int, preset: str, players: int, *,
                 interfaces: Sequence[str] | None = None, address: str | None = None) -> None:
        self.error: str | None = None
        self._zc: Any = None
        self._info: Any = None
        self._lock = threading.Lock()
        self.name, self.port, self.preset, self.players = name, port, preset, players
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.address = address

    def start(self, seated: int = 1) -> Advertiser:
        """Announce (in a background thread: registering takes a moment)."""
        threading.Thread(target=self._start, args=(seated,), name="friends-advertise", daemon=True).start()
        return self

    def _start(self, seated: int) -> None:
        try:
            from zeroconf import InterfaceChoice, IPVersion, ServiceInfo, Zeroconf

            zc = Zeroconf(interfaces=self.interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
            own = [self.address] if self.address else _own_addresses(self.interfaces)
            addresses = [socket.inet_aton(a) for a in own]
            label = "".join(ch for ch in self.name if ch.isalnum() or ch in " -_")[:30] or "table"
            info = ServiceInfo(SERVICE, f"{label} {self.port}.{SERVICE}", port=self.port, addresses=addresses,
                               properties=self._properties(seated), server=f"daifugo-{self.port}.local.")
            zc.register_service(info, allow_name_change=True)
            with self._lock:
                self._zc, self._info = zc, info
        except Exception as error:  # no multicast here: hosting goes on without it
            self.error = str(error) or type(error).__name__
            log.warning("network play: the table could not be announced on the local network: %s", self.error)

    def _properties(self, seated: int) -> dict[str, str]:
        return {"v": str(PROTOCOL), "name": self.name[:40], "preset": self.preset, "players": str(self.players),
                "seated": str(seated)}

    def update(self, seated: int) -> None:
        """Announce how many seats are taken now."""
        with self._lock:
            zc, info = self._zc, self._info
        if zc is None or info is None:
            return
        try:
            from zeroconf import ServiceInfo

            new = ServiceInfo(info.type, info.name, port=info.port, addresses=info.addresses,
                              properties=self._properties(seated), server=info.server)
            zc.update_service(new)
            with self._lock:
                self._info = new
        except Exception as error:
            log.warning("network play: the announcement could not be updated: %s", error)

    def close(self) -> None:
        with self._lock:
            zc, info, self._zc, self._info = self._zc, self._info, None, None
        if zc is None:
            return
        try:
            if info is not None:
                zc.unregister_service(info)
            zc.close()
        except Exception as error:
            log.warning("network play: closing the announcement: %s", error)


def _own_addresses(interfaces: Sequence[str] | None) -> list[str]:
    """The addresses other computers reach this one at (every IPv4 address of its interfaces but loopback)."""
    if interfaces:
        return list(interfaces)
    import ifaddr  # zeroconf's own dependency

    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]
    return found or ["127.0.0.1"]


class Finder:
    """Browses the local network for tables; ``tables()`` never waits."""

    def __init__(self, *, interfaces: Sequence[str] | None = None) -> None:
        self.error: str | None = None
        self.interfaces = list(interfaces) if interfaces is not None else None
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None
        self._names: queue.Queue[tuple[str, str] | None] = queue.Queue()
        self._resolver: threading.Thread | None = None

    def start(self) -> Finder:
        try:
            from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf

            self._zc = Zeroconf(interfaces=self.interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)

            def changed(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
                if state_change is ServiceStateChange.Removed:
                    with self._lock:
                        self._found.pop(name, None)
                else:
                    self._names.put((service_type, name))

            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[changed])
            self._resolver = threading.Thread(target=self._resolve, name="friends-find", daemon=True)
            self._resolver.start()
        except Exception as error:
            self.error = str(error) or type(error).__name__
            log.warning("network play: tables on the local network cannot be listed: %s", self.error)
        return self

    def _resolve(self) -> None:
        while True:
            item = self._names.get()
            if item is None:
                return
            service_type, name = item
            try:
                info = self._zc.get_service_info(service_type, name, timeout=1500)
            except Exception as error:
                log.info("network play: %s could not be resolved: %s", name, error)
                continue
            if info is None or not info.addresses:
                continue
            props = {(k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): v
                     for k, v in (info.properties or {}).items()}
            table = FoundTable(
                name=_text(props.get("name")) or name.split(".")[0], address=socket.inet_ntoa(info.addresses[0]),
                port=int(info.port or 0), preset=_text(props.get("preset"), 20),
                players=_number(props.get("players"), 2, 7), seated=_number(props.get("seated"), 0, 7),
                protocol=_number(props.get("v"), 0, 1_000_000),
            )
            with self._lock:
                if len(self._found) < MAX_FOUND or name in self._found:
                    self._found[name] = table

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name, t.address, t.port))

    def wait_for(self, count: int, timeout: float) -> list[FoundTable]:
        """Block until ``count`` tables are found or ``timeout`` passes (tests and scripts; the game never waits)."""
        deadline = time.monotonic() + timeout
        event = threading.Event()
        while len(self.tables()) < count and time.monotonic() < deadline:
            event.wait(0.05)
        return self.tables()

    def close(self) -> None:
        self._names.put(None)
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._browser is not None:
                self._browser.cancel()
            zc.close()
        except Exception as error:
            log.warning("network play: closing the search: %s", error)


__all__ = ["SERVICE", "Advertiser", "Finder", "FoundTable"]
