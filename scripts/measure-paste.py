#!/usr/bin/env python3
"""Measures a bracketed paste into the TUI in tmux (not a test: a figure, side by side).

    scripts/measure-paste.py [--count 10000] [--rounds 3] BINARY [BINARY ...]

For each binary: opens the demo products in a private tmux server, pastes COUNT characters
("sony" repeated over several lines, ending in "bravi") with `paste-buffer -p` (bracketed,
as a terminal sends it), and prints the time from the paste until the screen shows the
results of the whole query with nothing pending, then the time from Ctrl-C until the shell
prints the exit status. The screen is polled about every 2 ms, so figures are coarse at
that grain and include tmux's own work. Needs tmux."""
import argparse, os, subprocess, tempfile, time, uuid

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("--count", type=int, default=10_000)
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("binaries", nargs="+")
options = parser.parse_args()

words = ["sony"] * (options.count // 5 - 1) + ["bravi"]
text = "".join(w + ("" if i == len(words) - 1 else ("\n" if i % 100 == 99 else " ")) for i, w in enumerate(words))
assert len(text) == options.count, len(text)
home = tempfile.mkdtemp(prefix="measure-paste-")
paste = os.path.join(home, "paste.txt")
with open(paste, "w") as f:
    f.write(text)


def tmux(socket, *args):
    return subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", *args], capture_output=True, text=True).stdout


def wait(socket, condition, limit=600):
    start = time.monotonic()
    while time.monotonic() - start < limit:
        screen = tmux(socket, "capture-pane", "-p", "-t", "m")
        if condition(screen):
            return time.monotonic(), screen
        time.sleep(0.001)
    raise SystemExit(f"timed out after {limit} s; the screen was:\n{screen}")


typed_keys = options.count - text.count("\n")  # without bracketed paste, every character but newlines
for _ in range(options.rounds):
    for binary in options.binaries:
        socket = "measure-paste-" + uuid.uuid4().hex[:8]
        tmux(socket, "new-session", "-d", "-s", "m", "-x", "120", "-y", "30",
             f"env -i HOME={home} PATH=/usr/bin:/bin TERM=screen-256color LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile")
        try:
            tmux(socket, "send-keys", "-t", "m", "-l", f"{binary} {root}/Resources/demo/products.json; echo exit=$?")
            tmux(socket, "send-keys", "-t", "m", "Enter")
            wait(socket, lambda s: "products 338" in s and "1 req / 0 keys" in s)
            time.sleep(0.3)
            tmux(socket, "load-buffer", "-b", "p", paste)
            pasted = time.monotonic()
            tmux(socket, "paste-buffer", "-p", "-d", "-b", "p", "-t", "m")
            shown, screen = wait(socket, lambda s: "sony bravi" in s and "Sony Bravia" in s and "pending" not in s
                                 and ("/ 1 keys" in s or f"/ {typed_keys} keys" in s))
            activity = next(line for line in screen.splitlines() if "req /" in line).split("·", 1)[-1].strip()
            interrupted = time.monotonic()
            tmux(socket, "send-keys", "-t", "m", "C-c")
            ended, _ = wait(socket, lambda s: "exit=130" in s)
            print(f"{binary}: {options.count} characters, paste → results {1000 * (shown - pasted):.1f} ms, "
                  f"Ctrl-C → exit {1000 * (ended - interrupted):.1f} ms ({activity})")
        finally:
            tmux(socket, "kill-server")
