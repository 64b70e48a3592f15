"""Command line of the game: parse the arguments and start the app."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="daifugo", description="Daifugō (大富豪), the card game.")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    parse_args(argv)
    print("The card table is not built yet: this placeholder only checks the installation.", file=sys.stderr)
    return 0
