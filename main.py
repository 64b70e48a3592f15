"""Daifugō: start the game (see ``python main.py --help``)."""

import sys

from game.launch import main

if __name__ == "__main__":
    sys.exit(main())
