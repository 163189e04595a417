#!/usr/bin/env python3
"""Pictures of the real screen, for the README and the guides: runs the instantsearch binary in
a tmux server of its own on the demo data, types as a user would, captures each screen with its
colours (`tmux capture-pane -e -p`), and draws the capture as an SVG of the terminal's cells,
which rsvg-convert turns into docs/images/NAME.png. `make screenshots` runs it on the release
build; run it again after a change to what the screen shows, so the pictures never drift.

Every session gets a HOME, state and cache folder of its own (no query suggestions, insights or
cached index of yours), a fixed terminal size, TERM=xterm-256color and a UTF-8 locale.

Usage: scripts/screenshots.py [--binary PATH] [--out DIR] [NAME ...]   (default: every picture)
"""
import argparse
import html
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import time
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# One picture: its name, the terminal's size, the shell command (run from the repository's root,
# {bin} the binary), and the steps: ("keys", KEY...) types keys as tmux names them, ("wait",
# TEXT) waits until TEXT is on screen. The capture is taken once the screen is still.
SHOTS = [
    ("facets", 110, 30, "{bin} --config Resources/demo/demo.config.json", [
        ("wait", "338 results"),
        ("keys", "w", "i", "r", "e", "l", "e", "s", "s"), ("wait", "results"),
        ("keys", "F3", "Enter"), ("wait", "Refined"),
        ("keys", "F4", "S-Right"), ("wait", "price ≥"),
        ("keys", "F2"),
    ]),
    ("sections", 110, 30, "{bin} --config Resources/demo/demo.config.json", [
        ("wait", "338 results"), ("keys", "F5"), ("wait", "Brands"),
        ("keys", "h", "e", "a", "d"), ("wait", "Headphones"),
    ]),
    ("preview", 110, 30, "{bin} --config Resources/demo/demo.config.json", [
        ("wait", "338 results"),
        ("keys", "l", "i", "g", "h", "t", "w", "e", "i", "g", "h", "t"), ("wait", "description"),
        ("keys", "F6"), ("wait", "objectID"),
    ]),
    ("lines", 100, 24, "git ls-files Sources | {bin}", [
        ("wait", "/"), ("keys", "l", "s", "c", "a", "n"), ("wait", "LineScan"),
    ]),
    ("history", 110, 26, "{bin} --source history --shell bash --shell-history {home}/.bash_history "
     "--command-log {home}/history.bash", [
        ("wait", "git"), ("keys", "g", "i", "t", " ", "s"), ("wait", "status"),
    ]),
]

# A shell history and the integration's log of folders and exit statuses, for the Ctrl-R picture.
HISTORY = [
    ("~/src/shop", 0, "git status --short"), ("~/src/shop", 0, "git switch -c search-facets"),
    ("~/src/shop", 0, "make test"), ("~/src/shop", 2, "make test"), ("~/src/shop", 0, "git stash list"),
    ("~/src/shop", 0, "git log --oneline -20"), ("~/src/api", 0, "docker compose up -d"),
    ("~/src/api", 1, "curl -s localhost:8080/health"), ("~/src/api", 0, "git status"),
    ("~/src/api", 0, "git pull --rebase"), ("~/notes", 0, "vim todo.md"), ("~", 0, "ssh build-01"),
    ("~/src/shop", 0, "git push -u origin search-facets"), ("~/src/api", 0, "kubectl get pods -n staging"),
    ("~", 0, "htop"), ("~/src/shop", 0, "git status"), ("~/src/shop", 0, "git diff --stat"),
]

# The terminal's colours (Tango's, on a dark background) and xterm's 256-colour cube and grey ramp.
BACKGROUND, FOREGROUND = "#1d1f21", "#d3d7cf"
BASIC = ["#2e3436", "#cc0000", "#4e9a06", "#c4a000", "#3465a4", "#75507b", "#06989a", "#d3d7cf",
         "#555753", "#ef2929", "#8ae234", "#fce94f", "#729fcf", "#ad7fa8", "#34e2e2", "#eeeeec"]


def palette(index):
    if index < 16:
        return BASIC[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[index // 36], steps[index // 6 % 6], steps[index % 6])
    grey = 8 + (index - 232) * 10
    return "#%02x%02x%02x" % (grey, grey, grey)


class Style:
    def __init__(self):
        self.fg = self.bg = None
        self.bold = self.dim = self.italic = self.underline = self.reverse = False

    def key(self):
        return (self.fg, self.bg, self.bold, self.dim, self.italic, self.underline, self.reverse)

    def copy(self):
        other = Style()
        other.__dict__.update(self.__dict__)
        return other

    def apply(self, parameters):
        """One SGR sequence's parameters, in order."""
        values = [int(p) if p.isdigit() else 0 for p in parameters.split(";")] if parameters else [0]
        i = 0
        while i < len(values):
            v = values[i]
            if v == 0:
                self.__init__()
            elif v == 1:
                self.bold = True
            elif v == 2:
                self.dim = True
            elif v == 3:
                self.italic = True
            elif v == 4:
                self.underline = True
            elif v == 7:
                self.reverse = True
            elif v == 22:
                self.bold = self.dim = False
            elif v == 23:
                self.italic = False
            elif v == 24:
                self.underline = False
            elif v == 27:
                self.reverse = False
            elif 30 <= v <= 37:
                self.fg = palette(v - 30)
            elif 90 <= v <= 97:
                self.fg = palette(v - 90 + 8)
            elif 40 <= v <= 47:
                self.bg = palette(v - 40)
            elif 100 <= v <= 107:
                self.bg = palette(v - 100 + 8)
            elif v == 39:
                self.fg = None
            elif v == 49:
                self.bg = None
            elif v in (38, 48) and i + 1 < len(values):
                if values[i + 1] == 5 and i + 2 < len(values):
                    colour = palette(values[i + 2])
                    i += 2
                elif values[i + 1] == 2 and i + 4 < len(values):
                    colour = "#%02x%02x%02x" % tuple(values[i + 2:i + 5])
                    i += 4
                else:
                    colour = None
                if v == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1


def width(character):
    if unicodedata.combining(character):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def cells(capture, columns, rows):
    """The capture as rows of (character, style) cells, each row exactly `columns` wide."""
    screen = []
    style = Style()
    for line in capture.split("\n")[:rows]:
        row = []
        for piece in re.split(r"(\x1b\[[0-9;]*m)", line):
            if piece.startswith("\x1b["):
                style.apply(piece[2:-1])
                continue
            for character in piece:
                w = width(character)
                if w == 0 and row:
                    row[-1] = (row[-1][0] + character, row[-1][1])
                    continue
                row.append((character, style.copy()))
                if w == 2:
                    row.append(("", style.copy()))
        row = row[:columns]
        row += [(" ", Style())] * (columns - len(row))
        screen.append(row)
    while len(screen) < rows:
        screen.append([(" ", Style())] * columns)
    return screen


FONT_SIZE = 14
CELL_WIDTH = FONT_SIZE * 0.6021  # DejaVu Sans Mono's advance, 1233 of 2048 units
LINE_HEIGHT = round(FONT_SIZE * 1.25)
PADDING = 14


def svg(screen):
    columns = len(screen[0])
    w = columns * CELL_WIDTH + 2 * PADDING
    h = len(screen) * LINE_HEIGHT + 2 * PADDING
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" viewBox="0 0 {w:.2f} {h:.2f}">',
           f'<rect width="100%" height="100%" rx="8" fill="{BACKGROUND}"/>',
           f'<g font-family="DejaVu Sans Mono" font-size="{FONT_SIZE}" xml:space="preserve">']
    for y, row in enumerate(screen):
        top = PADDING + y * LINE_HEIGHT
        baseline = top + FONT_SIZE
        x = 0
        while x < columns:
            start = x
            style = row[x][1]
            while x < columns and row[x][1].key() == style.key():
                x += 1
            fg = style.fg or FOREGROUND
            bg = style.bg
            if style.reverse:
                fg, bg = (style.bg or BACKGROUND), (style.fg or FOREGROUND)
            if bg:
                out.append(f'<rect x="{PADDING + start * CELL_WIDTH:.2f}" y="{top}" width="{(x - start) * CELL_WIDTH + 0.4:.2f}" '
                           f'height="{LINE_HEIGHT}" fill="{bg}"/>')
            attributes = f'fill="{fg}"'
            if style.bold:
                attributes += ' font-weight="bold"'
            if style.italic:
                attributes += ' font-style="italic"'
            if style.dim:
                attributes += ' opacity="0.6"'
            if style.underline:
                attributes += ' text-decoration="underline"'
            # ASCII goes in runs (DejaVu Sans Mono's advance is the cell's width); any other
            # character in a cell of its own, since the font it falls back to may be wider.
            column = start
            while column < x:
                character = row[column][0]
                if not character.strip():
                    column += 1
                    continue
                end = column + 1
                if character.isascii():
                    while end < x and row[end][0].isascii() and row[end][0] != "":
                        end += 1
                    text = "".join(row[c][0] for c in range(column, end)).rstrip()
                else:
                    text = character
                out.append(f'<text x="{PADDING + column * CELL_WIDTH:.2f}" y="{baseline}" {attributes}>{html.escape(text)}</text>')
                column = end
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


class Tmux:
    def __init__(self, socket):
        self.socket = socket

    def run(self, *arguments, check=True):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *arguments],
                              check=check, capture_output=True, text=True).stdout

    def screen(self, colours=False):
        return self.run("capture-pane", "-p", *(["-e"] if colours else []), "-t", "shot")

    def wait_for(self, text, seconds=20):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if text in self.screen():
                return
            time.sleep(0.05)
        raise SystemExit(f"screenshots: {text!r} never showed; the screen was:\n{self.screen()}")

    def wait_still(self, seconds=10):
        """Until two captures a quarter of a second apart are the same."""
        deadline = time.monotonic() + seconds
        last = None
        while time.monotonic() < deadline:
            now = self.screen(colours=True)
            if now == last:
                return now
            last = now
            time.sleep(0.25)
        return last


def write_history(home):
    now = int(time.time())
    with open(os.path.join(home, ".bash_history"), "w") as history, open(os.path.join(home, "history.bash"), "w") as log:
        for number, (folder, status, command) in enumerate(HISTORY):
            when = now - (len(HISTORY) - number) * 31_000
            history.write(f"#{when}\n{command}\n")
            log.write(f"{when}\t{status}\t{folder.replace('~', home, 1)}\t{command}\n")


def shoot(name, columns, rows, command, steps, binary, out):
    home = tempfile.mkdtemp(prefix="instantsearch-shot-")
    tmux = Tmux(f"instantsearch-shots-{os.getpid()}")
    try:
        write_history(home)
        environment = {"HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache",
                       "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        shell = " ".join(f"{k}={shlex.quote(v)}" for k, v in environment.items())
        script = command.format(bin=shlex.quote(binary), home=shlex.quote(home))
        tmux.run("new-session", "-d", "-s", "shot", "-x", str(columns), "-y", str(rows), "-c", ROOT,
                 f"env -u INSTANTSEARCH_DEFAULT_OPTS -u NO_COLOR {shell} sh -c {shlex.quote(script)}; sleep 600")
        tmux.run("set-option", "-t", "shot", "status", "off")
        for step in steps:
            if step[0] == "wait":
                tmux.wait_for(step[1])
            else:
                for key in step[1:]:
                    tmux.run("send-keys", "-t", "shot", key)
                    time.sleep(0.05)
        capture = tmux.wait_still()
    finally:
        tmux.run("kill-server", check=False)
        shutil.rmtree(home, ignore_errors=True)
    drawing = svg(cells(capture, columns, rows))
    svg_path = os.path.join(out, name + ".svg")
    png_path = os.path.join(out, name + ".png")
    with open(svg_path, "w", encoding="utf-8") as file:
        file.write(drawing)
    subprocess.run(["rsvg-convert", "-o", png_path, svg_path], check=True)
    os.remove(svg_path)
    print(f"screenshots: {os.path.relpath(png_path, ROOT)} ({columns}x{rows}: {command.format(bin='instantsearch', home='~')})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "instantsearch"))
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "images"))
    parser.add_argument("names", nargs="*", help="pictures to take (default: all): " + ", ".join(s[0] for s in SHOTS))
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"screenshots: {binary} is not built")
    for tool in ("tmux", "rsvg-convert"):
        if not shutil.which(tool):
            raise SystemExit(f"screenshots: needs {tool} (scripts/ensure-deps.sh --screenshots installs it)")
    unknown = set(arguments.names) - {s[0] for s in SHOTS}
    if unknown:
        raise SystemExit("screenshots: no picture is named " + ", ".join(sorted(unknown)))
    os.makedirs(arguments.out, exist_ok=True)
    for name, columns, rows, command, steps in SHOTS:
        if not arguments.names or name in arguments.names:
            shoot(name, columns, rows, command, steps, binary, arguments.out)


if __name__ == "__main__":
    main()
