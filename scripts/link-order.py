#!/usr/bin/env python3
"""Writes Resources/link-order.txt: the functions the release executables run in everyday use,
which the linker puts side by side at the start of the code (Package.swift, `--symbol-ordering-file`).

Why: a release executable carries Swift's runtime and Foundation (80-100 MB of it), and the kernel
maps 64 KB of code around each page a process first runs. What the lines bench ran was spread over about
145 of those windows, 8.6–8.8 MB of resident code at its peak; side by side, 4.1–4.3 MB. The file only
orders: a function missing from it is placed as before, and a name no longer in the code is ignored.
Regenerate it (`make link-order`) after large changes; its figures are in docs/history.md.

How: each scenario runs a copy of a release executable (its debug info stripped: valgrind cannot
read the toolchain's DWARF 5) under valgrind's callgrind, which records every function run. The
scenarios: the lines bench's keystrokes, `--filter` with the extended syntax, and the interface in
tmux on plain lines and on the demo indices (typing, moving, a facet, Enter). Needs valgrind and
tmux (`apt-get install valgrind tmux`); takes a few minutes on two cores.

Usage: scripts/link-order.py [RELEASE_FOLDER]   (default .build/release)"""
import os, re, shlex, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Resources", "link-order.txt")


def functions(profile, binary):
    """The functions of `binary` in a callgrind profile, in the order the profile names them."""
    names, objects, functions_by_id, current = [], {}, {}, {"ob": None, "cob": None}
    for line in open(profile, errors="replace"):
        match = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if match:
            kind, number, name = match.groups()
            if name:
                objects[number] = name
            current[kind] = objects.get(number)
            continue
        match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if match:
            kind, number, name = match.groups()
            if name:
                functions_by_id[number] = name
            owner = current["ob" if kind == "fn" else "cob"]
            name = functions_by_id.get(number)
            if owner and os.path.basename(owner) == binary and name and not name.startswith("0x"):
                names.append(name)
    return names


def callgrind(work, binary, args, name):
    """The command that runs `binary` under callgrind, and where its profile goes."""
    profile = os.path.join(work, name + ".callgrind")
    command = ["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + profile, binary] + args
    return command, profile


def environment(work):
    """Crash settings given, so that `instantsearch` does not start itself again to set them
    (`CrashReport`: callgrind would follow the first image only); state and cache in the work folder."""
    return dict(
        os.environ, XDG_STATE_HOME=os.path.join(work, "state"), XDG_CACHE_HOME=os.path.join(work, "cache"), SWIFT_BACKTRACE="enable=no")


def run(work, binary, args, name, stdin=None):
    command, profile = callgrind(work, binary, args, name)
    env = environment(work)
    subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=900)
    return profile


def interface(work, binary, args, keys, name):
    """The interface in a private tmux server: `keys` typed one by one, then Ctrl-C."""
    command, profile = callgrind(work, binary, args, name)
    socket = os.path.join(work, "tmux-" + name)
    tmux = ["tmux", "-S", socket]
    subprocess.run(tmux + ["new-session", "-d", "-x", "120", "-y", "40", shlex.join(command)], check=True, env=environment(work))
    time.sleep(20)  # valgrind starts a 100 MB executable slowly
    for key in keys:
        subprocess.run(tmux + ["send-keys", key], check=False, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
    subprocess.run(tmux + ["send-keys", "C-c"], check=False, stderr=subprocess.DEVNULL)
    for _ in range(120):
        if os.path.exists(profile) and os.path.getsize(profile) > 0:
            break
        time.sleep(1)
    time.sleep(2)
    subprocess.run(tmux + ["kill-server"], check=False, stderr=subprocess.DEVNULL)
    return profile


def main():
    release = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release"))
    for tool in ("valgrind", "tmux", "strip"):
        if not shutil.which(tool):
            sys.exit("link-order: needs %s (apt-get install valgrind tmux binutils)" % tool)
    work = tempfile.mkdtemp(prefix="link-order-")
    binaries = {}
    for product in ("instantsearch", "instantsearch-bench"):
        source = os.path.join(release, product)
        if not os.path.exists(source):
            sys.exit("link-order: no %s (make build, and swift build -c release --static-swift-stdlib --product instantsearch-bench)" % source)
        copy = os.path.join(work, product)
        shutil.copy(source, copy)
        subprocess.run(["strip", "--strip-debug", copy], check=True)
        binaries[product] = copy
    # Plain lines nobody wrote for us: the paths under /usr.
    lines = os.path.join(work, "lines.txt")
    with open(lines, "w") as out:
        subprocess.run(["find", "/usr"], stdout=out, stderr=subprocess.DEVNULL)
    demo = os.path.join(ROOT, "Resources", "demo", "demo.config.json")
    profiles = [
        ("instantsearch-bench", run(work, binaries["instantsearch-bench"], ["--lines-child", lines, "--rounds", "1"], "lines-bench")),
    ]
    # A start that does almost nothing else: what every process runs first (the loader's
    # constructors, the command line), which a script's short run pays for in full.
    profiles.append(("instantsearch", run(work, binaries["instantsearch"], ["--version"], "version")))
    hundred = os.path.join(work, "hundred.txt")
    with open(hundred, "w") as out:
        out.write("".join("%d\n" % n for n in range(1, 101)))
    with open(hundred) as stdin:
        profiles.append(("instantsearch", run(work, binaries["instantsearch"], ["--filter", "5"], "filter-hundred", stdin=stdin)))
    for number, query in enumerate(["jn", "'bin ^/usr !share", "py$ | sh$", "zip"]):
        with open(lines) as stdin:
            profiles.append(("instantsearch", run(work, binaries["instantsearch"], ["--filter", query], "filter-%d" % number, stdin=stdin)))
    profiles.append(("instantsearch", interface(work, binaries["instantsearch"], [lines], list("dpkgq") + ["Down", "Up", "BSpace", "Enter"], "lines-tui")))
    profiles.append(("instantsearch", interface(work, binaries["instantsearch"], ["--config", demo], list("phone") + ["Down", "F3", "Down", "Enter", "F4", "Right", "F2", "Tab", "BSpace"], "demo-tui")))
    # What a start runs (`--version`), then what a short script adds (`--filter` on 100
    # lines): the code every process pays for, first and together (a short run maps little
    # else); then the functions every run needs (reading, searching), then those fewer runs
    # need: what one process runs stays close together.
    runs, first, stage = {}, {}, {}
    for product, profile in profiles:
        if not os.path.exists(profile) or os.path.getsize(profile) == 0:
            sys.exit("link-order: no profile from %s (%s)" % (product, profile))
        kind = os.path.basename(profile).split(".")[0]
        for name in dict.fromkeys(functions(profile, product)):
            runs[name] = runs.get(name, 0) + 1
            first.setdefault(name, len(first))
            stage[name] = min(stage.get(name, 2), {"version": 0, "filter-hundred": 1}.get(kind, 2))
    ordered = sorted(runs, key=lambda name: (stage[name], -runs[name], first[name]))
    with open(OUTPUT, "w") as out:
        out.write("\n".join(ordered) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    print("link-order: %d functions from %d runs into %s" % (len(ordered), len(profiles), os.path.relpath(OUTPUT, ROOT)))


if __name__ == "__main__":
    main()
