#!/usr/bin/env python3
"""Process start to first frame, measured from outside the way keylatency.py (../shared/tools) measures a
key: CMD is spawned in a pseudo-terminal whose output goes to a terminal emulator (pyte), and the first
frame is the moment the screen first reaches the state it still has once the program has been quiet for
QUIET ms. Same measure for any program (fzf, or ours). Each of RUNS starts are timed, then Ctrl-C.
The emulator answers what a terminal is asked at start as a real one does at once: the cursor's
position (CSI 6 n) and a mode query (CSI ? N $ p, answered "not recognized"); fzf asks both and
waits half a second for a terminal that does not answer, which would otherwise end the measure
on a blank screen.
Usage: start-latency.py [--size 120x40] [--quiet MS] [--runs N] -- CMD ARGS...
Prints: starts N  first frame ms p50 P min MIN max MAX  per start: ..."""
import os, re, sys, time, select, ptyprocess, pyte


class AnsweringScreen(pyte.Screen):
    """pyte answers CSI 6 n through write_process_input; mode queries it does not parse at all."""
    answer = None

    def write_process_input(self, data):
        if self.answer: self.answer(data.encode())


MODE_QUERY = re.compile(rb"\x1b\[\?(\d+)\$p")


def first_frame(cmd, cols, rows, quiet, limit=30.0):
    screen = AnsweringScreen(cols, rows)
    stream = pyte.ByteStream(screen)
    t0 = time.perf_counter()
    p = ptyprocess.PtyProcess.spawn(cmd, dimensions=(rows, cols), env=dict(os.environ, TERM="xterm-256color"))
    screen.answer = lambda data: os.write(p.fd, data)
    snaps, until = [], None
    while True:
        now = time.perf_counter()
        if now - t0 > limit: break
        wait = (until - now) if until is not None else (limit - (now - t0))
        if wait <= 0: break
        r, _, _ = select.select([p.fd], [], [], wait)
        if not r: break
        try: data = os.read(p.fd, 1 << 16)
        except OSError: break
        if not data: break
        now = time.perf_counter()
        for mode in MODE_QUERY.findall(data): os.write(p.fd, b"\x1b[?%s;0$y" % mode)
        stream.feed(data)
        snaps.append((now, "\n".join(screen.display)))
        until = now + quiet / 1000
    p.write(b"\x03"); time.sleep(0.2); p.terminate(force=True)
    if not snaps: return float("nan")
    final = snaps[-1][1]
    return (next(t for t, s in snaps if s == final) - t0) * 1000


def main():
    a = sys.argv[1:]; cols, rows, quiet, runs = 120, 40, 400, 5
    while a and a[0] != "--":
        k = a.pop(0)
        if k == "--size": cols, rows = map(int, a.pop(0).split("x"))
        elif k == "--quiet": quiet = float(a.pop(0))
        elif k == "--runs": runs = int(a.pop(0))
        else: sys.exit(__doc__)
    assert a and a.pop(0) == "--" and a, __doc__
    times = [first_frame(a, cols, rows, quiet) for _ in range(runs)]
    s = sorted(times)
    print("starts %d  first frame ms p50 %.1f min %.1f max %.1f  per start: %s" % (
        len(s), s[len(s) // 2], s[0], s[-1], " ".join("%.1f" % t for t in times)))


main()
