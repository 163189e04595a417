#!/usr/bin/env python3
"""Time to the first frame of the interface, measured from outside: spawns CMD in a pseudo-terminal
(120x40), and reports when the first frame was drawn (the hint bar's "F1") and, optionally, when
DONE first appears on screen (e.g. "from the cache" or "cached for next time" on the stats line),
each as wall time and as the CPU time the program had used by then (/proc/PID/stat), which is
the steadier figure on a busy machine. Then sends Ctrl-C. Standard library only.

Usage: scripts/first-frame.py DONE -- CMD ARGS...
  scripts/first-frame.py "cached for next" -- .build/release/instantsearch ../shared/datasets/babynames.csv
  scripts/first-frame.py "from the cache"  -- .build/release/instantsearch ../shared/datasets/babynames.csv"""
import fcntl, os, pty, select, signal, struct, sys, termios, time

def cpu_ms(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

def main():
    done, separator, cmd = sys.argv[1].encode(), sys.argv[2], sys.argv[3:]
    assert separator == "--" and cmd, __doc__
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(cmd[0], cmd)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    output, marks = b"", {}
    while time.perf_counter() - start < 60 and "done" not in marks:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready: continue
        try: data = os.read(fd, 1 << 16)
        except OSError: break
        output += data
        for name, needle in (("frame", b"F1"), ("done", done)):
            if name not in marks and needle in output:
                marks[name] = ((time.perf_counter() - start) * 1000, cpu_ms(pid))
    os.write(fd, b"\x03")
    time.sleep(0.3)
    try: os.kill(pid, signal.SIGKILL)
    except OSError: pass
    print("  ".join("%s %.0f ms wall, %.0f ms cpu" % (name, *marks[name]) for name in ("frame", "done") if name in marks))

main()
