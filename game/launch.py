"""The command line of the game: parse the arguments and start the app (or a tool mode).

    daifugo                      play
    daifugo --screenshot DIR     write PNGs of every screen at 1280×720 in both languages
    daifugo --bench-frames N     render N frames of a busy table, print frame times as JSON
                                 (with --display: in a real window, e.g. under xvfb-run)
    daifugo --self-test          play a computer-only game headless, check the stats, exit 0
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Sequence
from pathlib import Path


def parse_size(text: str) -> tuple[int, int]:
    """``1280x720`` → (1280, 720); each side 1 to the settings' ``MAX_WINDOW`` (the game widens a small one)."""
    from game.storage.settings import MAX_WINDOW

    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, not {text!r}") from None
    if not (1 <= width <= MAX_WINDOW[0] and 1 <= height <= MAX_WINDOW[1]):
        most = f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}"
        raise argparse.ArgumentTypeError(f"{width}x{height}: the window must be from 1x1 to {most}") from None
    return width, height


MAX_BENCH_FRAMES = 1_000_000


def parse_frames(text: str) -> int:
    """A number of frames for ``--bench-frames``: a whole number from 1 to ``MAX_BENCH_FRAMES``."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_BENCH_FRAMES:
        raise argparse.ArgumentTypeError(f"expected a whole number of frames from 1 to {MAX_BENCH_FRAMES}, "
                                         f"not {text[:40]!r}")
    return value


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The options, each checked: a value that cannot be used is an argument error (exit 2), never a traceback."""
    parser = argparse.ArgumentParser(prog="daifugo", description="Daifugō (大富豪), the card game.")
    tools = parser.add_mutually_exclusive_group()
    tools.add_argument("--screenshot", metavar="DIR", help="write screenshots of every screen into DIR and exit")
    tools.add_argument("--bench-frames", metavar="N", type=parse_frames,
                       help="render N frames of a busy table and exit")
    tools.add_argument("--self-test", action="store_true", help="play a computer-only game headless and exit")
    tools.add_argument("--first-frame", action="store_true", help="draw the title screen once and exit (start-up time)")
    parser.add_argument("--display", action="store_true",
                        help="--bench-frames in a real window instead of SDL's dummy video driver")
    parser.add_argument("--size", type=parse_size, metavar="WxH", help="window size (e.g. 1280x720)")
    parser.add_argument("--lang", choices=("ja", "en"), help="language for this run")
    parser.add_argument("--home", metavar="DIR", help="keep settings, statistics and logs in DIR")
    args = parser.parse_args(argv)
    if args.screenshot is not None:
        folder = Path(args.screenshot).expanduser()
        if folder.exists() and not folder.is_dir():
            parser.error(f"argument --screenshot: {args.screenshot!r} is not a folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            parser.error(f"argument --screenshot: cannot create the folder {args.screenshot!r}: "
                         f"{error.strerror or error}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = parse_args(argv)
    if args.screenshot is not None:
        from game.ui.screenshots import write_screenshots

        return write_screenshots(args.screenshot, size=args.size or (1280, 720))
    if args.bench_frames is not None:
        from game.ui.bench import bench_frames

        return bench_frames(args.bench_frames, size=args.size or (1280, 720), display=args.display)
    if args.self_test:
        from game.ui.selftest import self_test

        return self_test()
    from game.storage.paths import AppPaths
    from game.ui.app import App, AppOptions

    options = AppOptions(windowed_size=args.size, paths=AppPaths.under(args.home) if args.home else None,
                         handle_signals=True)
    app = App(options)
    if args.lang:
        app.ctx.update_settings(language=args.lang)
    if args.first_frame:
        app.show_title()
        app.step(1 / 60)
        app.close()
        return 0
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
