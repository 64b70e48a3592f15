"""Application icons (PNG, ICO, ICNS) and the Linux desktop entry, drawn by tools/make_icon.py."""
