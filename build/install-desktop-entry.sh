#!/bin/sh
# Adds Daifugo to this user's application menu, starting the game from wherever this folder is now.
# Run it again after moving the folder; run it with --remove to take the entry away.
set -eu
here=$(cd "$(dirname "$0")" && pwd -P)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry=$data/applications/daifugo.desktop
icon=$data/icons/hicolor/256x256/apps/daifugo.png
if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "removed $entry"
    exit 0
fi
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/daifugo.png" "$icon"
# The program's path as one quoted argument of Exec (the Desktop Entry specification): a backslash, a double
# quote, a backquote and a dollar sign get a backslash, a percent sign is doubled; then, as in any value of the
# file, every backslash is doubled.
exec_path=$(printf '%s' "$here/Daifugo" | sed -e 's/[\\"`$]/\\&/g' -e 's/%/%%/g' -e 's/\\/\\\\/g')
icon_path=$(printf '%s' "$icon" | sed -e 's/\\/\\\\/g')
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        Exec=*) printf 'Exec="%s"\n' "$exec_path" ;;
        Icon=*) printf 'Icon=%s\n' "$icon_path" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$here/daifugo.desktop" > "$entry.tmp"
mv "$entry.tmp" "$entry"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$(dirname "$entry")" || true
fi
echo "added $entry (it starts $here/Daifugo)"
