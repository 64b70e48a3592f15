"""The Linux app's desktop file holds no path: the folder can be moved, and its installer writes a menu entry.

A stand-in ``Daifugo`` (a shell script saying where it ran from) takes the
place of the built program; the desktop files are checked by
``desktop-file-validate`` and started as a desktop does where the tools are
installed: by GLib's ``GDesktopAppInfo`` from the file (as GNOME's menus and
file manager do; a small C program built here, which needs a C compiler and
GLib's headers), and by ``gio launch``, which gives no ``%k``.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))
build_app = importlib.import_module("build_app")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the desktop file is Linux's")


def fake_app(folder: Path) -> Path:
    folder.mkdir(parents=True)
    program = folder / "Daifugo"
    program.write_text('#!/bin/sh\nprintf "%s\\n" "$(cd "$(dirname "$0")" && pwd)" >> "$DAIFUGO_RAN"\n')
    program.chmod(0o755)
    build_app.linux_launcher(folder)
    return folder


def values(desktop: Path) -> dict[str, str]:
    lines = desktop.read_text(encoding="utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("#"))


def valid(desktop: Path) -> None:
    if shutil.which("desktop-file-validate") is None:
        return
    checked = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr


LAUNCHER_C = r"""
#include <gio/gdesktopappinfo.h>
int main(int argc, char **argv) {
    GDesktopAppInfo *info = g_desktop_app_info_new_from_filename(argv[1]);
    GError *error = NULL;
    if (info == NULL) return 2;
    if (!g_app_info_launch(G_APP_INFO(info), NULL, NULL, &error)) { g_printerr("%s\n", error->message); return 1; }
    return 0;
}
"""


def glib_launcher(tmp_path: Path) -> Path | None:
    """A program that starts a desktop file the way GNOME does (None where it cannot be built)."""
    if shutil.which("cc") is None or shutil.which("pkg-config") is None:
        return None
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gio-unix-2.0"], capture_output=True, text=True,
                           timeout=60)
    if flags.returncode != 0:
        return None
    source, program = tmp_path / "launch.c", tmp_path / "launch"
    source.write_text(LAUNCHER_C)
    built = subprocess.run(["cc", str(source), "-o", str(program), *flags.stdout.split()], capture_output=True,
                           timeout=120)
    return program if built.returncode == 0 else None


def launched(command: list[str], tmp_path: Path, cwd: Path | None = None) -> list[str]:
    """Run a launcher command; the folders the stand-in ``Daifugo`` ran from."""
    ran = tmp_path / "ran.txt"
    ran.unlink(missing_ok=True)
    env = {**os.environ, "DAIFUGO_RAN": str(ran)}
    started = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=60)
    assert started.returncode == 0, started.stderr
    for _ in range(200):  # the program runs on its own after gio returns
        if ran.exists() and ran.read_text().strip():
            break
        subprocess.run(["sleep", "0.05"], check=False)
    return ran.read_text().splitlines() if ran.exists() else []


def test_the_folders_desktop_file_starts_the_app_wherever_the_folder_is_moved(tmp_path: Path) -> None:
    built = fake_app(tmp_path / "dist" / "Daifugo")
    desktop = built / "daifugo.desktop"
    text = desktop.read_text(encoding="utf-8")
    assert str(tmp_path) not in text and "/dist/" not in text, "no path into the build folder"
    assert values(desktop)["Icon"] == "daifugo"
    valid(desktop)
    moved = tmp_path / "my games" / "Daifugo 大富豪"
    moved.parent.mkdir()
    built.rename(moved)
    launcher = glib_launcher(tmp_path)
    if launcher is None and shutil.which("gio") is None:
        pytest.skip("nothing here starts a desktop file")
    if launcher is not None:  # from anywhere: the desktop file's own place (%k) leads to the app
        assert launched([str(launcher), str(moved / "daifugo.desktop")], tmp_path, cwd=tmp_path) == [str(moved)]
    if shutil.which("gio") is not None:  # a launcher without %k, started in the folder
        assert launched(["gio", "launch", str(moved / "daifugo.desktop")], tmp_path, cwd=moved) == [str(moved)]


def test_the_installer_adds_a_menu_entry_for_where_the_folder_is_now(tmp_path: Path) -> None:
    folder = fake_app(tmp_path / "apps" / "Daifugo $HOME \"x\"")
    data = tmp_path / "data"
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    done = subprocess.run([str(folder / "install-desktop-entry.sh")], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    entry = data / "applications" / "daifugo.desktop"
    icon = data / "icons" / "hicolor" / "256x256" / "apps" / "daifugo.png"
    assert icon.read_bytes() == (folder / "daifugo.png").read_bytes()
    assert values(entry)["Icon"] == str(icon) and values(entry)["Name"] == "Daifugo"
    valid(entry)
    launcher = glib_launcher(tmp_path)
    command = [str(launcher), str(entry)] if launcher is not None else ["gio", "launch", str(entry)]
    if launcher is None and shutil.which("gio") is None:
        pytest.skip("nothing here starts a desktop file")
    assert launched(command, tmp_path, cwd=tmp_path) == [str(folder)]
    removed = subprocess.run([str(folder / "install-desktop-entry.sh"), "--remove"], env=env, capture_output=True,
                             text=True, timeout=60)
    assert removed.returncode == 0 and not entry.exists() and not icon.exists()
