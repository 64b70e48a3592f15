"""Build the desktop app with PyInstaller and run the built binary's self-test, which must run the search
modules the build said it shipped (compiled where they could be built, else plain).

Also prints the bundle's size and its cold start to the first frame (the
goals, under 60 MB and under 2 s, are benchmarks: printed, not asserted).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


@pytest.mark.slow
def test_built_app_passes_its_self_test(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    dist = tmp_path / "dist"
    build = subprocess.run([sys.executable, str(ROOT / "build" / "build_app.py"), "--dist", str(dist)],
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-4000:]
    app_dir = dist / ("Daifugo.app" if sys.platform == "darwin" else "Daifugo")
    binary = app_dir / ("Contents/MacOS/Daifugo" if sys.platform == "darwin" else
                        "Daifugo.exe" if sys.platform == "win32" else "Daifugo")
    assert binary.exists()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "DAIFUGO_HOME": str(tmp_path / "home")}
    done = subprocess.run([str(binary), "--self-test"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "self-test: OK" in done.stdout
    shipped = next(line for line in build.stdout.splitlines() if line.startswith("search modules: "))
    running = "compiled modules from" if shipped.startswith("search modules: compiled") else "plain Python modules"
    assert running in done.stdout, (shipped, done.stdout)
    starts = []
    for _ in range(3):
        began = time.perf_counter()
        first = subprocess.run([str(binary), "--first-frame"], cwd=tmp_path, env=env, capture_output=True,
                               timeout=120)
        starts.append(time.perf_counter() - began)
        assert first.returncode == 0, first.stderr
    figures = {"bundle_mb": round(folder_size(app_dir) / 2**20, 1), "cold_start_s": round(statistics.median(starts), 2),
               "self_test": done.stdout.strip(), "search_modules": shipped}
    (ROOT / ".build").mkdir(exist_ok=True)
    (ROOT / ".build" / "app-figures.json").write_text(json.dumps(figures, indent=2))
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    line = f"app bundle: {figures['bundle_mb']} MB, cold start to first frame {figures['cold_start_s']} s"
    if reporter is not None:
        reporter.write_line(line)
    print(line)
